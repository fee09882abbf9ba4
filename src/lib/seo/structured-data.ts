import type { HoursLine } from '../../../data/schemas/dealer.ts';
import { storePath, type Dealer, type Store } from '../stores/stores.ts';
import type { Availability, Model } from '../../../data/schemas/models.ts';
import type { Vehicle } from '../../../data/schemas/units.ts';
import { absoluteUrl } from './seo.ts';

/** schema.org builders; each takes plain data and the site origin and returns a JSON-LD object. */

const ctx = 'https://schema.org';

export const orgId = (site: URL | string) => `${absoluteUrl('/', site)}#organization`;
export const dealerId = (site: URL | string) => `${absoluteUrl('/', site)}#dealer`;
/** Who sells and provides for the whole business: the dealer with one store, the group with several (docs/product.md §Stores). */
export const businessId = (site: URL | string, stores: readonly unknown[]) => (stores.length > 1 ? orgId(site) : dealerId(site));

function postalAddress(dealer: Pick<Dealer, 'address'>) {
  const a = dealer.address;
  return {
    '@type': 'PostalAddress',
    streetAddress: a.street,
    addressLocality: a.city,
    addressRegion: a.region,
    postalCode: a.postalCode,
    addressCountry: a.country,
  };
}

export function openingHours(lines: readonly HoursLine[]) {
  return lines
    .filter((line) => 'opens' in line)
    .map((line) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: line.days, opens: line.opens, closes: line.closes }));
}

/** The group; with several stores it also names the places its stores serve (`areaServed`). */
export function organization(dealer: Dealer, site: URL | string, areaServed?: readonly string[]) {
  return {
    '@context': ctx,
    '@type': 'Organization',
    '@id': orgId(site),
    name: dealer.name,
    url: absoluteUrl('/', site),
    logo: absoluteUrl(dealer.logo, site),
    email: dealer.email,
    telephone: dealer.phones.local.e164,
    contactPoint: [
      { '@type': 'ContactPoint', telephone: dealer.phones.local.e164, contactType: 'sales', areaServed: 'US-NJ', availableLanguage: 'English' },
      { '@type': 'ContactPoint', telephone: dealer.phones.tollFree.e164, contactType: 'customer service', contactOption: 'TollFree', areaServed: 'US' },
    ],
    sameAs: dealer.links.social.map((s) => s.url),
    ...(areaServed ? { areaServed: areaServed.map((name) => ({ '@type': 'City', name })) } : {}),
  };
}

/** The dealership as a local business, serving the listed places within the service radius. */
export function autoDealer(dealer: Dealer, site: URL | string, areaServed: readonly string[]) {
  return {
    '@context': ctx,
    '@type': 'AutoDealer',
    '@id': dealerId(site),
    name: dealer.name,
    description: dealer.description,
    url: absoluteUrl('/', site),
    image: absoluteUrl(dealer.logo, site),
    telephone: dealer.phones.local.e164,
    email: dealer.email,
    priceRange: '$$',
    address: postalAddress(dealer),
    geo: { '@type': 'GeoCoordinates', latitude: dealer.geo.latitude, longitude: dealer.geo.longitude },
    openingHoursSpecification: openingHours(dealer.hours.main),
    parentOrganization: { '@id': orgId(site) },
    areaServed: [
      {
        '@type': 'GeoCircle',
        geoMidpoint: { '@type': 'GeoCoordinates', latitude: dealer.geo.latitude, longitude: dealer.geo.longitude },
        geoRadius: dealer.serviceRadiusMeters,
      },
      ...areaServed.map((name) => ({ '@type': 'City', name })),
    ],
  };
}

