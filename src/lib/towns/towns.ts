import { slugify } from '../format.ts';
import type { TownStreetUse } from '../guides/street-use.ts';
import type { RedirectRule } from '../routing/redirect-rule.ts';

/**
 * Town landing pages (docs/product.md §Towns): naming, addresses, the background pick, the
 * Popular Golf Carts rule, the map query and the alias redirects. Pure functions over plain data.
 */

export const MUNICIPALITY_TYPES = ['township', 'borough', 'city'] as const;
export type PlaceType = (typeof MUNICIPALITY_TYPES)[number] | 'county';

const PATH_SUFFIX = '-golf-carts';

/** "bass-river-township" → "/bass-river-township-golf-carts". */
export function townPath(slug: string): string {
  return `/${slug}${PATH_SUFFIX}`;
}

/** "Bass River" + "township" → "Bass River Township". */
export function fullTownName(name: string, type: string): string {
  return `${name} ${type.charAt(0).toUpperCase()}${type.slice(1)}`;
}

/** What the town map searches for: the town name, its type and the state ("Bass River Township, NJ"). */
export function townMapQuery(fullName: string, state: string): string {
  return `${fullName}, ${state}`;
}

/** 32-bit FNV-1a of the UTF-8 bytes: the same text gives the same number on every build and machine. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The background of a page: one of the images, chosen by a stable hash of the page path. */
export function pickBackground<T>(path: string, images: readonly T[]): T {
  const image = images[stableHash(path) % images.length];
  if (image === undefined) throw new Error('pickBackground needs at least one image');
  return image;
}

/** Popular Golf Carts: the first `limit` vehicles of the list; none when the list is empty or missing. */
export function popularCarts<T>(vehicles: readonly T[] | null | undefined, limit: number): T[] {
  if (!vehicles || limit <= 0) return [];
  return vehicles.slice(0, limit);
}

export interface AliasSource {
  name: string;
  type: PlaceType;
  /** Canonical page path. */
  path: string;
  /** Extra spellings (slugs without the suffix). */
  aliases?: readonly string[];
}

export interface TownAliases {
  /** 301 rules, one per unambiguous alias. */
  rules: RedirectRule[];
  /** Alias paths that would name two or more pages: not redirected, they answer 404. */
  ambiguous: string[];
}

/**
 * Every other spelling of a town page (docs/product.md §Towns): /{town}-golf-carts, the town with a wrong
 * type (/beverly-township-golf-carts) and the listed extra aliases, each redirected to its one
 * canonical page. A spelling that fits two pages (Bordentown city and township) is left out, and
 * so is one that is itself a canonical page.
 */
export function townAliasRules(places: readonly AliasSource[]): TownAliases {
  const canonical = new Set(places.map((p) => p.path));
  const targets = new Map<string, Set<string>>();
  const add = (slug: string, to: string) => {
    const from = townPath(slug);
    if (canonical.has(from)) return;
    const set = targets.get(from) ?? new Set<string>();
    set.add(to);
    targets.set(from, set);
  };
  for (const place of places) {
    const name = place.type === 'county' ? place.name.replace(/\s+county$/i, '') : place.name;
    add(slugify(name), place.path);
    if (place.type !== 'county') {
      for (const type of MUNICIPALITY_TYPES) if (type !== place.type) add(slugify(`${name} ${type}`), place.path);
    }
    for (const alias of place.aliases ?? []) add(alias, place.path);
  }
  const rules: RedirectRule[] = [];
  const ambiguous: string[] = [];
  for (const [from, to] of targets) {
    const [only] = to;
    if (to.size === 1 && only) rules.push({ from, to: only, status: 301 });
    else ambiguous.push(from);
  }
  return { rules, ambiguous };
}

/** "Rentals delivered to {town}" + {town: "Delran Township"} → "Rentals delivered to Delran Township". */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

export interface PlaceLink {
  name: string;
  path: string;
}

