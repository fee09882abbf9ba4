/**
 * The stores of the business (docs/product.md §Stores): one file per store in data/stores/, read
 * together with the business's own facts (data/dealer.json). Pure: files in, stores out.
 */
import type { DealerFile, HoursLine } from '../../../data/schemas/dealer.ts';
import type { StoreFile } from '../../../data/schemas/stores.ts';

type Phone = DealerFile['phones']['local'];

/** The departments a store's leads go to, as the lead forms name them (src/lib/leads/contact-link.ts LEAD_INTERESTS). */
export type Department = keyof StoreFile['inboxes'];

/** A store as the site uses it: its own facts, with the dealer's phone and hours where it names none. */
export interface Store {
  /** The file name without .json: its address /locations/{slug} and the `store` of its units and leads. */
  slug: string;
  name: string;
  storeCode: string;
  address: StoreFile['address'];
  geo: StoreFile['geo'];
  phones: { main: Phone; service: Phone };
  /** Whether its main number takes text messages (docs/product.md §Text us): off unless the dealer says so. */
  texts: boolean;
  hours: { main: HoursLine[]; services: HoursLine[] };
  inboxes: StoreFile['inboxes'];
  googlePlaceId?: string;
  /** Google Maps directions to the store's address. */
  directions: string;
  /** What the store's map searches for: its address on one line. */
  mapQuery: string;
}

/** "100 High Street, Mount Holly, NJ 08060": the address on one line. */
export function addressLine(address: StoreFile['address']): string {
  return `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
}

/** Google Maps directions to an address (https://developers.google.com/maps/documentation/urls/get-started#directions-action). */
export function directionsUrl(address: StoreFile['address']): string {
  const destination = `${address.street} ${address.city} ${address.region} ${address.postalCode}`.replace(/\s+/g, '+');
  return `https://www.google.com/maps/dir/?api=1&destination=${destination}`;
}

/** Each store file (file name → parsed file) with the dealer's phone and hours filled in: the main store first, the others by file name. */
export function resolveStores(files: Readonly<Record<string, StoreFile>>, dealer: DealerFile): Store[] {
  return Object.entries(files)
    .sort(([a, first], [b, second]) => Number(Boolean(second.main)) - Number(Boolean(first.main)) || a.localeCompare(b))
    .map(([file, store]) => ({
      slug: file.replace(/\.json$/, ''),
      name: store.name,
      storeCode: store.storeCode,
      address: store.address,
      geo: store.geo,
      phones: { main: store.phones?.main ?? dealer.phones.local, service: store.phones?.service ?? store.phones?.main ?? dealer.phones.local },
      texts: store.texts ?? false,
      hours: store.hours ?? { main: dealer.hours.main, services: dealer.hours.services },
      inboxes: store.inboxes,
      ...(store.googlePlaceId ? { googlePlaceId: store.googlePlaceId } : {}),
      directions: directionsUrl(store.address),
      mapQuery: addressLine(store.address),
    }));
}

/**
 * The dealer as the pages of a one-store site read it: the business's facts and its showroom's
 * (the first store's) address, map, directions and store code, in the shape the pages have
 * always read.
 */
export type Dealer = DealerFile & {
  address: StoreFile['address'];
  geo: StoreFile['geo'];
  storeCode: string;
  links: DealerFile['links'] & { directions: string };
  map: DealerFile['map'] & { query: string };
};

export function dealerWithShowroom(dealer: DealerFile, showroom: Store): Dealer {
  return {
    ...dealer,
    address: showroom.address,
    geo: showroom.geo,
    storeCode: showroom.storeCode,
    links: { ...dealer.links, directions: showroom.directions },
    map: { ...dealer.map, query: showroom.mapQuery },
  };
}

const EARTH_RADIUS_MILES = 3958.8;

/** The great-circle distance between two points, in miles. */
export function milesBetween(a: StoreFile['geo'], b: StoreFile['geo']): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h));
}

