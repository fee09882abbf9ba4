import json from '../../../data/dealer.json';
import { schema } from '../../../data/schemas/dealer.ts';
import { parseDataFile } from '../data-file.ts';

export const dealer = parseDataFile('dealer.json', schema, json);
export type { Dealer, HoursLine } from '../../../data/schemas/dealer.ts';