/** Everything a town page prints, computed once from the data. */
export interface TownPage {
  /** "bass-river-township" (the page address without "/" and "-golf-carts"). */
  slug: string;
  name: string;
  type: PlaceType;
  /** "Bass River Township", "Burlington County". */
  fullName: string;
  path: string;
  heading: string;
  title: string;
  description: string;
  intro: string;
  mapQuery: string;
  background: string;
  /** Bordering towns (every municipality on the county page), nearest to the showroom first. */
  neighbours: NeighbourLink[];
  /** The towns bordering the neighbours (two borders away), nearest to the showroom first. */
  nearby: NeighbourLink[];
  /** Distance, delivery fee and the weekly rentals delivered here. */
  facts: TownFacts;
  /** The dealer's own words about the place (data/towns.json localText), in paragraphs; none yet: empty. */
  localText: string[];
  /** What is known about driving an LSV there: the state rule, the town's recorded ordinances, its clerk. */
  streetUse: TownStreetUse;
  /** Names for schema.org areaServed. */
  areaServed: string[];
  /** Text of the local service contact card. */
  localService: string;
  /** Bullets of the why-choose-us block. */
  whyChooseUs: string[];
}

export interface CopyContext {
  county: { name: string; state: string };
  dealerName: string;
  financingOffer: string;
  municipalityCount: number;
}

/** Title, description, h1 and intro of a page: each names the town, its type and the county. */
export function townCopy(place: { fullName: string; type: PlaceType; note: string }, ctx: CopyContext) {
  const { county, dealerName, financingOffer } = ctx;
  const where = `${place.fullName}, ${county.state}`;
  if (place.type === 'county') {
    return {
      heading: `Golf Carts in ${where}`,
      title: `Golf Carts for Sale in ${where} – All ${ctx.municipalityCount} Towns`,
      description: `Electric golf carts and LSVs in every town of ${place.fullName}, ${county.state}: Denago and Evolution sales, rentals, service, delivery and ${financingOffer}.`,
      intro: `${dealerName} is ${place.fullName}'s local golf cart dealer, serving all ${ctx.municipalityCount} municipalities of the county with new electric golf carts, low-speed vehicles, rentals, service and parts. ${place.note}`,
    };
  }
  return {
    heading: `Golf Carts in ${where}`,
    title: `Golf Carts for Sale in ${where}`,
    description: `Electric golf carts for ${place.fullName}, ${county.name}, ${county.state}: Denago and Evolution sales, rentals, service and ${financingOffer}.`,
    intro: `${dealerName} brings new electric golf carts, low-speed vehicles, rentals and service to ${place.fullName} in ${county.name}, with delivery and pickup at your door. ${place.note}`,
  };
}

/** What the data knows about getting a cart to a place (docs/product.md §Towns), all computed. */
export interface DeliveryFacts {
  /** One-way driving miles from the showroom. */
  miles: number;
  /** Miles charged for: beyond the included miles. */
  billableMiles: number;
  /** The rental delivery fee, whole dollars (0: free). */
  fee: number;
}

/** A neighbouring town, with how far it is from the showroom and its delivery fee. */
export interface NeighbourLink extends PlaceLink, DeliveryFacts {}

/** The store that delivers to a place, with several stores (docs/decisions/store-distances.md). */
export interface ServingStore {
  name: string;
  city: string;
  /** Its page, /locations/{slug}. */
  path: string;
  /** How `miles` was measured: the editor's driving figure, or the straight line between coordinates. */
  measure: 'road' | 'straight';
}

export interface TownFacts extends DeliveryFacts {
  /** With several stores, the store nearest to the place, which `miles` is counted from; none with one store. */
  store?: ServingStore;
  /** 1 for the town nearest the showroom (with several stores, to its nearest store); towns at the same distance share a rank. */
  rank: number;
  /** How many municipalities the rank is out of. */
  of: number;
  /** Each plan of each cart group delivered here, as /rentals quotes it: one row per plan. */
  plans: { plan: string; totals: number[] }[];
  /** The cart groups, in the order of a row's totals. */
  groups: string[];
}

/** 1 → "1st", 12 → "12th", 22 → "22nd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}
