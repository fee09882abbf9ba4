import json from '../../../data/import.json';
import { schema } from '../../../data/schemas/import.ts';
import { parseDataFile } from '../data-file.ts';

/** The import settings (docs/product.md §Import), checked before every build like every data file. */
export const importMapping = parseDataFile('import.json', schema, json);
