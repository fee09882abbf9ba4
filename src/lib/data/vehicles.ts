import json from '../../../data/vehicles.json';
import { schema, VehicleBrand, VehicleCategory } from '../../../data/schemas/vehicles.ts';
import { parseDataFile } from '../data-file.ts';
import { brands } from './brands.ts';

export const { vehicles, priceBands } = parseDataFile('vehicles.json', schema, json);

/** The brands and categories a unit can have, in filter order (docs/product.md §Inventory). */
export const vehicleBrands = VehicleBrand.options;
export const vehicleCategories = VehicleCategory.options;

/** "evolution" → "Evolution" (the name in data/brands.json). */
export function brandName(slug: string): string {
  return brands.find((brand) => brand.slug === slug)?.name ?? slug;
}

export type { PriceBands, Vehicle, VehicleBrand, VehicleCategory } from '../../../data/schemas/vehicles.ts';
