import json from '../../../data/services.json';
import { schema } from '../../../data/schemas/services.ts';
import { parseDataFile } from '../data-file.ts';

export const services = parseDataFile('services.json', schema, json);
export type { ServicePrice, Services } from '../../../data/schemas/services.ts';
