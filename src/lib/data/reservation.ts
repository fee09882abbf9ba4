import { slugify } from '../format.ts';
import type { ReservationOptions } from '../leads/reservation.ts';
import type { DeliveryPlace } from '../rentals/quote.ts';
import { servingStore, storeDistances, type Store, type StoreDistance } from '../stores/stores.ts';
import { rentalGroups, rentals, rentalTerms } from './rentals.ts';
import { stores } from './stores.ts';
import { county, municipalities, type Town } from './towns.ts';

/**
 * What a reservation request is checked and quoted against: the cart groups and their plans,
 * the delivery places with their distances, the delivery terms and the request's bounds.
 * The reservation island imports them as a module (src/integrations/island-data.ts); the
 * /api/reserve function uses the same. With several stores each place carries its distance
 * from every store, the nearest first, and the stores are the visitor's choice
 * (docs/product.md §Stores); with one store neither is there.
 */
const { maxCarts, maxPeriods, bookAheadDays, timeZone } = rentals.reservation;

const entry = ({ store, miles, measure }: StoreDistance) => ({ store: store.slug, miles, measure });

/** The delivery places and the store choice for a list of stores (the main store first): with one store, the towns' own figures alone. */
export function reservationOptionsFor(stores: readonly Store[]): ReservationOptions {
  const several = stores.length > 1;
  /** A town as a delivery place: from the showroom, or with several stores from each store, its nearest first. */
  const townPlace = (town: Town): DeliveryPlace => {
    const serving = servingStore(town, stores);
    const place = { slug: town.slug, name: town.fullName, miles: serving.miles };
    if (!several) return place;
    const others = storeDistances(town, stores).filter((distance) => distance.store !== serving.store);
    return { ...place, measure: serving.measure, stores: [serving, ...others].map(entry) };
  };
  /** Elsewhere in the county: the county's figure, from the main store. */
  const elsewhere: DeliveryPlace = {
    slug: slugify(county.name),
    name: `Elsewhere in ${county.name}`,
    miles: county.deliveryMiles,
    ...(several ? { measure: 'road' as const, stores: [{ store: stores[0]!.slug, miles: county.deliveryMiles, measure: 'road' as const }] } : {}),
  };
  return {
    groups: rentalGroups.map(({ id, name, plans }) => ({ id, name, plans: plans.map(({ key, title, days, price }) => ({ key, title, days, price })) })),
    places: [...municipalities.map(townPlace), elsewhere],
    ...(several ? { stores: stores.map(({ slug, name, address }) => ({ slug, name, city: address.city })) } : {}),
    terms: rentalTerms.delivery,
    incrementHours: rentalTerms.incrementHours,
    limits: { maxCarts, maxPeriods, bookAheadDays, timeZone },
  };
}

export const reservationOptions: ReservationOptions = reservationOptionsFor(stores);
