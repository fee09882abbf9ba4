import { parse } from 'csv-parse/sync';
import { IMPORT_FIELDS, type ImportField, type ImportMapping } from '../../../data/schemas/import.ts';
import { checkedWorkbook } from './workbook.ts';

/**
 * One record of the feed before it is checked: where it came from (a spreadsheet row number or a
 * DMS record id), its values by unit field and the column each value was read from, so that a
 * rejection can name both (docs/product.md §Import).
 */
export interface SourceRow {
  /** "row 7" (the spreadsheet's own row number, header = row 1) or "record 64f…" */
  ref: string;
  values: Partial<Record<ImportField, unknown>>;
  /** The column (header text or DMS field) each value came from. */
  columns: Partial<Record<ImportField, string>>;
  /** What a DMS also knows of a unit, used when the unit is new. */
  facts?: { lifted?: boolean; streetLegal?: boolean; batteryType?: string; capacityAh?: number; isUsed?: boolean; stockNumber?: string };
}

/** A feed that could not be read at all: nothing is imported from it. */
export class FeedError extends Error {
  override name = 'FeedError';
}

/** One cell as the readers give it. */
export type Cell = string | number | boolean | Date | null | undefined;

const MiB = 1024 * 1024;

/**
 * The most the import reads of a feed (docs/product.md §Import, Safeguards). A real lot, a few
 * thousand units, is far within each; a feed past one is refused whole with the limit it passed,
 * before it costs more than a second of CPU or a few hundred megabytes.
 */
export const FEED_LIMITS = {
  /** The download: a spreadsheet file, or all the DMS's pages together. */
  bytes: 16 * MiB,
  /** An .xlsx workbook's XML parts, inflated, in all. */
  inflatedBytes: 32 * MiB,
  /** Rows of a sheet, or records of a DMS. */
  rows: 20_000,
  /** Columns of a sheet. */
  columns: 256,
  /** The grid of a sheet (last row × last column). */
  cells: 1_000_000,
  /** One cell's text (Google Sheets' own limit; Excel's is 32,767). */
  cellCharacters: 50_000,
  /** One CSV row's text. */
  rowCharacters: 1_000_000,
} as const;

const count = (value: number) => value.toLocaleString('en-US');

/** A sheet within the limits of rows, columns and cell length, or the FeedError naming the first it passes. */
export function checkSheetLimits(sheet: readonly (readonly Cell[])[]): void {
  if (sheet.length > FEED_LIMITS.rows)
    throw new FeedError(`the spreadsheet has more than ${count(FEED_LIMITS.rows)} rows, far more than any lot: is it the right file?`);
  for (const [index, cells] of sheet.entries()) {
    if (cells.length > FEED_LIMITS.columns)
      throw new FeedError(
        `row ${index + 1} of the spreadsheet has more than ${count(FEED_LIMITS.columns)} columns, far more than a lot needs: is it the right file?`,
      );
    for (const [column, cell] of cells.entries())
      if (typeof cell === 'string' && cell.length > FEED_LIMITS.cellCharacters)
        throw new FeedError(
          `row ${index + 1}, column ${column + 1} of the spreadsheet holds ${count(cell.length)} characters, more than a spreadsheet cell may (${count(FEED_LIMITS.cellCharacters)})`,
        );
  }
}

