import { slugify } from '../format.ts';
import type { ReservationOptions } from '../reservation.ts';
import { rentalGroups, rentals, rentalTerms } from './rentals.ts';
import { county, municipalities } from './towns.ts';

/**
 * What a reservation request is checked and quoted against: the cart groups and their plans,
 * the delivery places with their distances, the delivery terms and the request's bounds.
 * The reservation island imports them as a module (src/integrations/island-data.ts); the
 * /api/reserve function uses the same.
 */
const { maxCarts, maxPeriods, bookAheadDays, timeZone } = rentals.reservation;

export const reservationOptions: ReservationOptions = {
  groups: rentalGroups.map(({ id, name, plans }) => ({ id, name, plans: plans.map(({ key, title, days, price }) => ({ key, title, days, price })) })),
  places: [
    ...municipalities.map((town) => ({ slug: town.slug, name: town.fullName, miles: town.deliveryMiles })),
    { slug: slugify(county.name), name: `Elsewhere in ${county.name}`, miles: county.deliveryMiles },
  ],
  terms: rentalTerms.delivery,
  incrementHours: rentalTerms.incrementHours,
  limits: { maxCarts, maxPeriods, bookAheadDays, timeZone },
};
