import json from '../../../data/finance.json';
import { schema } from '../../../data/schemas/finance.ts';
import { parseDataFile } from '../data-file.ts';

export const finance = parseDataFile('finance.json', schema, json);
export type { Finance, Promotion } from '../../../data/schemas/finance.ts';
