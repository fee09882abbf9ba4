import json from '../../../data/brands.json';
import { schema } from '../../../data/schemas/brands.ts';
import { parseDataFile } from '../data-file.ts';

export const { brands } = parseDataFile('brands.json', schema, json);
export type { Brand } from '../../../data/schemas/brands.ts';
