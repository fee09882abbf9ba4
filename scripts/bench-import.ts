// `npm run bench:import [-- 1000]`: the import at the size of a large lot. A copy of the unit
// files grows to ROWS listed units (scripts/grow-lot.ts); a spreadsheet lists them all (every
// tenth at a new price) plus 20 new units, saved as CSV and as .xlsx; each is imported as a dry
// run through `npm run import`'s own code, three times, and the median is printed with the
// phases of one run. Fails (exit 1) past LIMIT_MS, the figure docs/product.md §Import promises.
// Then the feeds made to cost the most for their size (tests/import/hostile-feeds.ts), each read
// in a process of its own: the reason it was refused, its CPU time and peak memory; fails when
// one is read, or costs more than a second of CPU or 200 MB.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import brandsJson from '../data/brands.json' with { type: 'json' };
import importJson from '../data/import.json' with { type: 'json' };
import modelsJson from '../data/models.json' with { type: 'json' };
import { schema as importSchema } from '../data/schemas/import.ts';
import type { Model } from '../data/schemas/models.ts';
import { reconcile } from '../src/lib/import/reconcile.ts';
import { spreadsheetRows } from '../src/lib/import/rows.ts';
import { HOSTILE_FEEDS, measureRead, serveFeed } from '../tests/import/hostile-feeds.ts';
import { lookupWith, PHOTO_HOST } from '../tests/import/lot-feed.ts';
import { xlsxOf } from '../tests/import/xlsx.ts';
import { growLot } from './grow-lot.ts';
import { importCli } from './import.ts';

const ROWS = Number(process.argv[2] ?? 1000);
const LIMIT_MS = 5_000;
const NEW_UNITS = 20;

const root = mkdtempSync(join(tmpdir(), 'bench-import-'));
try {
  cpSync(join(import.meta.dirname, '..', 'data', 'units'), join(root, 'data', 'units'), { recursive: true });
  growLot(root, ROWS);
  const folder = join(root, 'data', 'units');
  const units = Object.fromEntries(
    readdirSync(folder).map((name) => [name.replace(/\.json$/, ''), JSON.parse(readFileSync(join(folder, name), 'utf8')) as Record<string, unknown>]),
  );
  const brandNames = Object.fromEntries(brandsJson.brands.map((brand) => [brand.slug, brand.name]));
  const header = ['Stock #', 'VIN', 'Serial No', 'Year', 'Make', 'Model', 'Color', 'Price', 'Photos'];
  const rows: string[][] = Object.values(units)
    .filter((unit) => unit.status !== 'sold')
    .map((unit, index) => [
      String(unit.stockNumber),
      String(unit.vin ?? ''),
      String(unit.serialNumber ?? ''),
      String(unit.year),
      brandNames[String(unit.brand)]!,
      String(unit.model),
      String(unit.exteriorColor),
      `$${(Number(unit.price) + (index % 10 === 0 ? 100 : 0)).toLocaleString('en-US')}.00`,
      `https://photos.dms.example/${String(unit.stockNumber)}/1.jpg|https://photos.dms.example/${String(unit.stockNumber)}/2.jpg`,
    ]);
  for (let n = 1; n <= NEW_UNITS; n += 1)
    rows.push([`NEW${n}`, '', `EVM4-26-B${n}`, '2026', 'Evolution', 'D5 Maverick 4', 'Mint', '$11,250.00', `https://photos.dms.example/NEW${n}/1.jpg`]);
  const csv = `${[header, ...rows].map((cells) => cells.map((cell) => (cell.includes(',') ? `"${cell}"` : cell)).join(',')).join('\n')}\n`;
  const csvPath = join(root, 'lot.csv');
  const xlsxPath = join(root, 'lot.xlsx');
  writeFileSync(csvPath, csv);
  writeFileSync(xlsxPath, xlsxOf([header, ...rows]));

  // The dealer's settings with the feed's photo host listed; the host resolved by a stand-in (no DNS here).
  const mapping = { ...importSchema.parse(importJson), photoHosts: [PHOTO_HOST] };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const results: { file: string; ms: number; last: string }[] = [];
  for (const [label, path] of [
    ['CSV', csvPath],
    ['xlsx', xlsxPath],
  ] as const) {
    const times: number[] = [];
    let last = '';
    for (let run = 0; run < 3; run += 1) {
      const lines: string[] = [];
      const started = performance.now();
      const code = await importCli(['--from', path, '--dry-run'], { root, mapping, lookup: lookupWith(), print: (text) => lines.push(...text.split('\n')) });
      times.push(performance.now() - started);
      last = lines.at(-1) ?? '';
      if (code !== 0) throw new Error(`the ${label} dry run failed:\n${lines.slice(-5).join('\n')}`);
    }
    results.push({ file: label, ms: median(times), last });
  }

  // The phases of one run: reading the sheet, deciding.
  const readStart = performance.now();
  const sheet = await spreadsheetRows(new Uint8Array(readFileSync(xlsxPath)), mapping);
  const readMs = performance.now() - readStart;
  const decideStart = performance.now();
  reconcile({ rows: sheet, units, models: modelsJson.models as Model[], brandNames, mapping, today: '2026-11-26', missedBefore: [] });
  const decideMs = performance.now() - decideStart;

  console.log(`Import dry run of a ${rows.length}-row spreadsheet over a lot of ${Object.keys(units).length} unit files (median of 3):`);
  for (const result of results) console.log(`  ${result.file.padEnd(5)} ${(result.ms / 1000).toFixed(2)} s   ${result.last}`);
  console.log(`  phases (xlsx): read ${readMs.toFixed(0)} ms, decide ${decideMs.toFixed(0)} ms`);
  const slowest = Math.max(...results.map((result) => result.ms));
  if (slowest > LIMIT_MS) {
    console.error(`Over the limit: ${(slowest / 1000).toFixed(2)} s > ${LIMIT_MS / 1000} s`);
    process.exitCode = 1;
  } else console.log(`Within the limit of ${LIMIT_MS / 1000} s.`);

  console.log('\nFeeds made to cost the most (each read in a process of its own: CPU of the read, peak memory of the process):');
  for (const feed of HOSTILE_FEEDS) {
    const built = feed.body();
    const server = await serveFeed(built instanceof Uint8Array ? () => built : feed.body);
    try {
      const cost = await measureRead(server.url, { cpuSeconds: 60 });
      const held = !cost.ok && cost.message === feed.refused && cost.cpuMs < 1_000 && cost.peakMiB - cost.baseMiB < 200;
      console.log(
        `  ${held ? 'held ' : 'FAILS'} ${feed.what}: ${cost.crashed ?? (cost.ok ? `read ${cost.rows} rows` : `refused (${cost.message})`)}; ${cost.cpuMs} ms CPU, peak ${cost.peakMiB} MB (${cost.baseMiB} MB before the read)`,
      );
      if (!held) process.exitCode = 1;
    } finally {
      await server.close();
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
