/**
 * The stores of the business (docs/product.md §Stores): one file per store in data/stores/, read
 * together with the business's own facts (data/dealer.json). Pure: files in, stores out.
 */
import type { DealerFile, HoursLine } from '../../../data/schemas/dealer.ts';
import type { StoreFile } from '../../../data/schemas/stores.ts';

type Phone = DealerFile['phones']['local'];

/** The departments a store's leads go to, as the lead forms name them (src/lib/contact-link.ts LEAD_INTERESTS). */
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

/** The store nearest to a point, with its distance in miles (the first store on a tie). */
export function nearestStore(stores: readonly Store[], point: StoreFile['geo']): { store: Store; miles: number } {
  let best: { store: Store; miles: number } | undefined;
  for (const store of stores) {
    const miles = milesBetween(store.geo, point);
    if (!best || miles < best.miles) best = { store, miles };
  }
  if (!best) throw new Error('there is no store');
  return best;
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
