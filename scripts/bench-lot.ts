// `npm run bench:lot -- 16 100 300`: the inventory at the size of a real lot. For each count, a
// copy of the site (scripts/photo-site.ts copySite) grows to that many listed units
// (scripts/grow-lot.ts), is built and served as `npm start` serves it, and /new-inventory is
// measured behind the compressing proxy of `npm run perf`: build time, bytes as sent
// (compressed, headers included), elements, island data, and Lighthouse's score, LCP (and its
// ratio to the floor page) and TBT, medians of RUNS runs (default 3).
//   npm run bench:lot -- 300                     one size
//   RUNS=5 npm run bench:lot -- 16 300           more Lighthouse runs
//   npm run bench:lot -- 300 --no-lighthouse     the fast figures only
//   npm run bench:lot -- 300 --pages             also every page of the copy that no longer fits the first flight
// Lighthouse figures need a quiet machine (docs/speed.md): the load average is printed with them.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium } from '@playwright/test';
import { BUDGET, HEADERS_BYTES } from './budget.ts';
import { CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from './chromium.ts';
import { growLot } from './grow-lot.ts';
import { bytesAsSent, elementCount, islandDataBytes } from './page-figures.ts';
import { lighthouseSession, type PageRun } from './lighthouse-session.ts';
import { startProxy } from './perf.ts';
import { buildSite, copySite } from './photo-site.ts';
import { startServedSite, type ServedSite } from './served-site.ts';
import { tool } from '../src/lib/settings/tools.ts';

const PAGE = '/new-inventory';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'no-lighthouse': { type: 'boolean', default: false }, pages: { type: 'boolean', default: false } },
});
const counts = (positionals.length ? positionals : ['16', '100', '300']).map(Number);
if (counts.some((n) => !Number.isInteger(n) || n < 1)) {
  console.error('usage: npm run bench:lot -- <units> [<units> …] [--no-lighthouse] [--pages]');
  process.exit(2);
}
const runs = tool('RUNS') ?? 3;

/** Built pages of a copy whose HTML, brotli-compressed with the headers, no longer fits the first flight. */
function pagesOverFlight(dir: string): string[] {
  const dist = join(dir, 'dist');
  const over: string[] = [];
  const pages = readdirSync(dist, { withFileTypes: true, recursive: true }).filter((e) => e.isFile() && e.name.endsWith('.html'));
  for (const file of pages.map((e) => join(e.parentPath, e.name))) {
    const sent = brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length + HEADERS_BYTES;
    if (sent > BUDGET.flight) over.push(`${file.slice(dist.length).replace(/\.html$/, '')} ${(sent / 1024).toFixed(1)} KB`);
  }
  return over.sort();
}

interface Row {
  units: number;
  buildSeconds: number;
  sent: number;
  elements: number;
  islandData: number;
  lighthouse?: PageRun;
  floorLcp?: number;
  load: string;
}

const rows: Row[] = [];
for (const units of counts) {
  const dir = copySite();
  let site: ServedSite | undefined;
  try {
    growLot(dir, units);
    console.log(`${units} units: building a copy in ${dir} …`);
    const buildSeconds = buildSite(dir) / 1000;
    if (values.pages) console.log(`  pages over the first flight: ${pagesOverFlight(dir).join(', ') || 'none'}`);
    site = await startServedSite({ dir });
    await site.ready;
    const upstream = site.base;
    const proxy = await startProxy(new URL(upstream));
    try {
      const sent = await bytesAsSent(`${proxy.url}${PAGE}`);
      const islandData = islandDataBytes(await (await fetch(`${upstream}${PAGE}`)).text());
      const browser = await chromium.launch({ executablePath: HEADLESS_CHROMIUM_PATH, args: CHROMIUM_FLAGS });
      const context = await browser.newContext({ javaScriptEnabled: false });
      const elements = await elementCount(await context.newPage(), `${upstream}${PAGE}`);
      await browser.close();
      const row: Row = {
        units,
        buildSeconds,
        sent,
        elements,
        islandData,
        load: loadavg()
          .map((l) => l.toFixed(1))
          .join(' '),
      };
      if (!values['no-lighthouse']) {
        const session = await lighthouseSession(proxy.url, runs);
        try {
          row.lighthouse = await session.measure(PAGE);
          row.floorLcp = session.floor().lcp;
        } finally {
          session.close();
        }
        row.load = loadavg()
          .map((l) => l.toFixed(1))
          .join(' ');
      }
      rows.push(row);
    } finally {
      proxy.close();
    }
  } finally {
    // The server writes to the copy while it stops.
    await site?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const head = ['units', 'build', `${PAGE} as sent`, 'elements', 'island data', 'score', 'LCP', 'LCP/floor', 'TBT', 'load avg (1, 5, 15 min)'];
const table = rows.map((r) => [
  String(r.units),
  `${r.buildSeconds.toFixed(1)} s`,
  kb(r.sent),
  String(r.elements),
  kb(r.islandData),
  r.lighthouse ? String(r.lighthouse.score) : '',
  r.lighthouse ? `${(r.lighthouse.lcp / 1000).toFixed(2)} s` : '',
  r.lighthouse ? `${r.lighthouse.ratio.toFixed(2)}×` : '',
  r.lighthouse ? `${Math.round(r.lighthouse.tbt)} ms` : '',
  r.load,
]);
const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => (r[i] ?? '').length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log(`\n${line(head)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
for (const row of table) console.log(line(row));
console.log(
  `\nAs sent: brotli through the compressing proxy, status line and headers included (the first flight holds ${kb(BUDGET.flight)}). Elements: the document as sent.` +
    (values['no-lighthouse'] ? '' : ` Lighthouse: medians of ${runs} run(s), each after a run of the floor page; a busy machine inflates TBT and LCP.`),
);
