// The copy of the site the copy's browser tests run against (playwright.copy.config.ts: tests/photos,
// tests/lot, tests/stores), built once with everything they look at:
//   - a second store, with every other shipped unit on its lot (tests/fixtures/second-store.ts);
//   - generated raster photos: the photo fixtures and a main photo for every shipped unit (scripts/photo-site.ts);
//   - what the admin saved in its test on a phone this run (tests/e2e/admin-phone.spec.ts, scripts/admin-edits.ts);
//   - a unit imported from a spreadsheet row whose model the site does not know (tests/fixtures/unknown-model-unit.ts);
//   - the lot grown to 100 listed units (scripts/grow-lot.ts).
//
//   npx playwright test -c playwright.copy.config.ts --project=admin     the admin's edits, once
//   node --import ./scripts/json-imports.ts scripts/copy-site.ts --port 8890   then build the copy and serve it until stopped
//
// The copy lives in a temporary folder (node_modules linked) and is removed on exit.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { onSecondStore, SECOND_STORE, SECOND_STORE_SLUG } from '../tests/fixtures/second-store.ts';
import { importUnknownModelUnit } from '../tests/fixtures/unknown-model-unit.ts';
import { applyAdminEdits, readAdminEdits, type AdminEdits } from './admin-edits.ts';
import { growLot } from './grow-lot.ts';
import { tool } from '../src/lib/settings/tools.ts';
import { childrenCpu } from './cpu-time.ts';
import { addPhotos, buildSite, copySite, PORT_OPTIONS, portsOf, serveUntilStopped } from './photo-site.ts';

/** Listed units of the copy's lot: more than five pages of the inventory. */
export const COPY_UNITS = 100;

/** What the copy's tests need to know of it: where it is, its listed units and what its `astro build` took. */
export interface CopySiteInfo {
  dir: string;
  units: number;
  buildSeconds: number;
  /** User and system CPU seconds of the build; undefined where the system does not say (scripts/cpu-time.ts). */
  buildCpuSeconds: number | undefined;
}

/**
 * The functions the copy's pages and tests call: the lot's API, the inventory without JavaScript,
 * and the contact and rental forms the stores tests send. `netlify serve` bundles every function
 * in functions/ when it starts (about 45 s of CPU for all 27); the copy serves these only. A test
 * of the copy that calls another gets a 404 (and its console error fails it): add it here.
 */
export const COPY_FUNCTIONS = ['vehicles.ts', 'inventory-page.ts', 'contact.ts', 'reserve.ts'];

/** Removes from the copy in `dir` every function but COPY_FUNCTIONS (functions/lib/ and the rest stay). */
export function keepCopyFunctions(dir: string): void {
  const folder = join(dir, 'functions');
  for (const entry of readdirSync(folder, { withFileTypes: true }))
    if (entry.isFile() && !COPY_FUNCTIONS.includes(entry.name)) rmSync(join(folder, entry.name));
}

/** Where the copy's build writes its CopySiteInfo for the copy's tests (COPY_SITE_INFO, set by playwright.copy.config.ts). */
export function copySiteInfoFile(): string {
  const file = tool('COPY_SITE_INFO');
  if (!file) throw new Error('COPY_SITE_INFO is not set: run the copy tests with `npm run test:copy`');
  return file;
}

/** The copy built in this run (tests/copy/site.setup.ts). */
export function readCopySiteInfo(): CopySiteInfo {
  const file = copySiteInfoFile();
  if (!existsSync(file)) throw new Error(`${file} is missing: the \`build\` project of playwright.copy.config.ts builds the copy before its tests`);
  return JSON.parse(readFileSync(file, 'utf8')) as CopySiteInfo;
}

/** Adds the second store to the site in `dir` and puts every other unit on its lot (the rest on the first store's). */
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

/**
 * Makes the site in `dir` the copy: the photos over the shipped units; the admin's files as it
 * saved them; the imported unit (imported while the site has one store, as a spreadsheet row
 * names no lot); the second store, every other unit on its lot (a site of several stores names
 * each unit's store, so the admin's units get theirs here); last the lot grown to `units` listed
 * units (copies of the listed units, each on its source's store, with its photos); and only the
 * functions its tests call.
 */
export async function prepareCopySite(dir: string, { units, adminEdits }: { units: number; adminEdits: AdminEdits }): Promise<void> {
  await addPhotos(dir);
  applyAdminEdits(dir, adminEdits);
  await importUnknownModelUnit(dir);
  addSecondStore(dir);
  growLot(dir, units);
  keepCopyFunctions(dir);
}

/** Copies the site, prepares the copy and builds it; the copy is removed if either fails. */
export async function buildCopySite({ units = COPY_UNITS, adminEdits }: { units?: number; adminEdits: AdminEdits }): Promise<CopySiteInfo> {
  const dir = copySite();
  try {
    await prepareCopySite(dir, { units, adminEdits });
    const before = childrenCpu();
    const buildSeconds = buildSite(dir) / 1000;
    const after = childrenCpu();
    const buildCpuSeconds = before && after ? after.user + after.system - before.user - before.system : undefined;
    return { dir, units, buildSeconds, buildCpuSeconds };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '8890' }, ...PORT_OPTIONS, units: { type: 'string', default: String(COPY_UNITS) } },
  });
  const { dir, buildSeconds } = await buildCopySite({ units: Number(values.units), adminEdits: readAdminEdits() });
  console.log(`the copy of the site built in ${buildSeconds.toFixed(1)} s`);
  await serveUntilStopped(dir, portsOf(values));
}
