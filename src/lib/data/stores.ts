// Gathered from data/stores/*.json by src/integrations/unit-files.ts (docs/decisions/data-loader.md).
import storeFiles from '../../../.generated/store-files.json';
import dealerJson from '../../../data/dealer.json';
import { schema as dealerSchema } from '../../../data/schemas/dealer.ts';
import { schema as storeSchema } from '../../../data/schemas/stores.ts';
import { DataFileError, parseDataFile, parseDataFiles } from '../data-file.ts';
import { resolveStores, type Store } from '../stores/stores.ts';
import { slug } from '../../../data/schemas/common.ts';
import { FILTER_KEYS, STORE_FILTER } from '../inventory/filter.ts';

/**
 * The stores from their files, each checked by data/schemas/stores.ts; the build stops on a bad
 * file, a file name that is not a slug, a store code used twice, or no store at all.
 */
export function parseStores(files: Readonly<Record<string, unknown>>, dealerFile: unknown): Store[] {
  const dealer = parseDataFile('dealer.json', dealerSchema, dealerFile);
  const names = Object.keys(files).sort();
  if (names.length === 0) throw new DataFileError('There is no store: add one file to data/stores/ (docs/product.md §Stores)');
  const badNames = names.filter((name) => !slug.safeParse(name.replace(/\.json$/, '')).success);
  if (badNames.length > 0)
    throw new DataFileError(
      `Invalid store file name${badNames.length === 1 ? '' : 's'}:\n${badNames.map((name) => `  • data/stores/${name}: the file name is the store's address /locations/{name}: it must be lowercase words joined by hyphens`).join('\n')}`,
    );
  const parsed = parseDataFiles(names.map((name) => ({ file: `stores/${name}`, schema: storeSchema, json: files[name] })));
  const stores = resolveStores(Object.fromEntries(names.map((name, index) => [name, parsed[index]!])), dealer);
  const codes = new Map<string, string>();
  const problems: string[] = [];
  for (const store of stores) {
    const holder = codes.get(store.storeCode.toUpperCase());
    if (holder) problems.push(`  • data/stores/${store.slug}.json → storeCode: "${store.storeCode}" is already the store code of "${holder}"`);
    else codes.set(store.storeCode.toUpperCase(), store.slug);
  }
  const mains = stores.filter((store) => parsed[names.indexOf(`${store.slug}.json`)]?.main);
  if (mains.length > 1) problems.push(`  • data/stores/${mains[1]!.slug}.json → main: "${mains[0]!.slug}" is already the main store: only one may be`);
  if (problems.length > 0) throw new DataFileError(`Invalid store files:\n${problems.join('\n')}`);
  return stores;
}

export const stores = parseStores(storeFiles, dealerJson);
/** The main store (data/stores/ `main`, else the first by file name): the showroom of a one-store site, and the one the pages about the whole business name. */
export const mainStore = stores[0]!;
/** Whether the site has several stores: the Locations pages, the Location filter and the store line show only then. */
export const severalStores = stores.length > 1;
export const storeBySlug: ReadonlyMap<string, Store> = new Map(stores.map((store) => [store.slug, store]));
export type { Store } from '../stores/stores.ts';

/** The query parameters of a filtered inventory address: the Location filter's too, with several stores (docs/product.md §Stores). */
export const inventoryFilterKeys: readonly string[] = severalStores ? [...FILTER_KEYS, STORE_FILTER] : FILTER_KEYS;

/** The lead forms' store choice with several stores (the main store first); none with one. */
export const storeOptions = severalStores ? stores.map((store) => ({ value: store.slug, label: `${store.name}, ${store.address.city}` })) : undefined;
