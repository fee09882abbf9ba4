import { formatPrice } from '../format.ts';

/**
 * The inventory filters (docs/product.md §Inventory), as pure functions shared by the static page and
 * the filter island. The filter state lives in the URL: ?search=&brand=&category=&price=, plus
 * ?street=legal (street-legal units only) and ?sort= (docs/product.md §Inventory).
 */

/** The value of a select that filters nothing. */
export const ALL = 'all';

export interface InventoryFilters {
  search: string;
  brand: string;
  category: string;
  price: string;
  /** STREET_LEGAL for street-legal units only; "" for every unit. */
  street: string;
  /** One of the SORTS values; DEFAULT_SORT keeps the lot's own order. */
  sort: string;
  /** With several stores only: the store whose lot to list (its slug), or ALL (docs/product.md §Stores). */
  store?: string;
}

/** The query parameter of the Location filter, with several stores only. */
export const STORE_FILTER = 'store';

/** The value of ?street= (the checkbox "Street legal only"). */
export const STREET_LEGAL = 'legal';
export const DEFAULT_SORT = 'featured';
/** The sort orders, as written to ?sort=. */
export const SORTS = ['featured', 'price-asc', 'price-desc', 'newest', 'payment'] as const;
export type InventorySort = (typeof SORTS)[number];

export const DEFAULT_FILTERS: Readonly<InventoryFilters> = { search: '', brand: ALL, category: ALL, price: ALL, street: '', sort: DEFAULT_SORT };

/** The query parameters, in the order they are written to the URL. */
export const FILTER_KEYS = ['search', 'brand', 'category', 'price', 'street', 'sort'] as const satisfies readonly (keyof InventoryFilters)[];

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
  /** A unit without a category (an imported unit an editor has not filed yet) passes only "all". */
  category?: string;
  price: number;
  /** A unit without the fact never passes the street-legal filter. */
  streetLegal?: boolean;
  /** The store whose lot it is on, with several stores. */
  lot?: { store: string };
}

/** What the sort reads from a unit. */
export interface SortableVehicle {
  price: number;
  listedDate: string;
  estimatedPayment: { monthly: number };
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
  if (!isAll(filters.category) && !vehicle.category?.toLowerCase().includes(filters.category.toLowerCase())) return false;
  if (filters.street === STREET_LEGAL && vehicle.streetLegal !== true) return false;
  if (filters.store !== undefined && !isAll(filters.store) && vehicle.lot?.store !== filters.store) return false;
  return inPriceBand(vehicle.price, filters.price, edges);
}

/**
 * The units in the chosen order: price low to high or high to low, newest listed first, or
 * lowest estimated monthly payment first. Ties (and "featured") keep the lot's own order.
 */
export function sortVehicles<V extends SortableVehicle>(vehicles: readonly V[], sort: string): V[] {
  const by: Record<string, ((a: V, b: V) => number) | undefined> = {
    'price-asc': (a, b) => a.price - b.price,
    'price-desc': (a, b) => b.price - a.price,
    newest: (a, b) => (a.listedDate < b.listedDate ? 1 : a.listedDate > b.listedDate ? -1 : 0),
    payment: (a, b) => a.estimatedPayment.monthly - b.estimatedPayment.monthly,
  };
  const compare = by[sort];
  return compare ? [...vehicles].sort(compare) : [...vehicles];
}

export function filterVehicles<V extends FilterableVehicle>(vehicles: readonly V[], filters: InventoryFilters, edges: PriceEdges): V[] {
  return vehicles.filter((vehicle) => matchesFilters(vehicle, filters, edges));
}

/** Whether anything narrows the list (the sort does not). */
export function hasActiveFilters(filters: InventoryFilters): boolean {
  return (
    filters.search.trim() !== '' ||
    !isAll(filters.brand) ||
    !isAll(filters.category) ||
    !isAll(filters.price) ||
    filters.street === STREET_LEGAL ||
    (filters.store !== undefined && !isAll(filters.store))
  );
}

export function sameFilters(a: InventoryFilters, b: InventoryFilters): boolean {
  return FILTER_KEYS.every((key) => a[key] === b[key]) && (a.store ?? ALL) === (b.store ?? ALL);
}

/** The select options of one filter: the allowed values, "all" first. */
export interface FilterChoices {
  brand: readonly FilterOption[];
  category: readonly FilterOption[];
  price: readonly FilterOption[];
  sort: readonly FilterOption[];
  /** The Location filter's options, with several stores only. */
  store?: readonly FilterOption[];
}

/** The sort select's options. */
export const SORT_OPTIONS: readonly FilterOption[] = [
  { value: 'featured', label: 'Featured' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
  { value: 'newest', label: 'Newest Arrivals' },
  { value: 'payment', label: 'Monthly Payment: Low to High' },
];

/** The options of the three selects: "all" first, then the given brands and categories and the three bands; the Location select's when `stores` are given. */
export function filterChoices(
  brands: readonly FilterOption[],
  categories: readonly FilterOption[],
  edges: PriceEdges,
  stores?: readonly FilterOption[],
): FilterChoices {
  const bands = priceBandValues(edges);
  return {
    ...(stores ? { store: [{ value: ALL, label: 'All Locations' }, ...stores] } : {}),
    brand: [{ value: ALL, label: 'All Brands' }, ...brands],
    category: [{ value: ALL, label: 'All Categories' }, ...categories],
    price: [
      { value: ALL, label: 'All Prices' },
      { value: bands.under, label: `Under ${formatPrice(edges.under)}` },
      { value: bands.between, label: `${formatPrice(edges.under)} - ${formatPrice(edges.over)}` },
      { value: bands.over, label: `Over ${formatPrice(edges.over)}` },
    ],
    sort: SORT_OPTIONS,
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
  const pick = (key: 'brand' | 'category' | 'price' | 'sort' | 'store', fallback = ALL) => {
    const raw = (params.get(key) ?? '').trim().toLowerCase();
    return choices[key]?.find((option) => option.value.toLowerCase() === raw)?.value ?? fallback;
  };
  return {
    search: (params.get('search') ?? '').slice(0, MAX_SEARCH_LENGTH),
    brand: pick('brand'),
    category: pick('category'),
    price: pick('price'),
    street: (params.get('street') ?? '').trim().toLowerCase() === STREET_LEGAL ? STREET_LEGAL : '',
    sort: pick('sort', DEFAULT_SORT),
    ...(choices.store ? { store: pick('store') } : {}),
  };
}

/**
 * The query string for the filters, defaults left out ("" when nothing is filtered). Other
 * parameters already in `base` (utm_source…) are kept.
 */
export function queryFromFilters(filters: InventoryFilters, base: string | URLSearchParams = ''): string {
  const params = new URLSearchParams(base);
  for (const key of [...FILTER_KEYS, STORE_FILTER]) params.delete(key);
  const search = filters.search.trim();
  if (search) params.set('search', search);
  for (const key of ['brand', 'category', 'price'] as const) if (!isAll(filters[key])) params.set(key, filters[key]);
  if (filters.street === STREET_LEGAL) params.set('street', STREET_LEGAL);
  if (filters.sort !== DEFAULT_SORT && (SORTS as readonly string[]).includes(filters.sort)) params.set('sort', filters.sort);
  if (filters.store !== undefined && !isAll(filters.store)) params.set(STORE_FILTER, filters.store);
  const query = params.toString();
  return query ? `?${query}` : '';
}
