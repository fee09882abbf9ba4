import { useCallback, useEffect, useRef, useState } from 'react';
import { sameFilters, type FilterChoices, type InventoryFilters } from '../../lib/inventory/filter.ts';
import { stateFromUrl, urlOfState, type InventoryState } from '../../lib/inventory/pages.ts';
import type { RetryOptions } from '../../lib/inventory/fetch-with-retry.ts';
import { whenActivated } from '../../lib/analytics/asc.ts';
import { fetchInventory, type InventoryItem } from '../../lib/inventory/vehicles-client.ts';

/** Typing settles for this long before the address bar follows the search box. */
const SEARCH_URL_DELAY_MS = 350;

/**
 * The address this page was loaded from. The address bar may have moved on before the island
 * is live (Back after a reload of a filtered address changes it without loading a page), but
 * the server rendered the page for the address it was asked for, which the navigation entry keeps.
 */
function loadedUrl(): URL {
  const [navigation] = typeof performance.getEntriesByType === 'function' ? performance.getEntriesByType('navigation') : [];
  try {
    return new URL(navigation?.name || location.href);
  } catch {
    return new URL(location.href);
  }
}

/**
 * The state of the first render, the same on the server and in the browser, so hydration finds
 * the markup it renders (docs/product.md §Inventory): the server reads the query of the address
 * it renders (`requestQuery`: the inventory page function passes the request's; a pre-rendered
 * page has none), the browser the address the page was loaded from.
 */
function firstState(choices: FilterChoices, requestQuery: string): InventoryState {
  if (typeof window === 'undefined') return stateFromUrl('', requestQuery, choices);
  const url = loadedUrl();
  return stateFromUrl(url.pathname, url.search, choices);
}

const sameState = (a: InventoryState, b: InventoryState) => a.page === b.page && sameFilters(a.filters, b.filters);

/**
 * The filters and the page, kept in the address (docs/product.md §Inventory). Until the visitor
 * first filters, sorts or turns a page the island shows the list the server rendered; from then
 * on (`live`) it lists the lot itself. A select change, a page or Clear adds a history entry; a
 * burst of typing adds one entry and then keeps replacing it. Back and forward show the state of
 * the address; an address that differs from the one the page was rendered for makes the list live.
 */
export function useInventoryState(choices: FilterChoices, requestQuery = '') {
  const [state, setState] = useState<InventoryState>(() => firstState(choices, requestQuery));
  const [live, setLive] = useState(false);
  const current = useRef<InventoryState>(state);
  const rendered = useRef<InventoryState>(state);
  const timer = useRef<number | undefined>(undefined);
  const typingEntry = useRef(false);

  const show = useCallback((next: InventoryState) => {
    current.current = next;
    setState(next);
    if (!sameState(next, rendered.current)) setLive(true);
  }, []);

  const writeUrl = useCallback((next: InventoryState, mode: 'push' | 'replace') => {
    const url = `${urlOfState(next, location.pathname, location.search)}${location.hash}`;
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
      show(stateFromUrl(location.pathname, location.search, choices));
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
      show({ filters: { ...current.current.filters, search }, page: 1 });
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(flush, SEARCH_URL_DELAY_MS);
    },
    [flush, show],
  );

  /** New filters (or sort): the list starts again at its first page. */
  const commit = useCallback(
    (filters: InventoryFilters) => {
      flush();
      typingEntry.current = false;
      const next = { filters, page: 1 };
      show(next);
      writeUrl(next, 'push');
    },
    [flush, show, writeUrl],
  );

  const goToPage = useCallback(
    (page: number) => {
      flush();
      typingEntry.current = false;
      const next = { filters: current.current.filters, page };
      show(next);
      writeUrl(next, 'push');
    },
    [flush, show, writeUrl],
  );

  return { state, live, setSearch, commit, goToPage, flush };
}

export type LotQuery = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'success'; vehicles: InventoryItem[] };

/**
 * The whole lot, fetched once the list is live (3 retries, never again on window focus). A
 * failure shows the error of docs/product.md §Errors; Try Again shows the six skeletons while
 * it reloads.
 */
export function useLot(live: boolean, retry: RetryOptions = {}) {
  const [query, setQuery] = useState<LotQuery>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const retryRef = useRef(retry);

  useEffect(() => {
    if (live && attempt === 0) setAttempt(1);
  }, [live, attempt]);

  useEffect(() => {
    if (attempt === 0) return;
    setQuery({ status: 'loading' });
    const controller = new AbortController();
    // A prerendered page asks for the lot once the visitor sees it (docs/decisions/speculative-loading.md).
    whenActivated(window, () => {
      if (controller.signal.aborted) return;
      fetchInventory({ ...retryRef.current, signal: controller.signal }).then(
        (vehicles) => setQuery({ status: 'success', vehicles }),
        (error: unknown) => {
          if (!controller.signal.aborted) setQuery({ status: 'error', message: error instanceof Error ? error.message : String(error) });
        },
      );
    });
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { query, reload };
}
