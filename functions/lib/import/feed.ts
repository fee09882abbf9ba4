import type { ImportMapping } from '../../../data/schemas/import.ts';
import { DmsRecord, dmsRow, pageRecords, withheldReason } from '../../../src/lib/import/dms.ts';
import { FeedError, spreadsheetRows, type SourceRow } from '../../../src/lib/import/rows.ts';

/**
 * Reading the dealer's feed (docs/product.md §Import): a spreadsheet at an address, or the DMS's
 * `get-carts` pages. Every failure is a value: a pull that fails anywhere is no pull at all, so
 * the import never works from a partial list.
 */

export type FeedResult = { ok: true; rows: SourceRow[]; records: number; withheld: { ref: string; reason: string }[] } | { ok: false; message: string };

export interface FeedOptions {
  /** How long one request (one page) may take. */
  timeoutMs?: number;
  /** The DMS's API key, sent as a bearer token (IMPORT_DMS_TOKEN). */
  token?: string;
  fetch?: typeof fetch;
}

export const FEED_TIMEOUT_MS = 20_000;
/** Empty pages in a row that say the catalogue has ended (a single one may be a gap). */
export const END_EMPTY_PAGES = 2;
/** Past this many pages the DMS is taken to be looping: the pull fails. */
export const MAX_PAGES = 500;

async function request(
  url: string,
  init: RequestInit,
  options: FeedOptions,
  what: string,
): Promise<{ ok: true; response: Response } | { ok: false; message: string }> {
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  try {
    const response = await (options.fetch ?? fetch)(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return { ok: false, message: `${what} answered ${response.status}` };
    return { ok: true, response };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { ok: false, message: timedOut ? `${what} did not answer within ${timeoutMs} ms` : `${what} could not be reached` };
  }
}

/** A spreadsheet's bytes (CSV or .xlsx) as rows, or why they cannot be read. */
export async function spreadsheetFeed(bytes: Uint8Array, mapping: ImportMapping): Promise<FeedResult> {
  try {
    const rows = await spreadsheetRows(bytes, mapping);
    return { ok: true, rows, records: rows.length, withheld: [] };
  } catch (error) {
    if (error instanceof FeedError) return { ok: false, message: error.message };
    throw error;
  }
}

/** The spreadsheet at `url` (a Google Sheet published as CSV, a .csv or an .xlsx file). */
export async function fetchSpreadsheet(url: string, mapping: ImportMapping, options: FeedOptions = {}): Promise<FeedResult> {
  const answer = await request(
    url,
    { headers: { Accept: 'text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, */*' } },
    options,
    'the spreadsheet address',
  );
  if (!answer.ok) return answer;
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await answer.response.arrayBuffer());
  } catch {
    return { ok: false, message: 'the spreadsheet could not be downloaded in full' };
  }
  return spreadsheetFeed(bytes, mapping);
}

/** DMS records (from the API or a saved answer) as rows: those the publish rules leave out are withheld. */
export function dmsFeed(records: readonly unknown[], mapping: ImportMapping): FeedResult {
  const rows: SourceRow[] = [];
  const withheld: { ref: string; reason: string }[] = [];
  for (const [index, raw] of records.entries()) {
    const parsed = DmsRecord.safeParse(raw);
    if (!parsed.success) {
      // A record without an id cannot be matched or named: it is reported, and the rest go on.
      rows.push({ ref: `record #${index + 1}`, values: {}, columns: {} });
      continue;
    }
    const reason = withheldReason(parsed.data, mapping.publish);
    if (reason) withheld.push({ ref: `record ${parsed.data._id}`, reason });
    else rows.push(dmsRow(parsed.data));
  }
  return { ok: true, rows, records: records.length, withheld };
}

/**
 * Every page of the DMS's `POST {url}/get-carts`, page 1 onwards. A short page is not the end
 * (some DMSs answer one in the middle of the catalogue); only END_EMPTY_PAGES empty pages in a
 * row are. Any page that fails, times out or is not a list of records fails the whole pull.
 */
export async function pullDms(baseUrl: string, mapping: ImportMapping, options: FeedOptions = {}): Promise<FeedResult> {
  const url = `${baseUrl.replace(/\/+$/, '')}/get-carts`;
  const records: unknown[] = [];
  let empties = 0;
  for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber += 1) {
    const answer = await request(
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}) },
        body: JSON.stringify({ pageNumber, pageSize: mapping.pageSize }),
      },
      options,
      `the DMS (page ${pageNumber})`,
    );
    if (!answer.ok) return { ok: false, message: `${answer.message}: nothing was imported from a partial list` };
    let page: unknown[] | undefined;
    try {
      page = pageRecords(await answer.response.json());
    } catch {
      page = undefined;
    }
    if (!page) return { ok: false, message: `the DMS (page ${pageNumber}) did not answer a list of units: nothing was imported from a partial list` };
    if (page.length === 0) {
      empties += 1;
      if (empties >= END_EMPTY_PAGES) return dmsFeed(records, mapping);
      continue;
    }
    empties = 0;
    records.push(...page);
  }
  return { ok: false, message: `the DMS kept answering past page ${MAX_PAGES}: nothing was imported` };
}

/** The feed the mapping names, read from its address. */
export function pullFeed(mapping: ImportMapping, options: FeedOptions = {}): Promise<FeedResult> {
  if (!mapping.url) return Promise.resolve({ ok: false, message: 'the import settings name no feed address ("url")' });
  return mapping.source === 'dms' ? pullDms(mapping.url, mapping, options) : fetchSpreadsheet(mapping.url, mapping, options);
}
