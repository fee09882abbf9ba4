// npm run import -- --from <file or URL> [--dry-run] [--source dms|spreadsheet]
// npm run import -- --report
//
// Imports the lot from the dealer's feed into data/units/ (docs/product.md §Import, runbook in
// docs/operations.md §Import): the same code as the scheduled function, writing files instead of
// committing. Runs are recorded in the local Blobs sandbox (.netlify/blobs-serve), which
// `--report` lists. Exit status: 0 when the import ran (rows may be rejected), 1 when it failed
// or was held back, 2 on a usage mistake.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { getStore, type Store as Blobs } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import brandsJson from '../data/brands.json' with { type: 'json' };
import importJson from '../data/import.json' with { type: 'json' };
import lotJson from '../data/lot.json' with { type: 'json' };
import modelsJson from '../data/models.json' with { type: 'json' };
import { schema as brandsSchema } from '../data/schemas/brands.ts';
import { schema as importSchema, type ImportMapping } from '../data/schemas/import.ts';
import { schema as modelsSchema } from '../data/schemas/models.ts';
import { dmsFeed, pullFeed, spreadsheetFeed, type FeedOptions, type FeedResult } from '../functions/lib/import/feed.ts';
import { folderLot } from '../functions/lib/import/folder-lot.ts';
import type { HostLookup } from '../functions/lib/import/photo-hosts.ts';
import { formatRun, formatRuns } from '../functions/lib/import/report.ts';
import { runImport } from '../functions/lib/import/run.ts';
import { calendarDay } from '../src/lib/units/build-clock.ts';
import { recentRuns, RUNS_BLOBS } from '../functions/lib/import/runs.ts';
import { parseDataFile } from '../src/lib/data-file.ts';
import { dmsToken } from '../src/lib/settings/import.ts';

const USAGE = `Usage:
  npm run import -- --from <file or URL> [--dry-run] [--source dms|spreadsheet]
  npm run import -- --report

  --from      a .csv or .xlsx file, a saved DMS answer (.json), or an address (the import settings' "source" says which kind)
  --dry-run   lists what would change and writes nothing
  --report    lists the recent runs recorded in the local Blobs sandbox`;

export interface CliOptions {
  /** The checkout whose data/units/ is imported into (the project by default). */
  root?: string;
  /** The local Blobs sandbox; runs are recorded there. */
  sandbox?: string;
  mapping?: unknown;
  now?: Date;
  /** How the feed is fetched (a shorter timeout in tests); IMPORT_DMS_TOKEN is the DMS's key by default. */
  feed?: FeedOptions;
  /** How the photo hosts are resolved (the system's resolver by default). */
  lookup?: HostLookup;
  print?: (line: string) => void;
}

const projectRoot = join(import.meta.dirname, '..');

/** The local sandbox's runs store (the site netlify-cli uses, "unlinked" until the folder is linked to a site). */
/** The stores of the checkout imported into (data/stores/<slug>.json): slug and store code. */
function storesIn(folder: string): { slug: string; storeCode: string }[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({
      slug: name.replace(/\.json$/, ''),
      storeCode: String((JSON.parse(readFileSync(join(folder, name), 'utf8')) as { storeCode?: unknown }).storeCode ?? ''),
    }));
}

async function openRunsBlobs(directory: string): Promise<{ store: Blobs; stop: () => Promise<void> }> {
  const entries = join(directory, 'entries');
  const siteID = (existsSync(entries) ? (await import('node:fs')).readdirSync(entries)[0] : undefined) ?? 'unlinked';
  mkdirSync(directory, { recursive: true });
  const token = crypto.randomUUID();
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  return { store: getStore({ name: RUNS_BLOBS, siteID, token, edgeURL: url, uncachedEdgeURL: url, consistency: 'strong' }), stop: () => server.stop() };
}

async function readLocalFeed(from: string, mapping: ImportMapping, options: FeedOptions): Promise<FeedResult> {
  if (/^https?:\/\//i.test(from)) return pullFeed({ ...mapping, url: from }, options);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(from));
  } catch (error) {
    return { ok: false, message: `${from} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  }
  if (mapping.source === 'dms' || from.toLowerCase().endsWith('.json')) {
    try {
      const body = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
      const { pageRecords } = await import('../src/lib/import/dms.ts');
      const records = pageRecords(body);
      if (!records) return { ok: false, message: `${from} is not a list of DMS records` };
      return dmsFeed(records, mapping);
    } catch {
      return { ok: false, message: `${from} is not JSON` };
    }
  }
  return spreadsheetFeed(bytes, mapping);
}

export async function importCli(args: readonly string[], options: CliOptions = {}): Promise<number> {
  const print = options.print ?? ((line: string) => console.log(line));
  let values: { from?: string; 'dry-run'?: boolean; report?: boolean; source?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { from: { type: 'string' }, 'dry-run': { type: 'boolean' }, report: { type: 'boolean' }, source: { type: 'string' }, help: { type: 'boolean' } },
    }));
  } catch (error) {
    print(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help || (!values.report && !values.from) || (values.source && !['dms', 'spreadsheet'].includes(values.source))) {
    print(USAGE);
    return values.help ? 0 : 2;
  }
  const root = options.root ?? projectRoot;
  const sandbox = options.sandbox ?? join(root, '.netlify', 'blobs-serve');

  if (values.report) {
    const { store, stop } = await openRunsBlobs(sandbox);
    try {
      print(formatRuns(await recentRuns(store)));
    } finally {
      await stop();
    }
    return 0;
  }

  const mappingParse = importSchema.safeParse(options.mapping ?? importJson);
  if (!mappingParse.success) {
    print(`data/import.json is not valid: ${mappingParse.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
    return 1;
  }
  const mapping: ImportMapping = { ...mappingParse.data, ...(values.source ? { source: values.source as ImportMapping['source'] } : {}) };
  const dryRun = values['dry-run'] ?? false;
  const now = options.now ?? new Date();
  const models = parseDataFile('models.json', modelsSchema, modelsJson).models;
  const brandNames = Object.fromEntries(parseDataFile('brands.json', brandsSchema, brandsJson).brands.map((brand) => [brand.slug, brand.name]));
  const token = dmsToken();
  const feed = await readLocalFeed(values.from!, mapping, { ...(token ? { token } : {}), ...options.feed });
  const runs = dryRun ? undefined : await openRunsBlobs(sandbox);
  try {
    const { run } = await runImport({
      mapping,
      feed,
      lot: folderLot(join(root, 'data', 'units'), { dryRun }),
      ...(runs ? { store: runs.store } : {}),
      source: values.from!,
      models,
      brandNames,
      reservedIds: lotJson.removed.map((unit) => unit.id),
      stores: storesIn(join(root, 'data', 'stores')),
      now,
      today: calendarDay(now, mapping.timeZone),
      dryRun,
      ...(options.lookup ? { lookup: options.lookup } : {}),
    });
    print(formatRun(run));
    return run.outcome === 'imported' ? 0 : 1;
  } finally {
    await runs?.stop();
  }
}

if (import.meta.main) process.exitCode = await importCli(process.argv.slice(2));
