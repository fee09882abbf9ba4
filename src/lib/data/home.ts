import json from '../../../data/home.json';
import { schema } from '../../../data/schemas/home.ts';
import { parseDataFile } from '../data-file.ts';

export const home = parseDataFile('home.json', schema, json);
