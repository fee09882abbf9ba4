import { filtersFromQuery, hasActiveFilters, queryFromFilters, DEFAULT_SORT, type FilterChoices, type InventoryFilters } from './filter.ts';

/**
 * The inventory's list pages (docs/product.md §Inventory): the lot in pages of
 * INVENTORY_PAGE_SIZE units, each unfiltered page at an address of its own (/new-inventory,
 * /new-inventory/2, …), a filtered list paged with ?page=. Pure: the pages, the island and the
 * inventory page function share it.
 */

/**
 * Units on one list page, chosen by measuring (docs/decisions/inventory-pages.md): a page of
 * distinct units still fits a new connection's first flight with about 1 KB to spare, it fills
 * whole rows of two and three columns, and the 16 units the dealer lists today stay one page.
 */
export const INVENTORY_PAGE_SIZE = 18;

/** The canonical address of the inventory and of its first page; later pages are /new-inventory/{n}. */
export const INVENTORY_PATH = '/new-inventory';
/** The other address of the first page (docs/product.md §Routes). */
export const INVENTORY_ALIAS = '/inventory';
/** The query parameter of a filtered list's page. */
export const PAGE_PARAM = 'page';

export interface ListPage<T> {
  /** The units of this page. */
  items: T[];
  /** 1-based; a page past the end reads as the last. */
  page: number;
  pageCount: number;
  /** Units in the whole list. */
  total: number;
  /** 1-based position of the first and last unit of the page (0 and 0 for an empty list). */
  first: number;
  last: number;
}

export function pageCount(total: number, size = INVENTORY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** One page of a list. */
export function listPage<T>(items: readonly T[], page: number, size = INVENTORY_PAGE_SIZE): ListPage<T> {
  const count = pageCount(items.length, size);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), count);
  const start = (current - 1) * size;
  const slice = items.slice(start, start + size);
  return { items: slice, page: current, pageCount: count, total: items.length, first: slice.length ? start + 1 : 0, last: start + slice.length };
}

/** The address of an unfiltered list page: the base for page 1, then base/{n}. */
export function listPagePath(base: string, page: number): string {
  return page > 1 ? `${base}/${page}` : base;
}

/** The page a ?page= value names: a whole number from 1, else 1. */
export function pageFromQuery(query: string | URLSearchParams): number {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const raw = params.get(PAGE_PARAM)?.trim() ?? '';
  return /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : 1;
}

/** The page of an unfiltered list page's address (/new-inventory/3 → 3), or undefined. */
export function pageFromPath(pathname: string): number | undefined {
  const match = new RegExp(`^${INVENTORY_PATH}/([1-9]\\d{0,3})/?$`).exec(pathname);
  return match ? Number(match[1]) : undefined;
}

export interface InventoryState {
  filters: InventoryFilters;
  page: number;
}

/** Whether the state lists the whole lot in its own order: the list of the pre-rendered pages. */
export function isPlainList(filters: InventoryFilters): boolean {
  return !hasActiveFilters(filters) && filters.sort === DEFAULT_SORT;
}

/** The filters and page an inventory address shows (/new-inventory/3, /inventory?brand=denago&page=2). */
export function stateFromUrl(pathname: string, search: string, choices: FilterChoices): InventoryState {
  return { filters: filtersFromQuery(search, choices), page: pageFromPath(pathname) ?? pageFromQuery(search) };
}

/**
 * The address of a state, from the address it is shown at: the unfiltered list at its page's
 * own address (/new-inventory/2; page 1 stays at /inventory when shown there), a filtered or
 * sorted one at the first page's address with its query and ?page=. Other parameters
 * (utm_source…) are kept.
 */
export function urlOfState(state: InventoryState, pathname: string, search: string): string {
  const base = pathname === INVENTORY_ALIAS ? INVENTORY_ALIAS : INVENTORY_PATH;
  const params = new URLSearchParams(search);
  params.delete(PAGE_PARAM);
  if (isPlainList(state.filters)) {
    const query = queryFromFilters(state.filters, params);
    return `${state.page > 1 ? listPagePath(INVENTORY_PATH, state.page) : base}${query}`;
  }
  const query = new URLSearchParams(queryFromFilters(state.filters, params));
  if (state.page > 1) query.set(PAGE_PARAM, String(state.page));
  return `${base}?${query}`;
}

/**
 * The page links of a pager: every page when there are few, else the first, the last and the
 * two either side of the current one, with a gap (null) where pages are left out.
 */
export function pagerPages(page: number, count: number): (number | null)[] {
  if (count <= 7) return Array.from({ length: count }, (_, index) => index + 1);
  const shown = new Set([1, count, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= count));
  const pages = [...shown].sort((a, b) => a - b);
  return pages.flatMap((n, index) => (index > 0 && n - pages[index - 1]! > 1 ? [null, n] : [n]));
}