export function webSite(dealer: Dealer, site: URL | string) {
  return {
    '@context': ctx,
    '@type': 'WebSite',
    name: dealer.name,
    url: absoluteUrl('/', site),
    publisher: { '@id': orgId(site) },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl('/new-inventory', site)}?search={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/**
 * A service of the business, within the service radius of its showroom; with several stores
 * (`stores`), provided by the group and within the radius of each store.
 */
export function service(
  dealer: Dealer,
  site: URL | string,
  name: string,
  description: string,
  areaServed: readonly string[],
  stores: readonly Pick<Store, 'geo'>[] = [],
) {
  return {
    '@context': ctx,
    '@type': 'Service',
    name,
    description,
    serviceType: name,
    provider: { '@id': businessId(site, stores) },
    areaServed: [
      ...(stores.length > 1 ? stores : [dealer]).map(({ geo }) => ({
        '@type': 'GeoCircle',
        geoMidpoint: { '@type': 'GeoCoordinates', latitude: geo.latitude, longitude: geo.longitude },
        geoRadius: dealer.serviceRadiusMeters,
      })),
      ...areaServed.map((place) => ({ '@type': 'City', name: place })),
    ],
  };
}

/** What a guide page is: its words, its dates and what it cites (docs/product.md §Guides). */
export interface ArticleInput {
  headline: string;
  description: string;
  path: string;
  /** The social card or first picture of the page: a path under public/ or an absolute URL. */
  image: string;
  /** YYYY-MM-DD. */
  datePublished: string;
  /** YYYY-MM-DD: the latest check of the facts it states (or the day its advice last changed). */
  dateModified: string;
  /** The documents its statements come from. */
  citations?: readonly { title: string; publisher: string; url: string }[];
}

/**
 * A guide as an Article, written and published by the dealer. No FAQPage markup: Google shows FAQ
 * results only for government and health sites (docs/product.md §Guides).
 */
export function article(dealer: Pick<Dealer, 'name' | 'logo'>, site: URL | string, input: ArticleInput) {
  const url = absoluteUrl(input.path, site);
  const dealerOrg = { '@type': 'Organization', '@id': orgId(site), name: dealer.name, url: absoluteUrl('/', site) };
  return {
    '@context': ctx,
    '@type': 'Article',
    '@id': `${url}#article`,
    headline: input.headline,
    description: input.description,
    url,
    mainEntityOfPage: url,
    image: absoluteUrl(input.image, site),
    inLanguage: 'en-US',
    datePublished: input.datePublished,
    dateModified: input.dateModified,
    author: dealerOrg,
    publisher: { ...dealerOrg, logo: { '@type': 'ImageObject', url: absoluteUrl(dealer.logo, site) } },
    ...(input.citations?.length
      ? {
          citation: input.citations.map((c) => ({
            '@type': 'CreativeWork',
            name: c.title,
            url: c.url,
            publisher: { '@type': 'Organization', name: c.publisher },
          })),
        }
      : {}),
  };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbList(crumbs: readonly Crumb[], site: URL | string) {
  return {
    '@context': ctx,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: absoluteUrl(crumb.path, site) })),
  };
}

/** A unit's availability: in stock (available and on the lot), out of stock (on hold too) or sold out. */
function availability(vehicle: Pick<Vehicle, 'inStock' | 'status'>) {
  if (vehicle.status === 'sold') return `${ctx}/SoldOut`;
  return vehicle.inStock ? `${ctx}/InStock` : `${ctx}/OutOfStock`;
}

/** New and custom-built units are new; used and demo units are used. */
function itemCondition(vehicle: Pick<Vehicle, 'condition'>) {
  return vehicle.condition === 'new' || vehicle.condition === 'custom' ? `${ctx}/NewCondition` : `${ctx}/UsedCondition`;
}

/** The node id of a unit, the same on its page and in the catalogue. */
export function vehicleId(vehicle: Pick<Vehicle, 'id'>, site: URL | string): string {
  return `${absoluteUrl(`/vehicles/${vehicle.id}`, site)}#vehicle`;
}