/** "Stock #", "stock_no." → "stockno": headers compared without case, spaces or punctuation. */
export function headerKey(header: string): string {
  return header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** The first value of a row (a DMS record's) longer than a spreadsheet cell may be, named, or undefined. */
export function overlongValue(row: SourceRow): string | undefined {
  for (const [field, value] of Object.entries(row.values)) {
    const length = Array.isArray(value) ? value.join('|').length : String(value).length;
    if (length > FEED_LIMITS.cellCharacters)
      return `${row.columns[field as ImportField] ?? field} holds ${count(length)} characters, more than a spreadsheet cell may (${count(FEED_LIMITS.cellCharacters)})`;
  }
  return undefined;
}

/** Which column holds each field: the first header matching one of the field's aliases. */
export function resolveColumns(headers: readonly string[], columns: ImportMapping['columns']): Map<ImportField, number> {
  const keys = headers.map(headerKey);
  const found = new Map<ImportField, number>();
  for (const field of IMPORT_FIELDS) {
    const index = keys.findIndex((key) => key !== '' && columns[field].some((alias) => headerKey(alias) === key));
    if (index >= 0) found.set(field, index);
  }
  return found;
}

/**
 * Rows of a sheet (the first row is the header) as source rows. Blank rows are skipped, but each
 * row keeps its number as the spreadsheet shows it. A sheet without a stock number column, or
 * without a VIN or serial column, cannot be imported at all.
 */
export function sheetRows(sheet: readonly (readonly Cell[])[], mapping: Pick<ImportMapping, 'columns'>): SourceRow[] {
  const headerIndex = sheet.findIndex((row) => row.some((cell) => String(cell ?? '').trim() !== ''));
  if (headerIndex < 0) throw new FeedError('the spreadsheet is empty');
  const headers = sheet[headerIndex]!.map((cell) => String(cell ?? '').trim());
  const found = resolveColumns(headers, mapping.columns);
  const missing = (['stockNumber', 'year', 'make', 'model', 'price'] as const).filter((field) => !found.has(field));
  if (!found.has('vin') && !found.has('serialNumber')) missing.unshift('vin' as never);
  if (missing.length > 0)
    throw new FeedError(
      `the header row (row ${headerIndex + 1}) has no column for ${missing.map((field) => `"${field}" (${mapping.columns[field].join(', ')})`).join('; ')}: add the column or its name under "columns" in the import settings`,
    );
  const rows: SourceRow[] = [];
  for (let index = headerIndex + 1; index < sheet.length; index += 1) {
    const cells = sheet[index]!;
    if (!cells.some((cell) => String(cell ?? '').trim() !== '')) continue;
    const row: SourceRow = { ref: `row ${index + 1}`, values: {}, columns: {} };
    for (const [field, column] of found) {
      const cell = cells[column];
      if (cell === null || cell === undefined || String(cell).trim() === '') continue;
      row.values[field] = cell instanceof Date ? cell.toISOString().slice(0, 10) : cell;
      row.columns[field] = headers[column];
    }
    rows.push(row);
  }
  return rows;
}

/**
 * A CSV file's text (UTF-8, with or without a byte order mark) as a sheet. Parsing stops at the
 * first field past the column or cell limit, a row past its length or one row past the row limit.
 */
export function csvSheet(text: string): string[][] {
  let sheet: string[][];
  try {
    sheet = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      trim: false,
      to: FEED_LIMITS.rows + 1,
      max_record_size: FEED_LIMITS.rowCharacters,
      cast: (value, context) => {
        if (context.index >= FEED_LIMITS.columns)
          throw new FeedError(
            `row ${context.lines} of the spreadsheet has more than ${count(FEED_LIMITS.columns)} columns, far more than a lot needs: is it the right file?`,
          );
        if (value.length > FEED_LIMITS.cellCharacters)
          throw new FeedError(
            `row ${context.lines}, column ${context.index + 1} of the spreadsheet holds ${count(value.length)} characters, more than a spreadsheet cell may (${count(FEED_LIMITS.cellCharacters)})`,
          );
        return value;
      },
    }) as string[][];
  } catch (error) {
    if (error instanceof FeedError) throw error;
    if ((error as { code?: unknown }).code === 'CSV_MAX_RECORD_SIZE')
      throw new FeedError(
        `a row of the spreadsheet holds more than ${count(FEED_LIMITS.rowCharacters)} characters, far more than a unit's row: is it the right file?`,
      );
    throw new FeedError(`the CSV file cannot be read: ${(error as Error).message}`);
  }
  checkSheetLimits(sheet);
  return sheet;
}

/** An .xlsx file starts with a ZIP header ("PK\x03\x04"); anything else is read as CSV text. */
export function isXlsx(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * The first sheet of a workbook, through read-excel-file (a maintained .xlsx reader), once the
 * workbook is checked within the limits (src/lib/import/workbook.ts).
 */
export async function xlsxSheet(bytes: Uint8Array): Promise<Cell[][]> {
  const checked = checkedWorkbook(bytes, FEED_LIMITS);
  if (!checked.ok) throw new FeedError(`the .xlsx file cannot be read: ${checked.reason}`);
  const { readSheet } = await import('read-excel-file/universal');
  let sheet: Cell[][];
  try {
    sheet = (await readSheet(checked.bytes.buffer as ArrayBuffer)) as Cell[][];
  } catch (error) {
    throw new FeedError(`the .xlsx file cannot be read: ${(error as Error).message}`);
  }
  checkSheetLimits(sheet);
  return sheet;
}

/** A spreadsheet's bytes (CSV or .xlsx, told apart by their first bytes) as source rows. */
export async function spreadsheetRows(bytes: Uint8Array, mapping: Pick<ImportMapping, 'columns'>): Promise<SourceRow[]> {
  if (bytes.byteLength === 0) throw new FeedError('the spreadsheet is empty');
  if (isXlsx(bytes)) return sheetRows(await xlsxSheet(bytes), mapping);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new FeedError('the file is neither an .xlsx workbook nor UTF-8 CSV text: save it as "CSV UTF-8" or .xlsx');
  }
  return sheetRows(csvSheet(text), mapping);
}
