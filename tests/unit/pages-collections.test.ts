import { describe, expect, it } from 'vitest';
import { collections } from '../../src/lib/data/collections.ts';
import { listedVehicles, unitModelSlug } from '../../src/lib/data/lot.ts';
import { models } from '../../src/lib/data/models.ts';
import { priceBands } from '../../src/lib/data/vehicles.ts';
import { builtPage, headOf } from './pages-html.ts';

// docs/product.md §Collections: each built collection page lists the units of the lot that fit
// its search, read here from the units' own fields, not through the collection rules.
const jsonLdBlocks = (html: string): Record<string, any>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? ''));
const seriesOf = (unit: (typeof listedVehicles)[number]) => models.find((m) => m.slug === unitModelSlug(unit))?.series;
const expected: Record<string, (unit: (typeof listedVehicles)[number]) => boolean> = {
  'street-legal': (u) => u.streetLegal,
  lifted: (u) => u.lifted,
  '2-seater': (u) => u.specifications.seatingCapacity === 2,
  '4-seater': (u) => u.specifications.seatingCapacity === 4,
  '6-seater': (u) => u.specifications.seatingCapacity === 6,
  '8-seater': (u) => u.specifications.seatingCapacity === 8,
  used: (u) => u.condition === 'used' || u.condition === 'demo',
  [`under-${priceBands.under}`]: (u) => u.price < priceBands.under,
};

describe('built collection pages', () => {
  it('list exactly the units of the lot that fit, in the lot’s order, in the page and its ItemList; an empty one is noindex', () => {
    const counts: string[] = [];
    for (const collection of collections) {
      const slug = collection.path.replace('/golf-carts/', '');
      const rule = expected[slug] ?? ((u: (typeof listedVehicles)[number]) => `${u.brand.toLowerCase()}-${seriesOf(u) ?? ''}` === slug);
      const ids = listedVehicles.filter(rule).map((u) => u.id);
      const html = builtPage(`golf-carts/${slug}.html`);
      const shown = [...html.matchAll(/href="\/vehicles\/([^"]+)"[^>]*>\s*View Details/g)].map((m) => m[1]);
      expect(shown, slug).toEqual(ids.slice(0, 18));
      const list = jsonLdBlocks(html).find((b) => b['@type'] === 'ItemList');
      expect(list?.numberOfItems, slug).toBe(ids.length);
      expect(headOf(html).robots.includes('noindex'), slug).toBe(ids.length === 0);
      counts.push(`${slug} ${ids.length}`);
    }
    expect(counts.length).toBe(collections.length);
    expect(Object.keys(expected).every((slug) => collections.some((c) => c.path === `/golf-carts/${slug}`))).toBe(true);
  });
});
