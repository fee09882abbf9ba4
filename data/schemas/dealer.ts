import { z } from 'zod';
import { imageSrc, nonEmpty, schemaRef, url } from './common.ts';

export const Phone = z.strictObject({
  display: nonEmpty.describe('How the number is printed, e.g. (609) 555-0142'),
  e164: z.string().regex(/^\+1\d{10}$/, 'must be +1 followed by 10 digits, e.g. +16095550142'),
});

const Weekday = z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time such as 09:00 or 17:00');

/** One line of opening hours: open between two times, or a note such as Closed. */
export const HoursLine = z.union([
  z.strictObject({ label: nonEmpty, days: z.array(Weekday).min(1), opens: Time, closes: Time }),
  z.strictObject({ label: nonEmpty, days: z.array(Weekday).min(1), note: nonEmpty }),
]);

/**
 * What belongs to the business as a whole (docs/product.md §Stores): each store's address, map
 * and store code are in data/stores/. The local number and the hours are the business's, and
 * those of every store that names none of its own.
 */
export const schema = z.strictObject({
  ...schemaRef,
  name: nonEmpty,
  shortName: nonEmpty,
  description: nonEmpty,
  website: url.describe('The live site address, used for canonical URLs; SITE_URL overrides it'),
  email: z.email(),
  phones: z.strictObject({ local: Phone, tollFree: Phone }),
  /** Hours as each page shows them (docs/product.md §Conflicting figures: the pages disagree; each keeps its own). */
  hours: z.strictObject({ main: z.array(HoursLine).min(1), services: z.array(HoursLine).min(1), about: z.array(HoursLine).min(1) }),
  links: z.strictObject({
    financing: url.describe('External financing application; opens in a new tab'),
    reviews: url,
    social: z.array(z.strictObject({ name: nonEmpty, url })).min(1),
  }),
  map: z.strictObject({
    embedOrigin: url.describe('Origin of the embedded map frame (also allowed by the Content-Security-Policy)'),
  }),
  logo: imageSrc,
  googleTagManagerId: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, 'must be a Google Tag Manager container id such as GTM-ABC1234')
    .optional()
    .describe('Google Tag Manager container that reads the analytics events; leave out for no analytics script'),
  serviceRadiusMeters: z.number().int().positive(),
  inquiryResponse: z.strictObject({
    maxHours: z.number().int().positive(),
    typical: nonEmpty,
    /** The inbox's reminder (docs/operations.md §The dealer's inbox). */
    reminderHours: z
      .number()
      .min(0)
      .max(40)
      .default(2)
      .describe("Business hours a lead may stay New before its department's inbox gets one reminder; 0 sends none"),
  }),
  financingOffer: nonEmpty,
  /** Figures as each page states them (docs/product.md §Conflicting figures: both readings stand). */
  figures: z.strictObject({
    home: z.strictObject({ happyCustomers: nonEmpty, yearsInBusiness: nonEmpty }),
    about: z.strictObject({
      since: z.number().int().min(1900),
      yearsInBusiness: nonEmpty,
      happyCustomers: nonEmpty,
      municipalitiesClaim: z.number().int().positive(),
    }),
  }),
});

export type DealerFile = z.infer<typeof schema>;
export type HoursLine = z.infer<typeof HoursLine>;
