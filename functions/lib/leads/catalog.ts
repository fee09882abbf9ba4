import { brands } from '../../../src/lib/data/brands.ts';
import { brandName, units } from '../../../src/lib/data/vehicles.ts';
import { describeVehicle, vehicleCatalog, type VehicleDescription } from '../../../src/lib/leads/inquiry.ts';
import type { Lead } from './lead.ts';
import type { UnitSnapshot } from './records.ts';

/** Every unit in the data (sold ones too: a lead from a sold unit's page still names its cart) and the brands, for naming the vehicle a lead is about. */
export const catalog = vehicleCatalog(brands, units);

export function leadVehicle(lead: Lead): VehicleDescription | undefined {
  return lead.source.vehicle ? describeVehicle(lead.source.vehicle, catalog) : undefined;
}

/**
 * A unit of the lot as the lead keeps it (docs/product.md §Units): stock number, VIN or serial,
 * year, make, model, price and condition as listed when the lead came in. Undefined for an id
 * that is no unit (a model slug, or a unit no longer in the data).
 */
export function unitSnapshot(id: string | undefined): UnitSnapshot | undefined {
  const unit = id ? units.find((candidate) => candidate.id === id) : undefined;
  if (!unit) return undefined;
  return {
    id: unit.id,
    name: unit.name,
    stockNumber: unit.stockNumber,
    ...(unit.vin ? { vin: unit.vin } : {}),
    ...(unit.serialNumber ? { serialNumber: unit.serialNumber } : {}),
    year: unit.year,
    make: brandName(unit.brand),
    model: unit.model ?? describeVehicle(unit.id, catalog).model,
    price: unit.price,
    condition: unit.condition,
    exteriorColor: unit.exteriorColor,
  };
}
