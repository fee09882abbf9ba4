import { brands } from '../../src/lib/data/brands.ts';
import { vehicles } from '../../src/lib/data/vehicles.ts';
import { describeVehicle, vehicleCatalog, type VehicleDescription } from '../../src/lib/inquiry.ts';
import type { Lead } from './lead.ts';

/** The units on the lot and the brands, for naming the vehicle a lead is about. */
export const catalog = vehicleCatalog(brands, vehicles);

export function leadVehicle(lead: Lead): VehicleDescription | undefined {
  return lead.source.vehicle ? describeVehicle(lead.source.vehicle, catalog) : undefined;
}
