import { z } from 'zod';
import { Phone, HoursLine } from './dealer.ts';
import { nonEmpty, schemaRef } from './common.ts';

/**
 * One store (a lot with its showroom): the file data/stores/{slug}.json, whose name is the store's
 * slug and address /locations/{slug} (docs/product.md §Stores). What belongs to the business as a
 * whole stays in data/dealer.json; a store that names no phone or hours of its own uses the
 * dealer's.
 */
export const schema = z.strictObject({
  ...schemaRef,
  name: nonEmpty.describe('As visitors know the store, e.g. "Mount Holly showroom"'),
  storeCode: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be letters, digits, "-" or "_" (the store code of the Google Business Profile)')
    .describe("The store code in the dealer's Google Business Profile; the local inventory feed and the dealer's system name the store by it"),
  address: z.strictObject({
    street: nonEmpty,
    city: nonEmpty,
    region: z.string().length(2),
    postalCode: z.string().regex(/^\d{5}$/, 'must be 5 digits'),
    country: z.string().length(2),
    county: nonEmpty,
  }),
  geo: z.strictObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
  phones: z.strictObject({ main: Phone, service: Phone.optional() }).optional().describe("The store's own numbers; leave out to use the dealer's local number"),
  texts: z
    .boolean()
    .default(false)
    .describe('The store\'s main number takes text messages: a "Text" link appears beside "Call" on its pages (docs/product.md §Text us)'),
  hours: z
    .strictObject({ main: z.array(HoursLine).min(1), services: z.array(HoursLine).min(1) })
    .optional()
    .describe("The store's own opening hours; leave out to use the dealer's"),
  inboxes: z
    .strictObject({
      sales: z.email().optional(),
      service: z.email().optional(),
      parts: z.email().optional(),
      rentals: z.email().optional(),
      general: z.email().optional(),
    })
    .default({})
    .describe("Where the store's leads go, per department; a department left out uses the site's inbox (LEADS_TO…)"),
  main: z.boolean().optional().describe("The group's main store: the showroom the pages about the whole business name (the first store when none says so)"),
  googlePlaceId: nonEmpty.optional().describe('The place id of the store on Google Maps, if known'),
});

export type StoreFile = z.infer<typeof schema>;
