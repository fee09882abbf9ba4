import type { InventoryFilterProps } from '../../islands/InventoryFilter.tsx';
import { brandName, priceBands, vehicleBrands, vehicleCategories } from '../../lib/data/vehicles.ts';
import { filterChoices } from '../../lib/inventory/filter.ts';
import { severalStores, stores } from '../../lib/data/stores.ts';
import { categoryLabel } from '../../lib/units/display.ts';

/**
 * The props of the inventory island, from one place: the pre-rendered pages pass them, and the
 * inventory page function (functions/inventory-page.ts) renders the island with the same ones,
 * so its markup is what the browser hydrates (docs/product.md §Inventory). None grows with the
 * lot: the units come as the island's static slots, or from the lot file once it is live.
 */
export const inventoryIslandProps = {
  choices: filterChoices(
    vehicleBrands.map((slug) => ({ value: slug, label: brandName(slug) })),
    vehicleCategories.map((category) => ({ value: category, label: categoryLabel(category) })),
    priceBands,
    severalStores ? stores.map((store) => ({ value: store.slug, label: store.address.city })) : undefined,
  ),
  priceEdges: priceBands,
} satisfies Omit<InventoryFilterProps, 'action'>;
