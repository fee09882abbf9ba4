/**
 * The model comparison: which models a /compare address asks for, and the rows compared.
 * Imports no data file, so the compare island can use it without shipping the catalogue.
 */

export const MIN_COMPARED = 2;
export const MAX_COMPARED = 4;

/** The rows of the comparison table, in order (issue: seats, top speed, range, payload, charging, towing, battery, MSRP). */
export const COMPARE_ROWS = [
  { key: 'seats', label: 'Seats' },
  { key: 'topSpeed', label: 'Top Speed' },
  { key: 'range', label: 'Range' },
  { key: 'payload', label: 'Payload' },
  { key: 'chargingTime', label: 'Charging Time' },
  { key: 'towing', label: 'Towing Capacity' },
  { key: 'batteryType', label: 'Battery Type' },
  { key: 'msrp', label: 'MSRP' },
] as const;

export type CompareRowKey = (typeof COMPARE_ROWS)[number]['key'];

/** One model as the comparison shows it: display text per row, null where the figure is not given. */
export interface CompareModel {
  slug: string;
  /** Full name with the brand, e.g. "Denago EV City". */
  name: string;
  brandName: string;
  seriesName: string;
  href: string;
  image: string;
  values: Record<CompareRowKey, string | null>;
}

export interface CompareSelection {
  slugs: string[];
  /** Names in the address that are not models, repeat one, or exceed the maximum of four. */
  ignored: string[];
}

/**
 * Reads `models=a,b,c` from a query string (`?models=…`, also `models=a&models=b`): known slugs
 * in order, without repeats, at most four. An address naming none gives the default selection;
 * one naming a single model gets the first default model beside it.
 */
export function selectionFromQuery(search: string, known: readonly string[], fallback: readonly string[]): CompareSelection {
  const asked = new URLSearchParams(search)
    .getAll('models')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean);
  const knownSet = new Set(known);
  const slugs: string[] = [];
  const ignored: string[] = [];
  for (const slug of asked) {
    if (knownSet.has(slug) && !slugs.includes(slug) && slugs.length < MAX_COMPARED) slugs.push(slug);
    else ignored.push(slug);
  }
  if (slugs.length === 0) return { slugs: [...fallback], ignored };
  for (const slug of fallback) {
    if (slugs.length >= MIN_COMPARED) break;
    if (!slugs.includes(slug)) slugs.push(slug);
  }
  return { slugs, ignored };
}

/** /compare?models=a,b (slugs are lowercase words and hyphens, so the commas stay readable). */
export function compareHref(slugs: readonly string[]): string {
  return slugs.length ? `/compare?models=${slugs.map(encodeURIComponent).join(',')}` : '/compare';
}
