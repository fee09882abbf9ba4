import { parse } from 'csv-parse/sync';
import { IMPORT_FIELDS, type ImportField, type ImportMapping } from '../../../data/schemas/import.ts';

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

/** "Stock #", "stock_no." → "stockno": headers compared without case, spaces or punctuation. */
export function headerKey(header: string): string {
  return header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
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

type Cell = string | number | boolean | Date | null | undefined;

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

/** A CSV file's text (UTF-8, with or without a byte order mark) as a sheet. */
export function csvSheet(text: string): string[][] {
  try {
    return parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false, trim: false }) as string[][];
  } catch (error) {
    throw new FeedError(`the CSV file cannot be read: ${(error as Error).message}`);
  }
}

/** An .xlsx file starts with a ZIP header ("PK\x03\x04"); anything else is read as CSV text. */
export function isXlsx(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** The first sheet of a workbook, through read-excel-file (a maintained .xlsx reader). */
export async function xlsxSheet(bytes: Uint8Array): Promise<Cell[][]> {
  const { readSheet } = await import('read-excel-file/universal');
  try {
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    return (await readSheet(buffer)) as Cell[][];
  } catch (error) {
    throw new FeedError(`the .xlsx file cannot be read: ${(error as Error).message}`);
  }
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