/** One Offer for a unit on the lot; with several stores, sold by the store whose lot it is on and available there. */
export function vehicleOffer(vehicle: Vehicle, site: URL | string, seller = dealerId(site), store?: Pick<Store, 'slug'>) {
  return {
    '@type': 'Offer',
    price: vehicle.price,
    priceCurrency: 'USD',
    availability: availability(vehicle),
    itemCondition: itemCondition(vehicle),
    url: absoluteUrl(`/vehicles/${vehicle.id}`, site),
    seller: { '@id': store ? storeId(store, site) : seller },
    ...(store ? { availableAtOrFrom: { '@id': storeId(store, site) } } : {}),
  };
}

/** The node id of a store (docs/product.md §Stores): its page's address with #store. */
export const storeId = (store: Pick<Store, 'slug'>, site: URL | string) => `${absoluteUrl(storePath(store), site)}#store`;

/** One store of a group of several as an AutoDealer of its own, part of the group's Organization. */
export function storeAutoDealer(store: Store, dealer: Dealer, site: URL | string) {
  return {
    '@context': ctx,
    '@type': 'AutoDealer',
    '@id': storeId(store, site),
    name: `${dealer.name} ${store.name}`,
    url: absoluteUrl(storePath(store), site),
    image: absoluteUrl(dealer.logo, site),
    telephone: store.phones.main.e164,
    priceRange: '$$',
    address: postalAddress(store),
    geo: { '@type': 'GeoCoordinates', latitude: store.geo.latitude, longitude: store.geo.longitude },
    openingHoursSpecification: openingHours(store.hours.main),
    parentOrganization: { '@id': orgId(site) },
    ...(store.googlePlaceId ? { hasMap: `https://www.google.com/maps/place/?q=place_id:${store.googlePlaceId}` } : {}),
  };
}

/**
 * The business as the pages about all of it describe it (home, showroom; docs/product.md §Stores).
 * With one store: the dealer, one AutoDealer serving `areaServed` (after the group's Organization
 * when `withOrganization`). With several: the group's Organization serving `areaServed` and each
 * store an AutoDealer of its own under it, so no store's address stands for the group.
 */
export function businessNodes(dealer: Dealer, stores: readonly Store[], site: URL | string, areaServed: readonly string[], withOrganization = false) {
  if (stores.length > 1) return [organization(dealer, site, areaServed), ...stores.map((store) => storeAutoDealer(store, dealer, site))];
  return [...(withOrganization ? [organization(dealer, site)] : []), autoDealer(dealer, site, areaServed)];
}

/** The facts of a unit that schema.org has no property for, as PropertyValues. */
export interface UnitFact {
  name: string;
  value: string;
}

/**
 * A unit as a Product and a Vehicle: stock number (sku), VIN, colours, model year, condition,
 * seats, and the other facts of its page (`facts`) as additional properties.
 */
export function vehicleProduct(vehicle: Vehicle, site: URL | string, brandName: string, facts: readonly UnitFact[] = [], store?: Pick<Store, 'slug'>) {
  return {
    '@context': ctx,
    '@type': 'Vehicle',
    '@id': vehicleId(vehicle, site),
    name: vehicle.name,
    description: vehicle.description,
    sku: vehicle.stockNumber,
    productID: vehicle.id,
    url: absoluteUrl(`/vehicles/${vehicle.id}`, site),
    brand: { '@type': 'Brand', name: brandName },
    ...(vehicle.model ? { model: vehicle.model } : {}),
    // An imported unit waiting for an editor states no category or seats yet: left out, not guessed.
    ...(vehicle.category ? { category: vehicle.category } : {}),
    image: vehicle.images.map((src) => absoluteUrl(src, site)),
    ...(vehicle.vin ? { vehicleIdentificationNumber: vehicle.vin } : {}),
    color: vehicle.exteriorColor,
    vehicleInteriorColor: vehicle.seatColor,
    vehicleModelDate: String(vehicle.year),
    itemCondition: itemCondition(vehicle),
    fuelType: 'Electric',
    ...(vehicle.specifications.seatingCapacity !== undefined ? { vehicleSeatingCapacity: vehicle.specifications.seatingCapacity } : {}),
    additionalProperty: facts.map((fact) => ({ '@type': 'PropertyValue', name: fact.name, value: fact.value })),
    offers: vehicleOffer(vehicle, site, dealerId(site), store),
  };
}

