/** How many placeholder cards show while the inventory loads (docs/product.md §Inventory). */
export const SKELETON_COUNT = 6;

/** Six grey cards in the shape of vehicle cards, announced once as "Loading vehicles…". */
export default function InventorySkeletons() {
  return (
    <div aria-busy="true" data-testid="inventory-loading">
      <p role="status" className="sr-only">
        Loading vehicles…
      </p>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          <li key={index} className="card overflow-hidden" data-skeleton="">
            <div className="aspect-[4/3] w-full animate-pulse bg-slate-200" />
            <div className="space-y-3 p-5">
              <div className="h-5 w-2/3 animate-pulse rounded bg-slate-200" />
              <div className="h-4 w-full animate-pulse rounded bg-slate-200" />
              <div className="h-4 w-5/6 animate-pulse rounded bg-slate-200" />
              <div className="h-7 w-1/3 animate-pulse rounded bg-slate-200" />
              <div className="h-11 w-full animate-pulse rounded-lg bg-slate-200" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
