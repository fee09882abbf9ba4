import json from '../../../data/vehicles.json';
import { schema } from '../../../data/schemas/vehicles.ts';
import { parseDataFile } from '../data-file.ts';

export const { vehicles } = parseDataFile('vehicles.json', schema, json);
export type { Vehicle, VehicleCategory } from '../../../data/schemas/vehicles.ts';
