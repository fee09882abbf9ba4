// A copy of the site with its lot grown to a given size (scripts/grow-lot.ts), built and served as
// `npm start` serves it, for the lot tests (playwright.lot.config.ts). The build's wall-clock time
// is written to `--info` (JSON) so the tests can hold it to its budget.
//
//   node --import ./scripts/json-imports.ts scripts/lot-site.ts --units 100 --port 8893 --info /tmp/lot-site.json
//
// The copy lives in a temporary folder and is removed on exit.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { growLot } from './grow-lot.ts';
import { importUnknownModelUnit } from '../tests/fixtures/unknown-model-unit.ts';
import { buildCopy, copySite, PORT_OPTIONS, portsOf, serveUntilStopped } from './photo-site.ts';

const { values } = parseArgs({
  options: { units: { type: 'string', default: '100' }, port: { type: 'string', default: '8893' }, ...PORT_OPTIONS, info: { type: 'string' } },
});
const dir = copySite();
const buildSeconds =
  (await buildCopy(dir, async () => {
    // One unit the import adds from a spreadsheet row alone, its model unknown to the site.
    await importUnknownModelUnit(dir);
    growLot(dir, Number(values.units));
  })) / 1000;
if (values.info) writeFileSync(values.info, JSON.stringify({ units: Number(values.units), buildSeconds, dir }));
await serveUntilStopped(dir, portsOf(values));