/** The store nearest to a point in a straight line, with its distance in miles (the first store on a tie). */
export function nearestStore<S extends Pick<Store, 'geo'>>(stores: readonly S[], point: StoreFile['geo']): { store: S; miles: number } {
  let best: { store: S; miles: number } | undefined;
  for (const store of stores) {
    const miles = milesBetween(store.geo, point);
    if (!best || miles < best.miles) best = { store, miles };
  }
  if (!best) throw new Error('there is no store');
  return best;
}

/**
 * How far a place is from a store, as the site quotes it and charges on it
 * (docs/decisions/store-distances.md): `road` is an editor's one-way driving figure, `straight`
 * the straight line between the coordinates, rounded to the mile. Pages word each as what it is.
 */
export interface StoreDistance<S extends Pick<Store, 'slug' | 'geo'> = Store> {
  store: S;
  miles: number;
  measure: 'road' | 'straight';
}

/** A place a store serves: its centre and the editor's driving figures (data/towns.json). */
export interface ServedPlace {
  geo: StoreFile['geo'];
  /** One-way driving miles from the main store. */
  deliveryMiles: number;
  /** One-way driving miles from other stores, by store slug. */
  drivingMiles?: readonly { store: string; miles: number }[];
}

/**
 * A place's distance from each store (the main store first): the main store's is the editor's
 * `deliveryMiles`; another store's is the editor's driving figure when there is one, else the
 * straight line, rounded to the mile.
 */
export function storeDistances<S extends Pick<Store, 'slug' | 'geo'>>(place: ServedPlace, stores: readonly S[]): StoreDistance<S>[] {
  return stores.map((store, index) => {
    if (index === 0) return { store, miles: place.deliveryMiles, measure: 'road' };
    const driving = place.drivingMiles?.find((entry) => entry.store === store.slug);
    return driving ? { store, miles: driving.miles, measure: 'road' } : { store, miles: Math.round(milesBetween(store.geo, place.geo)), measure: 'straight' };
  });
}

/**
 * The store that serves a place: the nearest in a straight line between the coordinates (the
 * first on a tie), with its distance as quoted. With one store, the main store at the editor's
 * driving figure.
 */
export function servingStore<S extends Pick<Store, 'slug' | 'geo'>>(place: ServedPlace, stores: readonly S[]): StoreDistance<S> {
  const { store } = nearestStore(stores, place.geo);
  const serving = storeDistances(place, stores).find((distance) => distance.store === store);
  if (!serving) throw new Error('there is no store');
  return serving;
}

/** "12 miles by road", "about 4 miles in a straight line": a distance worded as what it measures. */
export function distanceText(distance: Pick<StoreDistance, 'miles' | 'measure'>): string {
  const miles = `${distance.miles} mile${distance.miles === 1 ? '' : 's'}`;
  return distance.measure === 'road' ? `${miles} by road` : `about ${miles} in a straight line`;
}

/** "On the lot in Mount Holly": where a unit is, as its card and page say it. */
export function onTheLotIn(store: Pick<Store, 'address'>): string {
  return `On the lot in ${store.address.city}`;
}

/** The address of a store's page. */
export const storePath = (store: Pick<Store, 'slug'>) => `/locations/${store.slug}`;

/**
 * The dealer as a lead of one store names it (its e-mails, receipt and ADF): with several stores,
 * the store's name, address, phone and hours; with one, the dealer as the whole site reads it.
 */
export function dealerAt(dealer: Dealer, store: Store, severalStores: boolean): Dealer {
  if (!severalStores) return dealer;
  return {
    ...dealerWithShowroom(dealer, store),
    name: `${dealer.name} ${store.name}`,
    phones: { ...dealer.phones, local: store.phones.main },
    hours: { ...dealer.hours, main: store.hours.main, services: store.hours.services },
  };
}

/** The inbox of a store's department for a lead of `interest`, if the store has one (data/stores/ `inboxes`). */
export function storeInbox(store: Pick<Store, 'inboxes'> | undefined, interest: string): string | undefined {
  return store ? (store.inboxes as Readonly<Record<string, string | undefined>>)[interest] : undefined;
}
