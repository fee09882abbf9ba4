import { z } from 'zod';
import { schemaRef, slug } from './common.ts';

/** A unit taken out of the data: its address keeps answering 301 (docs/product.md §Units). */
export const RemovedUnit = z.strictObject({
  id: slug.describe('The id the unit had: /vehicles/{id} redirects'),
  model: slug.optional().describe('Slug of its model page in data/models.json; without it the address redirects to the inventory'),
});

/** The inventory price filter (docs/product.md §Inventory): under `under`, `under` to `over` inclusive, over `over`. */
export const PriceBands = z
  .strictObject({
    under: z.number().int().positive().describe('Upper edge of the lowest band (exclusive), USD'),
    over: z.number().int().positive().describe('Lower edge of the highest band (exclusive), USD'),
  })
  .refine((bands) => bands.over > bands.under, { message: '"over" must be greater than "under"', path: ['over'] });

/** data/lot.json: what the whole lot shares; each unit is a file of data/units/. */
export const schema = z.strictObject({
  ...schemaRef,
  priceBands: PriceBands,
  soldPageDays: z.number().int().min(0).max(365).default(30).describe('How many days after its sold date a sold unit keeps its page (then 301)'),
  removed: z.array(RemovedUnit).default([]).describe('Units taken out of the data; their addresses redirect to the model page or the inventory'),
});

export type PriceBands = z.infer<typeof PriceBands>;
export type RemovedUnit = z.infer<typeof RemovedUnit>;