const modelAvailability: Record<Availability, string> = {
  'In Stock': `${ctx}/InStock`,
  'Pre-order': `${ctx}/PreOrder`,
  'Out of Stock': `${ctx}/OutOfStock`,
};

export interface ModelProductInput {
  /** Full name with the brand, e.g. "Denago EV City". */
  name: string;
  brandName: string;
  category: string;
  /** The specifications as the page lists them. */
  specs: readonly { label: string; value: string }[];
}

/**
 * A static model page (docs/product.md §Models): brand, model and specifications. A model with
 * an MSRP is a Product with its Offer; a model without one (a featured price is not an MSRP)
 * is a ProductModel, the datasheet of a product, since nothing on its page is offered at a price.
 */
export function modelProduct(model: Model, site: URL | string, input: ModelProductInput, seller = dealerId(site)) {
  const url = absoluteUrl(`/vehicles/${model.slug}`, site);
  return {
    '@context': ctx,
    '@type': model.msrp === undefined ? 'ProductModel' : 'Product',
    name: input.name,
    description: model.blurb,
    sku: model.slug,
    url,
    brand: { '@type': 'Brand', name: input.brandName },
    model: model.name,
    category: input.category,
    image: [absoluteUrl(model.image, site)],
    additionalProperty: input.specs.map((spec) => ({ '@type': 'PropertyValue', name: spec.label, value: spec.value })),
    ...(model.msrp === undefined
      ? {}
      : {
          offers: {
            '@type': 'Offer',
            price: model.msrp,
            priceCurrency: 'USD',
            ...(model.availability ? { availability: modelAvailability[model.availability] } : {}),
            itemCondition: `${ctx}/NewCondition`,
            url,
            seller: { '@id': seller },
          },
        }),
  };
}

/** A list of pages, e.g. the model index: each item a name and a site path. */
export function itemList(name: string, items: readonly { name: string; path: string }[], site: URL | string, total = items.length) {
  return {
    '@context': ctx,
    '@type': 'ItemList',
    name,
    // Of the whole list when `items` is one page of it.
    numberOfItems: total,
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, url: absoluteUrl(item.path, site) })),
  };
}

/**
 * Units the home page's catalogue summarises: the lot's first, in its own order. Its count is
 * the whole lot's, and the inventory's list pages carry the rest, so the home page does not
 * grow with the lot (docs/product.md §Home, §Speed).
 */
export const HOME_CATALOG_UNITS = 12;

/**
 * The lot as an OfferCatalog: each unit a Vehicle with its name, stock number, first picture
 * and Offer. The unit's own page describes it in full under the same @id, so the catalogue
 * stays a summary that crawlers can join to the page.
 */
export function offerCatalog(dealer: Dealer, vehicles: readonly Vehicle[], site: URL | string, brandName: (slug: string) => string, total = vehicles.length) {
  return {
    '@context': ctx,
    '@type': 'OfferCatalog',
    name: `${dealer.name} inventory`,
    url: absoluteUrl('/new-inventory', site),
    // Of the whole lot when `vehicles` is one page of it (schema.org: a paginated list's count).
    numberOfItems: total,
    itemListElement: vehicles.map((vehicle) => {
      const { price, priceCurrency, availability, url } = vehicleOffer(vehicle, site);
      return {
        '@type': 'Vehicle',
        '@id': vehicleId(vehicle, site),
        name: vehicle.name,
        sku: vehicle.stockNumber,
        url,
        brand: { '@type': 'Brand', name: brandName(vehicle.brand) },
        image: vehicle.images.slice(0, 1).map((src) => absoluteUrl(src, site)),
        offers: { '@type': 'Offer', price, priceCurrency, availability, url },
      };
    }),
  };
}
