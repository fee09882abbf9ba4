// A copy of the site with a second store (tests/fixtures/second-store.ts) and every other unit on
// its lot, built and served as `npm start` serves it, for the stores tests (playwright.stores.config.ts).
//
//   node scripts/stores-site.ts --port 8895 --info /tmp/stores-site.json   (the copy's folder is written to --info)
//
// The copy lives in a temporary folder and is removed on exit.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { onSecondStore, SECOND_STORE, SECOND_STORE_SLUG } from '../tests/fixtures/second-store.ts';
import { buildCopy, copySite, PORT_OPTIONS, portsOf, serveUntilStopped } from './photo-site.ts';

/** Adds the second store to the copy in `dir` and puts every other unit on its lot (the rest on the first store's). */
export function addSecondStore(dir: string): void {
  const write = (path: string, data: unknown) => writeFileSync(join(dir, path), `${JSON.stringify(data, null, 2)}\n`);
  write(`data/stores/${SECOND_STORE_SLUG}.json`, SECOND_STORE);
  const first = readdirSync(join(dir, 'data', 'stores'))
    .find((name) => name !== `${SECOND_STORE_SLUG}.json`)!
    .replace(/\.json$/, '');
  readdirSync(join(dir, 'data', 'units'))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .forEach((name, index) => {
      const unit = JSON.parse(readFileSync(join(dir, 'data', 'units', name), 'utf8')) as Record<string, unknown>;
      write(`data/units/${name}`, { ...unit, store: onSecondStore(name, index) ? SECOND_STORE_SLUG : first });
    });
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '8895' }, ...PORT_OPTIONS, info: { type: 'string' } } });
  const dir = copySite();
  console.log(`stores copy built in ${((await buildCopy(dir, addSecondStore)) / 1000).toFixed(1)} s`);
  if (values.info) writeFileSync(values.info, JSON.stringify({ dir }));
  await serveUntilStopped(dir, portsOf(values));
}
