import json from '../../../data/pages.json';
import { schema } from '../../../data/schemas/pages.ts';
import { parseDataFile } from '../data-file.ts';

export const pages = parseDataFile('pages.json', schema, json);
export type { Pages } from '../../../data/schemas/pages.ts';
