import type { InventoryFilterProps } from '../../islands/InventoryFilter.tsx';
import { listedVehicles } from '../../lib/data/lot.ts';
import { brandName, priceBands, vehicleBrands, vehicleCategories } from '../../lib/data/vehicles.ts';
import { filterChoices } from '../../lib/inventory-filter.ts';
import { categoryLabel } from '../../lib/vehicle-display.ts';
import { toInventoryItem } from '../../lib/vehicles-client.ts';

/**
 * The props of the inventory island, from one place: the pre-rendered page passes them, and the
 * inventory page function (functions/inventory-page.ts) renders the island with the same ones,
 * so its markup is what the browser hydrates (docs/product.md §Inventory).
 */
export const inventoryIslandProps = {
  vehicles: listedVehicles.map(toInventoryItem),
  choices: filterChoices(
    vehicleBrands.map((slug) => ({ value: slug, label: brandName(slug) })),
    vehicleCategories.map((category) => ({ value: category, label: categoryLabel(category) })),
    priceBands,
  ),
  priceEdges: priceBands,
} satisfies InventoryFilterProps;
