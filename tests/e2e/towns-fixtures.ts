import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vehicles, type Vehicle } from '../../src/lib/data/vehicles.ts';

/** Expectations shared by the town, redirect and link specs, written from docs/product.md §Towns. */

const root = join(import.meta.dirname, '..', '..');

/** The 40 municipalities with their real type. */
export const MUNICIPALITIES: readonly { name: string; type: 'township' | 'borough' | 'city' }[] = [
  ['Bass River', 'township'],
  ['Beverly', 'city'],
  ['Bordentown', 'city'],
  ['Bordentown', 'township'],
  ['Burlington', 'city'],
  ['Burlington', 'township'],
  ['Chesterfield', 'township'],
  ['Cinnaminson', 'township'],
  ['Delanco', 'township'],
  ['Delran', 'township'],
  ['Eastampton', 'township'],
  ['Edgewater Park', 'township'],
  ['Evesham', 'township'],
  ['Fieldsboro', 'borough'],
  ['Florence', 'township'],
  ['Hainesport', 'township'],
  ['Lumberton', 'township'],
  ['Mansfield', 'township'],
  ['Maple Shade', 'township'],
  ['Medford', 'township'],
  ['Medford Lakes', 'borough'],
  ['Moorestown', 'township'],
  ['Mount Holly', 'township'],
  ['Mount Laurel', 'township'],
  ['New Hanover', 'township'],
  ['North Hanover', 'township'],
  ['Palmyra', 'borough'],
  ['Pemberton', 'borough'],
  ['Pemberton', 'township'],
  ['Riverside', 'township'],
  ['Riverton', 'borough'],
  ['Shamong', 'township'],
  ['Southampton', 'township'],
  ['Springfield', 'township'],
  ['Tabernacle', 'township'],
  ['Washington', 'township'],
  ['Westampton', 'township'],
  ['Willingboro', 'township'],
  ['Woodland', 'township'],
  ['Wrightstown', 'borough'],
].map(([name = '', type]) => ({ name, type: type as 'township' | 'borough' | 'city' }));

const slug = (text: string) => text.toLowerCase().replace(/\s+/g, '-');
const capital = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/** The 41 town pages: the county hub and each municipality, with the full name the page shows. */
export const TOWN_PAGES = [
  { fullName: 'Burlington County', path: '/burlington-county-golf-carts' },
  ...MUNICIPALITIES.map((t) => ({ fullName: `${t.name} ${capital(t.type)}`, path: `/${slug(t.name)}-${t.type}-golf-carts` })),
];

/** Names shared by two municipalities: their bare spelling is ambiguous and is not redirected. */
export const SHARED_NAMES = ['Bordentown', 'Burlington', 'Pemberton'];

/** docs/product.md §Towns: one of 8 background images. */
export const BACKGROUNDS = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `/images/towns/bg-${n}.svg`);

/** The listed units as the site was built from them, in the lot's order (the town pages show the first). */
export function builtVehicles(): Vehicle[] {
  return vehicles;
}

export interface Redirect {
  from: string;
  to: string;
  status: number;
  /** The query parameters the rule requires, as written (`sort=:sort`, several joined by &). */
  query?: string;
  /** Applied even where a page exists (`200!`). */
  force?: boolean;
}

/** The rules of dist/_redirects: what the server under test was given. */
export function builtRedirects(): Redirect[] {
  return readFileSync(join(root, 'dist', '_redirects'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [from = '', ...rest] = line.split(/\s+/);
      const status = rest.pop() ?? '';
      const to = rest.pop() ?? '';
      return {
        from,
        to,
        status: Number(status.replace(/!$/, '')),
        ...(rest.length > 0 ? { query: rest.join('&') } : {}),
        ...(status.endsWith('!') ? { force: true } : {}),
      };
    });
}
