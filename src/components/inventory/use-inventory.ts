import { useCallback, useEffect, useRef, useState } from 'react';
import { filtersFromQuery, queryFromFilters, type FilterChoices, type InventoryFilters } from '../../lib/inventory-filter.ts';
import type { RetryOptions } from '../../lib/fetch-with-retry.ts';
import { fetchInventory, type InventoryItem } from '../../lib/vehicles-client.ts';

/** Typing settles for this long before the address bar follows the search box. */
const SEARCH_URL_DELAY_MS = 350;

/**
 * The query of the address this page was loaded from. The address bar may have moved on before
 * the island is live (Back after a reload of a filtered address changes it without loading a
 * page), but the server rendered the page for the address it was asked for, which the
 * navigation entry keeps.
 */
function loadedQuery(): string {
  const [navigation] = typeof performance.getEntriesByType === 'function' ? performance.getEntriesByType('navigation') : [];
  try {
    return new URL(navigation?.name || location.href).search;
  } catch {
    return location.search;
  }
}

/**
 * The filters of the first render, the same on the server and in the browser, so hydration
 * finds the markup it renders (docs/product.md §Inventory): the server reads the query of the
 * address it renders (`requestQuery`: the inventory page function passes the request's; the
 * pre-rendered page has none, so it shows every unit), the browser the query the page was
 * loaded from. A filtered address is always rendered by the function from that same query; an
 * address without a filter parameter reads as the defaults on both sides.
 */
function firstFilters(choices: FilterChoices, requestQuery: string): InventoryFilters {
  return filtersFromQuery(typeof window === 'undefined' ? requestQuery : loadedQuery(), choices);
}

/**
 * The filters, kept in the URL query. The first render uses the filters the page was loaded
 * with (firstFilters); the address bar is read once live (it may have changed meanwhile) and on
 * back/forward. A select change or Clear adds a history entry; a burst of typing adds one entry
 * and then keeps replacing it.
 */
export function useUrlFilters(choices: FilterChoices, requestQuery = '') {
  const [filters, setFilters] = useState<InventoryFilters>(() => firstFilters(choices, requestQuery));
  const current = useRef<InventoryFilters>(filters);
  const timer = useRef<number | undefined>(undefined);
  const typingEntry = useRef(false);

  const show = useCallback((next: InventoryFilters) => {
    current.current = next;
    setFilters(next);
  }, []);

  const writeUrl = useCallback((next: InventoryFilters, mode: 'push' | 'replace') => {
    const url = `${location.pathname}${queryFromFilters(next, location.search)}${location.hash}`;
    if (url === `${location.pathname}${location.search}${location.hash}`) return;
    if (mode === 'push') history.pushState(history.state, '', url);
    else history.replaceState(history.state, '', url);
  }, []);

  const flush = useCallback(() => {
    if (timer.current === undefined) return;
    window.clearTimeout(timer.current);
    timer.current = undefined;
    writeUrl(current.current, typingEntry.current ? 'replace' : 'push');
    typingEntry.current = true;
  }, [writeUrl]);

  useEffect(() => {
    const read = () => {
      window.clearTimeout(timer.current);
      timer.current = undefined;
      typingEntry.current = false;
      show(filtersFromQuery(location.search, choices));
    };
    read();
    window.addEventListener('popstate', read);
    return () => {
      window.removeEventListener('popstate', read);
      window.clearTimeout(timer.current);
    };
  }, [choices, show]);

  const setSearch = useCallback(
    (search: string) => {
      show({ ...current.current, search });
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(flush, SEARCH_URL_DELAY_MS);
    },
    [flush, show],
  );

  const commit = useCallback(
    (next: InventoryFilters) => {
      flush();
      typingEntry.current = false;
      show(next);
      writeUrl(next, 'push');
    },
    [flush, show, writeUrl],
  );

  return { filters, setSearch, commit, flush };
}

export type VehiclesQuery = { status: 'loading' } | { status: 'error'; message: string } | { status: 'success'; vehicles: InventoryItem[] };

/**
 * The lot as the island shows it. It starts from the pre-rendered list, then asks
 * /api/vehicles once for fresh stock (3 retries, never again on window focus). If that fails
 * the error of docs/product.md §Errors replaces the grid; Try Again shows the six skeletons while it reloads.
 */
export function useVehicles(initial: InventoryItem[], refresh: boolean, retry: RetryOptions = {}) {
  const [query, setQuery] = useState<VehiclesQuery>({ status: 'success', vehicles: initial });
  const [attempt, setAttempt] = useState(refresh ? 1 : 0);
  const retryRef = useRef(retry);

  useEffect(() => {
    if (attempt === 0) return;
    const controller = new AbortController();
    fetchInventory({ ...retryRef.current, signal: controller.signal }).then(
      (vehicles) => setQuery({ status: 'success', vehicles }),
      (error: unknown) => {
        if (!controller.signal.aborted) setQuery({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => {
    setQuery({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { query, reload };
}
