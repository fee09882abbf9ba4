import json from '../../../data/towns.json';
import { schema, type Municipality } from '../../../data/schemas/towns.ts';
import { parseDataFile } from '../data-file.ts';
import { slugify } from '../format.ts';

const data = parseDataFile('towns.json', schema, json);

export interface Town extends Municipality {
  /** "Bass River Township", "Beverly City". */
  fullName: string;
  /** Canonical page path, e.g. /bass-river-township-golf-carts. */
  path: string;
}

const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export const county = data.county;

/** The 40 municipalities the dealer serves, in the order of data/towns.json. */
export const municipalities: Town[] = data.municipalities.map((m) => ({
  ...m,
  fullName: `${m.name} ${titleCase(m.type)}`,
  path: `/${slugify(m.name)}-${m.type}-golf-carts`,
}));

/** The county hub page. */
export const countyPage = { name: county.name, path: `/${slugify(county.name)}-golf-carts` };
