import VehicleCard from '../VehicleCard.tsx';
import type { ListPage } from '../../lib/inventory/pages.ts';
import type { InventoryItem } from '../../lib/inventory/vehicles-client.ts';
import Pager from '../Pager.tsx';

/** The count line of docs/product.md §Inventory: how many units match, of the whole lot. */
export function CountLine({ matched, total }: { matched: number; total: number }) {
  return matched > 0 ? (
    <p>
      Showing {matched} of {total} total vehicles
    </p>
  ) : (
    <p>No vehicles match your current filters. Showing 0 of {total} total vehicles</p>
  );
}

interface Props {
  /** The page of the matching units to show. */
  list: ListPage<InventoryItem>;
  /** The address of another page of the same list. */
  hrefOf: (page: number) => string;
}

/**
 * The inventory's list (docs/product.md §Inventory): the cards of one page (the first card's
 * image is fetched first: it can be the page's largest paint) and the numbered links to the
 * others, or the no-match texts with Clear All Filters. The same markup whoever
 * renders it: the pre-rendered list pages, the inventory page function for a filtered address,
 * and the island once the visitor filters, sorts or turns a page. Its links and its form work
 * without JavaScript; the island takes over their clicks (data-page, data-clear-filters).
 */
export default function InventoryResults({ list, hrefOf }: Props) {
  if (list.total === 0) {
    return (
      <div className="card px-6 py-12 text-center">
        <h3 className="text-xl font-semibold">No vehicles found</h3>
        <p className="mt-2 text-slate-700">Try adjusting your search criteria or filters</p>
        {/* Without JavaScript the form asks for the address without a filter: every unit. */}
        <form method="get" data-clear-filters="">
          <button type="submit" className="btn btn-primary mt-6">
            Clear All Filters
          </button>
        </form>
      </div>
    );
  }
  return (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" tabIndex={-1} data-inventory-list="">
        {list.items.map((vehicle, index) => (
          <li key={vehicle.id}>
            {/* On a phone the first card is below the filters, out of the first view: fetched at
                once but not ahead of the page (docs/product.md §Speed). */}
            <VehicleCard vehicle={vehicle} eager={index === 0} />
          </li>
        ))}
      </ul>
      <Pager list={list} hrefOf={hrefOf} label="Inventory pages" />
    </>
  );
}
