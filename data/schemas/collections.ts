import { z } from 'zod';
import { nonEmpty, schemaRef, slug } from './common.ts';

/**
 * The texts of a collection page (docs/product.md §Collections); which units it lists is worked
 * out from the lot. `{price}` in a text of the under-price collection is replaced by its price
 * ("$15,000", the lower price band edge of data/lot.json).
 */
const CollectionText = z.strictObject({
  title: nonEmpty
    .max(70)
    .describe('The page title in the browser tab and in search results (the site name is added), e.g. "Street Legal Golf Carts (LSVs) for Sale"'),
  heading: nonEmpty.max(80).describe('The heading at the top of the page'),
  description: nonEmpty.max(170).describe('The summary search engines show under the title'),
  intro: nonEmpty.describe('The paragraph under the heading: what these carts are and who they suit. Say only what is true of every cart the page can list'),
});

const SeriesText = z.strictObject({
  series: slug.describe('A series of data/models.json, e.g. "d5-maverick"'),
  title: nonEmpty.max(70).optional().describe('Leave empty for "{Brand} {Series} Golf Carts for Sale"'),
  heading: nonEmpty.max(80).optional().describe('Leave empty for "{Brand} {Series} Golf Carts on Our Lot"'),
  description: nonEmpty.max(170).optional().describe('Leave empty for a summary built from the series'),
  intro: nonEmpty.optional().describe("Leave empty for the series' description in data/models.json"),
});

/** data/collections.json: the texts of the collection pages buyers search for. */
export const schema = z
  .strictObject({
    ...schemaRef,
    streetLegal: CollectionText.describe('Street-legal low-speed vehicles (units with "streetLegal": true): /golf-carts/street-legal'),
    lifted: CollectionText.describe('Lifted carts ("lifted": true): /golf-carts/lifted'),
    twoSeaters: CollectionText.describe('Units seating 2: /golf-carts/2-seater'),
    fourSeaters: CollectionText.describe('Units seating 4: /golf-carts/4-seater'),
    sixSeaters: CollectionText.describe('Units seating 6: /golf-carts/6-seater'),
    eightSeaters: CollectionText.describe('Units seating 8: /golf-carts/8-seater'),
    usedAndDemo: CollectionText.describe('Used and demo units ("condition": "used" or "demo"): /golf-carts/used'),
    underPrice: CollectionText.describe(
      'Units priced under the lowest price band edge of data/lot.json ({price} in a text is that price): /golf-carts/under-{price}',
    ),
    series: z
      .array(SeriesText)
      .default([])
      .describe('Texts of the series pages (/golf-carts/{brand}-{series}), each optional: a series without an entry gets texts built from data/models.json'),
  })
  .superRefine((data, ctx) => {
    const seen = new Set<string>();
    data.series.forEach((entry, index) => {
      if (seen.has(entry.series)) ctx.addIssue({ code: 'custom', path: ['series', index, 'series'], message: `the series "${entry.series}" is listed twice` });
      seen.add(entry.series);
    });
  });

export type CollectionText = z.infer<typeof CollectionText>;
export type SeriesText = z.infer<typeof SeriesText>;
