import { formatPrice } from '../format.ts';
import { fillTemplate } from '../towns/towns.ts';

/**
 * Collection pages (docs/product.md §Collections): the units of the lot that fit one search a
 * buyer makes (street legal, lifted, by seats, used and demo, under a price, a brand's series),
 * each at /golf-carts/{slug}. Pure: which units belong is a rule over the unit's own fields; the
 * texts are the editors' (data/collections.json).
 */

/** Where every collection page lives: a folder no model, unit or town page can reach. */
export const COLLECTIONS_BASE = '/golf-carts';

/** What the rules read from a unit. */
export interface CollectionUnit {
  price: number;
  condition: string;
  lifted: boolean;
  streetLegal: boolean;
  /** No seating capacity while an imported unit waits for its specifications: then in no seats collection. */
  specifications: { seatingCapacity?: number | undefined };
  /** The series of its model (data/models.json), when its model has a page. */
  series?: string | undefined;
}

export interface CollectionTexts {
  title: string;
  heading: string;
  description: string;
  intro: string;
}

export interface CollectionRule extends CollectionTexts {
  slug: string;
  path: string;
  /** Short name for links ("Street legal", "6 seats"). */
  label: string;
  matches: (unit: CollectionUnit) => boolean;
  /** The same list in the inventory, where one of its filters gives it. */
  inventoryQuery?: string;
  /** Models whose pages fit the collection, offered when it has no unit (by slug). */
  models?: (models: readonly { slug: string; series: string; specs: { seats: number } }[]) => string[];
}

export const SEAT_COUNTS = [2, 4, 6, 8] as const;

export interface FixedTexts {
  streetLegal: CollectionTexts;
  lifted: CollectionTexts;
  twoSeaters: CollectionTexts;
  fourSeaters: CollectionTexts;
  sixSeaters: CollectionTexts;
  eightSeaters: CollectionTexts;
  usedAndDemo: CollectionTexts;
  underPrice: CollectionTexts;
}

export interface SeriesSource {
  slug: string;
  brand: string;
  /** "D5 Maverick Series". */
  name: string;
  description: string;
}

const seatTexts = { 2: 'twoSeaters', 4: 'fourSeaters', 6: 'sixSeaters', 8: 'eightSeaters' } as const;

/**
 * Every collection, in the order pages link them: street legal, lifted, seats, used and demo,
 * under the price, then each series. `under` is the lowest price band edge (data/lot.json);
 * `seriesTexts` overrides the built texts of a series.
 */
export function collectionRules(
  texts: FixedTexts,
  under: number,
  series: readonly SeriesSource[],
  brandName: (slug: string) => string,
  seriesTexts: readonly (Partial<CollectionTexts> & { series: string })[] = [],
): CollectionRule[] {
  const path = (slug: string) => `${COLLECTIONS_BASE}/${slug}`;
  const price = formatPrice(under);
  const withPrice = (t: CollectionTexts): CollectionTexts => ({
    title: fillTemplate(t.title, { price }),
    heading: fillTemplate(t.heading, { price }),
    description: fillTemplate(t.description, { price }),
    intro: fillTemplate(t.intro, { price }),
  });
  const fixed: CollectionRule[] = [
    { slug: 'street-legal', label: 'Street legal', ...texts.streetLegal, matches: (u: CollectionUnit) => u.streetLegal, inventoryQuery: '?street=legal' },
    { slug: 'lifted', label: 'Lifted', ...texts.lifted, matches: (u: CollectionUnit) => u.lifted },
    ...SEAT_COUNTS.map((seats) => ({
      slug: `${seats}-seater`,
      label: `${seats} seats`,
      ...texts[seatTexts[seats]],
      matches: (u: CollectionUnit) => u.specifications.seatingCapacity === seats,
      models: (models: readonly { slug: string; specs: { seats: number } }[]) => models.filter((m) => m.specs.seats === seats).map((m) => m.slug),
    })),
    { slug: 'used', label: 'Used and demo', ...texts.usedAndDemo, matches: (u: CollectionUnit) => u.condition === 'used' || u.condition === 'demo' },
    {
      slug: `under-${under}`,
      label: `Under ${price}`,
      ...withPrice(texts.underPrice),
      matches: (u: CollectionUnit) => u.price < under,
      inventoryQuery: `?price=under-${under}`,
    },
  ].map((rule) => ({ ...rule, path: path(rule.slug) }));
  const ofSeries = series.map((s): CollectionRule => {
    const brand = brandName(s.brand);
    const own = seriesTexts.find((t) => t.series === s.slug);
    return {
      slug: `${s.brand}-${s.slug}`,
      path: path(`${s.brand}-${s.slug}`),
      label: `${brand} ${s.name}`,
      title: own?.title ?? `${brand} ${s.name} Golf Carts for Sale`,
      heading: own?.heading ?? `${brand} ${s.name} Golf Carts on Our Lot`,
      description:
        own?.description ??
        `${brand} ${s.name} golf carts for sale in Burlington County, NJ: every unit on our lot, with prices and estimated monthly payments.`,
      intro: own?.intro ?? s.description,
      matches: (u) => u.series === s.slug,
      models: (models) => models.filter((m) => m.series === s.slug).map((m) => m.slug),
    };
  });
  return [...fixed, ...ofSeries];
}

/** Raised at build time when two collections would share an address. */
export class CollectionPathError extends Error {
  override name = 'CollectionPathError';
}

/**
 * Collections live under /golf-carts/, which no other page uses (docs/decisions/collection-addresses.md);
 * two collections with one slug, or a slug that reads as a page number, stop the build.
 */
export function assertCollectionPaths(rules: readonly Pick<CollectionRule, 'slug'>[]): void {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { slug } of rules) {
    const path = `${COLLECTIONS_BASE}/${slug}`;
    if (seen.has(slug)) problems.push(`two collections would be at ${path}: rename a series in data/models.json`);
    if (/^\d+$/.test(slug)) problems.push(`the collection "${slug}" reads as a page number`);
    seen.add(slug);
  }
  if (problems.length > 0) throw new CollectionPathError(`Collection pages would share an address:\n${problems.map((p) => `  • ${p}`).join('\n')}`);
}
