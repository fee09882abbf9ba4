import { z } from 'zod';
import { imageSrc, nonEmpty, schemaRef, slug } from './common.ts';

/** The four rental plans (docs/product.md §Rentals), in the order the page shows them. */
export const PLAN_KEYS = ['daily', 'threeDay', 'weekly', 'monthly'] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

const Icon = z.enum(['shield', 'calendar', 'battery', 'check', 'phone', 'percent', 'clock', 'wrench', 'award', 'leaf', 'map-pin']);

/** What a plan is, whatever the cart: its name, length, badge and renewal text. */
const Plan = z.strictObject({
  title: nonEmpty.describe('Card heading, e.g. "Weekly"'),
  days: z.number().int().positive().describe('How many 24-hour periods the plan covers, e.g. 7 (shown as "7 days")'),
  description: nonEmpty,
  badge: nonEmpty.optional().describe('Ribbon on the card, e.g. "Most Popular"'),
  renewal: nonEmpty.describe('How the plan renews, e.g. "Renews every 7 days"'),
});

/** What a plan costs on one price list (docs/product.md §Rentals lists these figures exactly). */
const PlanPrice = z.strictObject({
  price: z.number().positive().describe('USD for the whole plan'),
  savingsPercent: z.number().positive().max(100).optional().describe('Shown as "Save 6.8%"; leave out for no saving'),
  perDay: z.number().positive().optional().describe('Shown as "$150 per day"; cents allowed (228.34)'),
});

/** One price list, named by its id; a list rather than a map, so the admin can edit it (docs/decisions/data-loader.md). */
const PriceList = z.strictObject({
  id: slug.describe('The name groups use to pick this price list, e.g. "standard"'),
  daily: PlanPrice,
  threeDay: PlanPrice,
  weekly: PlanPrice,
  monthly: PlanPrice,
});

export const schema = z
  .strictObject({
    ...schemaRef,
    hero: z.strictObject({ heading: nonEmpty, text: nonEmpty, image: imageSrc }),
    /** The six benefit bullets (docs/product.md §Rentals). */
    benefits: z.array(z.strictObject({ title: nonEmpty, text: nonEmpty, icon: Icon })).length(6),
    plans: z.strictObject({ daily: Plan, threeDay: Plan, weekly: Plan, monthly: Plan }),
    /** Named price lists; carts that cost the same (4 Seater and Utility) share one. */
    priceLists: z.array(PriceList).min(1),
    /** The plan groups, each naming its price list. */
    groups: z
      .array(
        z.strictObject({
          id: slug.describe('Anchor on the page, e.g. "4-seater"'),
          name: nonEmpty.describe('e.g. "4 Seater"'),
          description: nonEmpty,
          image: imageSrc,
          priceList: slug.describe('The id of one of the price lists'),
        }),
      )
      .min(1),
    help: z.strictObject({ heading: nonEmpty, text: nonEmpty }),
    /** The rental terms of docs/product.md §Rentals (footnote of /rentals and the terms page). */
    terms: z.strictObject({
      delivery: z.strictObject({
        feePerMile: z.number().positive().describe('USD per mile'),
        includedMiles: z.number().int().nonnegative().describe('The fee applies beyond this distance'),
      }),
      incrementHours: z.number().int().positive().describe('Rental periods are billed in blocks of this many hours'),
      earlyReturnRefunds: z.boolean().describe('false: returning early gets no refund'),
      subjectToAvailability: z.boolean(),
    }),
    /** Bounds of a reservation request on /rentals. */
    reservation: z.strictObject({
      maxCarts: z.number().int().positive().describe('The most carts one request can ask for'),
      maxPeriods: z.number().int().positive().describe('The longest rental one request can ask for, in periods'),
      bookAheadDays: z.number().int().positive().describe('How far ahead a pick-up can be requested, in days'),
      timeZone: nonEmpty
        .refine((zone) => {
          try {
            new Intl.DateTimeFormat('en-US', { timeZone: zone });
            return true;
          } catch {
            return false;
          }
        }, 'must be an IANA time zone such as "America/New_York"')
        .describe("The showroom's time zone: pick-up and return times are read in it"),
      defaultTime: z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time such as "10:00"')
        .describe('The pick-up and return time the form starts with'),
      heading: nonEmpty.describe('Heading of the reservation form on /rentals'),
      text: nonEmpty.describe('The sentence under that heading'),
    }),
  })
  .superRefine((data, ctx) => {
    const ids = data.priceLists.map((list) => list.id);
    data.priceLists.forEach((list, index) => {
      if (ids.indexOf(list.id) !== index)
        ctx.addIssue({ code: 'custom', path: ['priceLists', index, 'id'], message: `"${list.id}" names another price list too` });
    });
    data.groups.forEach((group, index) => {
      if (!ids.includes(group.priceList)) {
        ctx.addIssue({
          code: 'custom',
          path: ['groups', index, 'priceList'],
          message: `no price list named "${group.priceList}" (known: ${ids.join(', ')})`,
        });
      }
    });
  });

export type Rentals = z.infer<typeof schema>;
export type Plan = z.infer<typeof Plan>;
export type PlanPrice = z.infer<typeof PlanPrice>;
export type RentalTerms = Rentals['terms'];
export type ReservationLimits = Rentals['reservation'];
