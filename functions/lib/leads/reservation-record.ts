import { z } from 'zod';
import type { Reservation } from '../../../src/lib/leads/reservation.ts';

/**
 * A reservation request as stored on its lead (docs/product.md §Rentals): the cart type, the
 * dates on the showroom's clock, the delivery choice and the quote with its breakdown, as the
 * visitor saw it. Checked again whenever the lead is read back.
 */

const money = z.number().int().nonnegative();

export const storedReservationSchema = z.object({
  group: z.object({ id: z.string(), name: z.string() }),
  /** With several stores: the store that delivers or where the carts are picked up (docs/product.md §Stores). */
  store: z.object({ slug: z.string(), name: z.string() }).optional(),
  quantity: z.number().int().positive(),
  /** "2026-06-05T10:00", the showroom's wall clock. */
  pickUp: z.string(),
  dropOff: z.string(),
  periods: z.number().int().positive(),
  delivery: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('pickup') }),
    z.object({
      kind: z.literal('delivery'),
      town: z.object({ slug: z.string(), name: z.string() }),
      miles: z.number().nonnegative(),
      /** With several stores: "straight" when the miles are the straight line from the store, not a driving figure. */
      measure: z.enum(['road', 'straight']).optional(),
      address: z.string(),
    }),
  ]),
  quote: z.object({
    plans: z.array(z.object({ key: z.string(), title: z.string(), days: z.number().int().positive(), price: money, count: z.number().int().positive() })),
    coveredDays: z.number().int().positive(),
    perCart: money,
    /** "weekly + 3 day per cart". */
    breakdown: z.string(),
    rental: money,
    deliveryFee: money,
    total: money,
  }),
});

export type StoredReservation = z.infer<typeof storedReservationSchema>;

export function storedReservation(reservation: Reservation): StoredReservation {
  const { quote, place, input, store } = reservation;
  return {
    group: quote.group,
    ...(store ? { store } : {}),
    quantity: quote.quantity,
    pickUp: reservation.pickUp,
    dropOff: reservation.dropOff,
    periods: quote.periods,
    delivery: place
      ? {
          kind: 'delivery',
          town: { slug: place.slug, name: place.name },
          miles: place.miles,
          ...(place.measure ? { measure: place.measure } : {}),
          address: input.address,
        }
      : { kind: 'pickup' },
    quote: {
      plans: quote.cover.lines,
      coveredDays: quote.cover.days,
      perCart: quote.cover.price,
      breakdown: quote.breakdown,
      rental: quote.rental,
      deliveryFee: quote.deliveryFee,
      total: quote.total,
    },
  };
}
