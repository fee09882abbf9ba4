import json from '../../../data/dealer.json';
import { schema } from '../../../data/schemas/dealer.ts';
import { parseDataFile } from '../data-file.ts';
import { dealerWithShowroom } from '../stores/stores.ts';
import { mainStore } from './stores.ts';

/** The business (data/dealer.json) with its showroom, the first store (docs/product.md §Stores). */
export const dealer = dealerWithShowroom(parseDataFile('dealer.json', schema, json), mainStore);
export type { HoursLine } from '../../../data/schemas/dealer.ts';
export type { Dealer } from '../stores/stores.ts';
