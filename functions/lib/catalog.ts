import { brands } from '../../src/lib/data/brands.ts';
import { units } from '../../src/lib/data/vehicles.ts';
import { describeVehicle, vehicleCatalog, type VehicleDescription } from '../../src/lib/inquiry.ts';
import type { Lead } from './lead.ts';

/** Every unit in the data (sold ones too: a lead from a sold unit's page still names its cart) and the brands, for naming the vehicle a lead is about. */
export const catalog = vehicleCatalog(brands, units);

export function leadVehicle(lead: Lead): VehicleDescription | undefined {
  return lead.source.vehicle ? describeVehicle(lead.source.vehicle, catalog) : undefined;
}
