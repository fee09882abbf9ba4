import { useMemo, useRef, type MouseEvent, type ReactNode, type SubmitEvent } from 'react';
import InventoryFilterBar from '../components/inventory/InventoryFilterBar.tsx';
import InventoryResults, { CountLine } from '../components/inventory/InventoryResults.tsx';
import InventorySkeletons from '../components/inventory/InventorySkeletons.tsx';
import { useInventoryState, useLot } from '../components/inventory/use-inventory.ts';
import { DEFAULT_FILTERS, filterVehicles, sortVehicles, type FilterChoices, type PriceEdges } from '../lib/inventory/filter.ts';
import { listPage, urlOfState } from '../lib/inventory/pages.ts';

export interface InventoryFilterProps {
  choices: FilterChoices;
  priceEdges: PriceEdges;
  /** The address the filter form asks for without JavaScript: /new-inventory, or /inventory on that page. */
  action: string;
  /** The count line of the list as rendered (an Astro slot: static HTML, not data). */
  summary?: ReactNode;
  /** The list as rendered: cards and page links, or the no-match texts (an Astro slot). */
  results?: ReactNode;
  /**
   * Server render only: the query of the address rendered (the inventory page function passes
   * the request's). In the browser the first render reads the address the page was loaded from
   * instead, the same query, so hydration matches. Never passed by the pages (docs/product.md §Inventory).
   */
  requestQuery?: string;
}

/**
 * The inventory (docs/product.md §Inventory): filter bar, count line and list, with the
 * loading and error states. The count line and the list arrive as static HTML, rendered for
 * the address (a pre-rendered list page, or the inventory page function's render of a filtered
 * one), so the island carries no unit at first view and hydrates only its filter bar. When the
 * visitor first filters, sorts or turns a page it fetches the whole lot once and lists it
 * itself. Its forms and page links are plain GET forms and links, so the page works without
 * JavaScript.
 */
export default function InventoryFilter({ choices, priceEdges, action, summary, results, requestQuery = '' }: InventoryFilterProps) {
  const { state, live, setSearch, commit, goToPage, flush } = useInventoryState(choices, requestQuery);
  const { query, reload } = useLot(live);
  const searchRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const { filters } = state;

  const matched = useMemo(
    () => (query.status === 'success' ? sortVehicles(filterVehicles(query.vehicles, filters, priceEdges), filters.sort) : []),
    [query, filters, priceEdges],
  );
  const list = listPage(matched, state.page);

  /** A page link, pre-rendered or not: the next page of the list without leaving the page. */
  const turnPage = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[data-page]') : null;
    if (!link) return;
    event.preventDefault();
    goToPage(Number(link.getAttribute('data-page')));
    // The top of the new page, for the eyes and the keyboard alike.
    requestAnimationFrame(() => {
      const top =
        rootRef.current?.querySelector<HTMLElement>('[data-inventory-list]') ??
        rootRef.current?.querySelector<HTMLElement>('[data-testid="inventory-loading"]');
      top?.scrollIntoView({ block: 'start' });
      top?.focus({ preventScroll: true });
    });
  };

  /** Clear All Filters, pre-rendered or not: every unit again, and the search box to type in. */
  const clearAll = (event: SubmitEvent<HTMLDivElement>) => {
    if (!(event.target instanceof HTMLFormElement) || !event.target.hasAttribute('data-clear-filters')) return;
    event.preventDefault();
    commit(DEFAULT_FILTERS);
    searchRef.current?.focus();
  };

  return (
    <div ref={rootRef} className="space-y-6" onClick={turnPage} onSubmit={clearAll}>
      <InventoryFilterBar
        filters={filters}
        choices={choices}
        action={action}
        searchRef={searchRef}
        onSearch={setSearch}
        onSelect={(key, value) => commit({ ...filters, [key]: value })}
        onStreet={(street) => commit({ ...filters, street })}
        onApply={flush}
      />

      <div aria-live="polite" aria-atomic="true" className="min-h-6 text-slate-700" data-testid="inventory-count">
        {!live ? summary : query.status === 'success' && <CountLine matched={matched.length} total={query.vehicles.length} />}
      </div>

      {!live && results}

      {live && (query.status === 'idle' || query.status === 'loading') && <InventorySkeletons />}

      {live && query.status === 'error' && (
        <div role="alert" className="card border-red-300 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">Error loading vehicles: {query.message}</p>
          <button type="button" className="btn btn-outline mt-4" onClick={reload}>
            Try Again
          </button>
        </div>
      )}

      {live && query.status === 'success' && (
        <InventoryResults list={list} hrefOf={(page) => urlOfState({ filters, page }, location.pathname, location.search)} />
      )}
    </div>
  );
}
