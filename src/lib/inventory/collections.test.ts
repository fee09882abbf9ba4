import { describe, expect, it } from 'vitest';
import { assertCollectionPaths, CollectionPathError, collectionRules, type CollectionTexts, type CollectionUnit, type FixedTexts } from './collections.ts';

const text = (name: string): CollectionTexts => ({
  title: `${name} {price}`,
  heading: `${name} heading`,
  description: `${name} description`,
  intro: `${name} intro`,
});
const texts = Object.fromEntries(
  ['streetLegal', 'lifted', 'twoSeaters', 'fourSeaters', 'sixSeaters', 'eightSeaters', 'usedAndDemo', 'underPrice'].map((key) => [key, text(key)]),
) as unknown as FixedTexts;
const series = [{ slug: 'd5-maverick', brand: 'evolution', name: 'D5 Maverick Series', description: 'Sporty carts.' }];
const rules = collectionRules(texts, 15000, series, (slug) => (slug === 'evolution' ? 'Evolution' : slug), [
  { series: 'd5-maverick', title: 'Mavericks for Sale' },
]);
const unit = (over: Partial<CollectionUnit> = {}): CollectionUnit => ({
  price: 12995,
  condition: 'new',
  lifted: false,
  streetLegal: false,
  specifications: { seatingCapacity: 4 },
  ...over,
});
const slugsOf = (u: CollectionUnit) => rules.filter((rule) => rule.matches(u)).map((rule) => rule.slug);

describe('collection pages (docs/product.md §Collections)', () => {
  it('live under /golf-carts/, in link order, the price in the under-price slug and texts', () => {
    expect(rules.map((rule) => rule.path)).toEqual([
      '/golf-carts/street-legal',
      '/golf-carts/lifted',
      '/golf-carts/2-seater',
      '/golf-carts/4-seater',
      '/golf-carts/6-seater',
      '/golf-carts/8-seater',
      '/golf-carts/used',
      '/golf-carts/under-15000',
      '/golf-carts/evolution-d5-maverick',
    ]);
    const under = rules.find((rule) => rule.slug === 'under-15000')!;
    expect(under).toMatchObject({ title: 'underPrice $15,000', label: 'Under $15,000', inventoryQuery: '?price=under-15000' });
  });

  it('take the units whose own fields fit: street legal, lifted, seats, used or demo, under the price, the series of their model', () => {
    expect(slugsOf(unit())).toEqual(['4-seater', 'under-15000']);
    expect(
      slugsOf(unit({ price: 15000, streetLegal: true, lifted: true, condition: 'demo', specifications: { seatingCapacity: 6 }, series: 'd5-maverick' })),
    ).toEqual(['street-legal', 'lifted', '6-seater', 'used', 'evolution-d5-maverick']);
    expect(slugsOf(unit({ price: 30000, condition: 'custom', specifications: { seatingCapacity: 3 } }))).toEqual([]);
  });

  it("give a series page the editor's texts where given and texts from the series elsewhere, and offer its models when empty", () => {
    const maverick = rules.at(-1)!;
    expect(maverick).toMatchObject({ title: 'Mavericks for Sale', heading: 'Evolution D5 Maverick Series Golf Carts on Our Lot', intro: 'Sporty carts.' });
    const models = [
      { slug: 'a', series: 'd5-maverick', specs: { seats: 4 } },
      { slug: 'b', series: 'classic', specs: { seats: 2 } },
    ];
    expect(maverick.models?.(models)).toEqual(['a']);
    expect(rules.find((rule) => rule.slug === '2-seater')?.models?.(models)).toEqual(['b']);
  });

  it('stop the build when two collections would share an address', () => {
    expect(() => assertCollectionPaths(rules)).not.toThrow();
    expect(() => assertCollectionPaths([...rules, { slug: 'lifted' }])).toThrow(CollectionPathError);
    expect(() => assertCollectionPaths([{ slug: '2' }])).toThrow(/reads as a page number/);
  });
});
