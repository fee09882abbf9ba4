import { z } from 'zod';
import { nonEmpty, schemaRef, slug } from './common.ts';

/** How a service is priced (docs/product.md §Services): from an amount (per unit), by quote, or covered by warranty. */
const ServicePrice = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('from'),
    amount: z.number().positive().describe('USD'),
    per: nonEmpty.optional().describe('Unit, e.g. "hour" → "From $85/hour"'),
  }),
  z.strictObject({ kind: z.literal('quote') }),
  z.strictObject({ kind: z.literal('covered') }),
]);

export const schema = z
  .strictObject({
    ...schemaRef,
    hero: z.strictObject({ heading: nonEmpty, text: nonEmpty }),
    /** The four service cards (docs/product.md §Services); each links to the contact form. */
    services: z
      .array(
        z.strictObject({
          id: slug,
          title: nonEmpty,
          description: nonEmpty,
          icon: z.enum(['wrench', 'battery', 'award', 'shield']),
          price: ServicePrice,
          features: z.array(nonEmpty).min(1),
          cta: nonEmpty.describe('Link text, e.g. "Schedule Service"'),
        }),
      )
      .length(4),
    /** How long most repairs take (docs/product.md §Services: 24-48 hours). */
    repairTurnaround: z.strictObject({ minHours: z.number().int().positive(), maxHours: z.number().int().positive() }),
    promises: z.array(z.strictObject({ title: nonEmpty, text: nonEmpty })).min(1),
    /** Service appointment requests (docs/product.md §Services): how far ahead, and the pick-up fee by distance. */
    appointments: z.strictObject({
      bookAheadDays: z.number().int().min(1).max(365).describe('A preferred day may be at most this many days ahead'),
      pickup: z
        .strictObject({
          feePerMile: z.number().nonnegative().describe('USD per mile of the one-way distance beyond includedMiles'),
          includedMiles: z.number().nonnegative(),
        })
        .describe('Pick-up of a cart for service: the same arithmetic as a rental delivery (data/rentals.json terms.delivery)'),
    }),
  })
  .refine((data) => data.repairTurnaround.minHours <= data.repairTurnaround.maxHours, {
    path: ['repairTurnaround', 'maxHours'],
    message: 'must not be less than minHours',
  });

export type Services = z.infer<typeof schema>;
export type ServicePrice = z.infer<typeof ServicePrice>;
