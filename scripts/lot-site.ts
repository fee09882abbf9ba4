// A copy of the site with its lot grown to a given size (scripts/grow-lot.ts), built and served as
// `npm start` serves it, for the lot tests (playwright.lot.config.ts). The build's wall-clock time
// is written to `--info` (JSON) so the tests can hold it to its budget.
//
//   node --import ./scripts/json-imports.ts scripts/lot-site.ts --units 100 --port 8893 --info /tmp/lot-site.json
//
// The copy lives in a temporary folder and is removed on exit.
import { rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { growLot } from './grow-lot.ts';
import { importUnknownModelUnit } from '../tests/fixtures/unknown-model-unit.ts';
import { buildSite, copySite, serveUntilStopped } from './photo-site.ts';

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '100' },
    port: { type: 'string', default: '8893' },
    'static-port': { type: 'string' },
    'functions-port': { type: 'string' },
    info: { type: 'string' },
  },
});
const port = Number(values.port);
const ports = { port, static: Number(values['static-port'] ?? port + 1), functions: Number(values['functions-port'] ?? port + 2) };
const dir = copySite();
const cleanUp = () => rmSync(dir, { recursive: true, force: true });
let buildSeconds: number;
try {
  // One unit the import adds from a spreadsheet row alone, its model unknown to the site.
  await importUnknownModelUnit(dir);
  growLot(dir, Number(values.units));
  buildSeconds = buildSite(dir) / 1000;
} catch (error) {
  cleanUp();
  throw error;
}
if (values.info) writeFileSync(values.info, JSON.stringify({ units: Number(values.units), buildSeconds, dir }));
await serveUntilStopped(dir, ports);
