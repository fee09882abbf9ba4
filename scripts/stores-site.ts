// A copy of the site with a second store (tests/fixtures/second-store.ts) and every other unit on
// its lot, built and served as `npm start` serves it, for the stores tests (playwright.stores.config.ts).
//
//   node scripts/stores-site.ts --port 8895 --info /tmp/stores-site.json   (the copy's folder is written to --info)
//
// The copy lives in a temporary folder and is removed on exit.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { onSecondStore, SECOND_STORE, SECOND_STORE_SLUG } from '../tests/fixtures/second-store.ts';
import { buildSite, copySite, serveUntilStopped } from './photo-site.ts';

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
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8895' },
      'static-port': { type: 'string' },
      'functions-port': { type: 'string' },
      info: { type: 'string' },
    },
  });
  const port = Number(values.port);
  const ports = { port, static: Number(values['static-port'] ?? port + 1), functions: Number(values['functions-port'] ?? port + 2) };
  const dir = copySite();
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });
  try {
    addSecondStore(dir);
    console.log(`stores copy built in ${(buildSite(dir) / 1000).toFixed(1)} s`);
  } catch (error) {
    cleanUp();
    throw error;
  }
  if (values.info) writeFileSync(values.info, JSON.stringify({ dir }));
  await serveUntilStopped(dir, ports);
}
