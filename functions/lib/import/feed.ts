import type { ImportMapping } from '../../../data/schemas/import.ts';
import { DmsRecord, dmsRow, pageRecords, withheldReason } from '../../../src/lib/import/dms.ts';
import { FEED_LIMITS, FeedError, overlongValue, spreadsheetRows, type SourceRow } from '../../../src/lib/import/rows.ts';

/**
 * Reading the dealer's feed (docs/product.md §Import): a spreadsheet at an address, or the DMS's
 * `get-carts` pages. Every failure is a value: a pull that fails anywhere is no pull at all, so
 * the import never works from a partial list. No more than FEED_LIMITS.bytes is read in all.
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

const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * A response's body, stopped as soon as it passes `limit` bytes (its Content-Length is believed
 * only when it says too much): undefined when it is larger.
 */
async function bodyWithin(response: Response, limit: number): Promise<Uint8Array | undefined> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limit || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    return declared > limit ? undefined : new Uint8Array(0);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(read.value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
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
  let bytes: Uint8Array | undefined;
  try {
    bytes = await bodyWithin(answer.response, FEED_LIMITS.bytes);
  } catch {
    return { ok: false, message: 'the spreadsheet could not be downloaded in full' };
  }
  if (!bytes) return { ok: false, message: `the spreadsheet is larger than ${MB(FEED_LIMITS.bytes)}, far more than any lot: is the address right?` };
  return spreadsheetFeed(bytes, mapping);
}

/** DMS records (from the API or a saved answer) as rows: those the publish rules leave out are withheld. */
export function dmsFeed(records: readonly unknown[], mapping: ImportMapping): FeedResult {
  if (records.length > FEED_LIMITS.rows)
    return { ok: false, message: `the DMS lists more than ${FEED_LIMITS.rows.toLocaleString('en-US')} units, far more than any lot: nothing was imported` };
  const rows: SourceRow[] = [];
  const withheld: { ref: string; reason: string }[] = [];
  for (const [index, raw] of records.entries()) {
    const parsed = DmsRecord.safeParse(raw);
    if (!parsed.success) {
      // A record without an id cannot be matched or named: it is reported, and the rest go on.
      rows.push({ ref: `record #${index + 1}`, values: {}, columns: {} });
      continue;
    }
    const row = dmsRow(parsed.data);
    const long = overlongValue(row);
    if (long) return { ok: false, message: `${row.ref}: ${long}: nothing was imported` };
    const reason = withheldReason(parsed.data, mapping.publish);
    if (reason) withheld.push({ ref: row.ref, reason });
    else rows.push(row);
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
  // One allowance for all the pages together.
  let budget = FEED_LIMITS.bytes;
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
    let body: Uint8Array | undefined | 'failed';
    try {
      body = await bodyWithin(answer.response, budget);
    } catch {
      body = 'failed';
    }
    if (body === undefined)
      return {
        ok: false,
        message: `the DMS's answers come to more than ${MB(FEED_LIMITS.bytes)} by page ${pageNumber}, far more than any lot: nothing was imported from a partial list`,
      };
    let page: unknown[] | undefined;
    try {
      page = body === 'failed' ? undefined : pageRecords(JSON.parse(new TextDecoder().decode(body)));
    } catch {
      page = undefined;
    }
    if (!page || body === 'failed')
      return { ok: false, message: `the DMS (page ${pageNumber}) did not answer a list of units: nothing was imported from a partial list` };
    budget -= body.byteLength;
    if (page.length === 0) {
      empties += 1;
      if (empties >= END_EMPTY_PAGES) return dmsFeed(records, mapping);
      continue;
    }
    empties = 0;
    if (records.length + page.length > FEED_LIMITS.rows)
      return {
        ok: false,
        message: `the DMS lists more than ${FEED_LIMITS.rows.toLocaleString('en-US')} units by page ${pageNumber}, far more than any lot: nothing was imported`,
      };
    for (const record of page) records.push(record);
  }
  return { ok: false, message: `the DMS kept answering past page ${MAX_PAGES}: nothing was imported` };
}

/** The feed the mapping names, read from its address. */
export function pullFeed(mapping: ImportMapping, options: FeedOptions = {}): Promise<FeedResult> {
  if (!mapping.url) return Promise.resolve({ ok: false, message: 'the import settings name no feed address ("url")' });
  return mapping.source === 'dms' ? pullDms(mapping.url, mapping, options) : fetchSpreadsheet(mapping.url, mapping, options);
}
