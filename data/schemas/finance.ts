import { z } from 'zod';
import { schemaRef, slug } from './common.ts';

const apr = z.number().min(0).max(36).describe('Annual percentage rate, e.g. 6.99; 0 for 0% financing');
const termMonths = z.number().int().min(1).max(120).describe('Number of monthly payments');

/** A promotional rate on one model (every unit of it) or on one unit. */
const Promotion = z.union([
  z.strictObject({ model: slug.describe('Slug of a model in data/models.json'), apr, termMonths: termMonths.optional() }),
  z.strictObject({ unit: slug.describe('Id of a unit in data/vehicles.json'), apr, termMonths: termMonths.optional() }),
]);

/**
 * The terms behind every "Est. $X/mo" next to a unit's price (docs/product.md §Payments): one
 * set of defaults, and the promotional rates of select models or units ("0% on select models").
 */
export const schema = z.strictObject({
  ...schemaRef,
  defaults: z.strictObject({
    apr,
    termMonths,
    downPaymentPercent: z.number().min(0).max(90).describe('Share of the price paid up front, e.g. 10 for 10%'),
  }),
  promotions: z.array(Promotion).default([]).describe('A unit promotion wins over its model promotion'),
});

export type Finance = z.infer<typeof schema>;
export type Promotion = z.infer<typeof Promotion>;
