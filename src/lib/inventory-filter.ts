import { formatPrice } from './format.ts';

/**
 * The inventory filters (docs/product.md §Inventory), as pure functions shared by the static page and
 * the filter island. The filter state lives in the URL: ?search=&brand=&category=&price=.
 */

/** The value of a select that filters nothing. */
export const ALL = 'all';

export interface InventoryFilters {
  search: string;
  brand: string;
  category: string;
  price: string;
}

export const DEFAULT_FILTERS: Readonly<InventoryFilters> = { search: '', brand: ALL, category: ALL, price: ALL };

/** The query parameters, in the order they are written to the URL. */
export const FILTER_KEYS = ['search', 'brand', 'category', 'price'] as const satisfies readonly (keyof InventoryFilters)[];

/** Edges of the price bands: under `under`; `under` to `over` inclusive; over `over`. */
export interface PriceEdges {
  under: number;
  over: number;
}

/** What the filters read from a unit. */
export interface FilterableVehicle {
  name: string;
  description: string;
  brand: string;
  category: string;
  price: number;
}

export interface FilterOption {
  value: string;
  label: string;
}

/** The band values (docs/product.md §Inventory): under-15000, 15000-25000, over-25000 (for edges 15000 and 25000). */
export function priceBandValues(edges: PriceEdges) {
  return { under: `under-${edges.under}`, between: `${edges.under}-${edges.over}`, over: `over-${edges.over}` } as const;
}

/** Does the price fall in the band? An unknown band (or "all") filters nothing. */
export function inPriceBand(price: number, band: string, edges: PriceEdges): boolean {
  const values = priceBandValues(edges);
  switch (band) {
    case values.under:
      return price < edges.under;
    case values.between:
      return price >= edges.under && price <= edges.over;
    case values.over:
      return price > edges.over;
    default:
      return true;
  }
}

const isAll = (value: string) => value === '' || value.toLowerCase() === ALL;

/**
 * docs/product.md §Inventory: search is a case-insensitive substring of the name or the description (surrounding
 * spaces ignored); brand is a case-insensitive equality; category is a (case-insensitive)
 * substring; price is a band. Filters combine: a unit must pass all of them.
 */
export function matchesFilters(vehicle: FilterableVehicle, filters: InventoryFilters, edges: PriceEdges): boolean {
  const search = filters.search.trim().toLowerCase();
  if (search && !vehicle.name.toLowerCase().includes(search) && !vehicle.description.toLowerCase().includes(search)) return false;
  if (!isAll(filters.brand) && vehicle.brand.toLowerCase() !== filters.brand.toLowerCase()) return false;
  if (!isAll(filters.category) && !vehicle.category.toLowerCase().includes(filters.category.toLowerCase())) return false;
  return inPriceBand(vehicle.price, filters.price, edges);
}

export function filterVehicles<V extends FilterableVehicle>(vehicles: readonly V[], filters: InventoryFilters, edges: PriceEdges): V[] {
  return vehicles.filter((vehicle) => matchesFilters(vehicle, filters, edges));
}

export function hasActiveFilters(filters: InventoryFilters): boolean {
  return filters.search.trim() !== '' || !isAll(filters.brand) || !isAll(filters.category) || !isAll(filters.price);
}

export function sameFilters(a: InventoryFilters, b: InventoryFilters): boolean {
  return FILTER_KEYS.every((key) => a[key] === b[key]);
}

/** The select options of one filter: the allowed values, "all" first. */
export interface FilterChoices {
  brand: readonly FilterOption[];
  category: readonly FilterOption[];
  price: readonly FilterOption[];
}

/** The options of the three selects: "all" first, then the given brands and categories and the three bands. */
export function filterChoices(brands: readonly FilterOption[], categories: readonly FilterOption[], edges: PriceEdges): FilterChoices {
  const bands = priceBandValues(edges);
  return {
    brand: [{ value: ALL, label: 'All Brands' }, ...brands],
    category: [{ value: ALL, label: 'All Categories' }, ...categories],
    price: [
      { value: ALL, label: 'All Prices' },
      { value: bands.under, label: `Under ${formatPrice(edges.under)}` },
      { value: bands.between, label: `${formatPrice(edges.under)} - ${formatPrice(edges.over)}` },
      { value: bands.over, label: `Over ${formatPrice(edges.over)}` },
    ],
  };
}

/** Longest search text kept from a URL; a longer one is cut (nothing real is that long). */
export const MAX_SEARCH_LENGTH = 100;

/**
 * Reads the filters from a query string. Values are matched to the options case-insensitively
 * (?brand=Denago selects denago); a value that is not an option reads as "all", so a
 * hand-edited link never leaves a select showing something other than what filters.
 */
export function filtersFromQuery(query: string | URLSearchParams, choices: FilterChoices): InventoryFilters {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const pick = (key: 'brand' | 'category' | 'price') => {
    const raw = (params.get(key) ?? '').trim().toLowerCase();
    return choices[key].find((option) => option.value.toLowerCase() === raw)?.value ?? ALL;
  };
  return {
    search: (params.get('search') ?? '').slice(0, MAX_SEARCH_LENGTH),
    brand: pick('brand'),
    category: pick('category'),
    price: pick('price'),
  };
}

/**
 * The query string for the filters, defaults left out ("" when nothing is filtered). Other
 * parameters already in `base` (utm_source…) are kept.
 */
export function queryFromFilters(filters: InventoryFilters, base: string | URLSearchParams = ''): string {
  const params = new URLSearchParams(base);
  for (const key of FILTER_KEYS) params.delete(key);
  const search = filters.search.trim();
  if (search) params.set('search', search);
  for (const key of ['brand', 'category', 'price'] as const) if (!isAll(filters[key])) params.set(key, filters[key]);
  const query = params.toString();
  return query ? `?${query}` : '';
}
