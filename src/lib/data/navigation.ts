import json from '../../../data/navigation.json';
import { schema } from '../../../data/schemas/navigation.ts';
import { parseDataFile } from '../data-file.ts';

export const navigation = parseDataFile('navigation.json', schema, json);
export type { NavLink } from '../../../data/schemas/navigation.ts';
