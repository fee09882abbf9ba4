import json from '../../../data/vehicles.json';
import { schema, VehicleBrand, VehicleCategory } from '../../../data/schemas/vehicles.ts';
import { parseDataFile } from '../data-file.ts';
import { isListed } from '../units.ts';
import { brands } from './brands.ts';

const file = parseDataFile('vehicles.json', schema, json);

/** Every unit in the data, sold ones included (their pages and redirects: src/lib/data/lot.ts). */
export const units = file.vehicles;
/** The lot as the site lists it: available and on-hold units. Sold units leave every list. */
export const vehicles = units.filter(isListed);
export const { priceBands, removed: removedUnits, soldPageDays } = file;

/** The brands and categories a unit can have, in filter order (docs/product.md §Inventory). */
export const vehicleBrands = VehicleBrand.options;
export const vehicleCategories = VehicleCategory.options;

/** "evolution" → "Evolution" (the name in data/brands.json). */
export function brandName(slug: string): string {
  return brands.find((brand) => brand.slug === slug)?.name ?? slug;
}

export type { PriceBands, Vehicle, VehicleBrand, VehicleCategory, UnitStatus, RemovedUnit, Battery } from '../../../data/schemas/vehicles.ts';
