import { useMemo, useRef, type SubmitEvent } from 'react';
import InventoryFilterBar from '../components/inventory/InventoryFilterBar.tsx';
import InventorySkeletons from '../components/inventory/InventorySkeletons.tsx';
import { useUrlFilters, useVehicles } from '../components/inventory/use-inventory.ts';
import VehicleCard from '../components/VehicleCard.tsx';
import { DEFAULT_FILTERS, filterVehicles, sortVehicles, type FilterChoices, type PriceEdges } from '../lib/inventory-filter.ts';
import type { InventoryItem } from '../lib/vehicles-client.ts';

export interface InventoryFilterProps {
  /** Every unit on the lot at build time: rendered into the page, then refreshed from /api/vehicles. */
  vehicles: InventoryItem[];
  choices: FilterChoices;
  priceEdges: PriceEdges;
  /** Ask /api/vehicles for fresh stock after hydration (default true). */
  refresh?: boolean;
  /**
   * Server render only: the query of the address rendered (the inventory page function passes
   * the request's). In the browser the first render reads the address the page was loaded from
   * instead, the same query, so hydration matches. Never passed by the page (docs/product.md §Inventory).
   */
  requestQuery?: string;
}

/**
 * The inventory (docs/product.md §Inventory): filter bar, count line, grid, empty, loading and error states.
 * Its server render is the list of the address's filters (every unit on the pre-rendered page),
 * and its filter bar and Clear All Filters are GET forms, so the page works with JavaScript off.
 */
export default function InventoryFilter({ vehicles: initial, choices, priceEdges, refresh = true, requestQuery = '' }: InventoryFilterProps) {
  const { filters, setSearch, commit, flush } = useUrlFilters(choices, requestQuery);
  const { query, reload } = useVehicles(initial, refresh);
  const searchRef = useRef<HTMLInputElement>(null);

  const all = query.status === 'success' ? query.vehicles : [];
  const shown = useMemo(() => sortVehicles(filterVehicles(all, filters, priceEdges), filters.sort), [all, filters, priceEdges]);

  const clearAll = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    commit(DEFAULT_FILTERS);
    searchRef.current?.focus();
  };

  return (
    <div className="space-y-6">
      <InventoryFilterBar
        filters={filters}
        choices={choices}
        searchRef={searchRef}
        onSearch={setSearch}
        onSelect={(key, value) => commit({ ...filters, [key]: value })}
        onStreet={(street) => commit({ ...filters, street })}
        onApply={flush}
      />

      <div aria-live="polite" aria-atomic="true" className="min-h-6 text-slate-700" data-testid="inventory-count">
        {query.status === 'success' &&
          (shown.length > 0 ? (
            <p>
              Showing {shown.length} of {all.length} total vehicles
            </p>
          ) : (
            <p>No vehicles match your current filters. Showing 0 of {all.length} total vehicles</p>
          ))}
      </div>

      {query.status === 'loading' && <InventorySkeletons />}

      {query.status === 'error' && (
        <div role="alert" className="card border-red-300 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">Error loading vehicles: {query.message}</p>
          <button type="button" className="btn btn-outline mt-4" onClick={reload}>
            Try Again
          </button>
        </div>
      )}

      {query.status === 'success' && shown.length > 0 && (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((vehicle, index) => (
            <li key={vehicle.id}>
              <VehicleCard vehicle={vehicle} priority={index === 0} />
            </li>
          ))}
        </ul>
      )}

      {query.status === 'success' && shown.length === 0 && (
        <div className="card px-6 py-12 text-center">
          <h3 className="text-xl font-semibold">No vehicles found</h3>
          <p className="mt-2 text-slate-700">Try adjusting your search criteria or filters</p>
          {/* Without JavaScript the form asks for the address without a filter: every unit. */}
          <form method="get" onSubmit={clearAll}>
            <button type="submit" className="btn btn-primary mt-6">
              Clear All Filters
            </button>
          </form>
        </div>
      )}
    </div>
  );
}
