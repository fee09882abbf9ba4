import { afterEach, describe, expect, it } from 'vitest';
import { pullDms } from '../../functions/lib/import/feed.ts';
import { FEED_LIMITS, spreadsheetRows } from '../../src/lib/import/rows.ts';
import { lotRecords, startDms, type DmsStandIn } from './dms-stand-in.ts';
import { craftedXlsx, HEADER_ROW, HOSTILE_FEEDS, measureRead, serveFeed, unitRowsXml } from './hostile-feeds.ts';
import { csvOf, HEADER, mappingWith } from './lot-feed.ts';
import { excelXlsxOf } from './xlsx.ts';

const mapping = mappingWith();
const refusal = async (bytes: Uint8Array) => {
  try {
    await spreadsheetRows(bytes, mapping);
  } catch (error) {
    return (error as Error).message;
  }
  return 'read';
};
const unitRow = (n: number) => [`BGC-${n}`, '', `SER-${n}`, '2025', 'Evolution', 'D5 Maverick 4', 'Mint', '$11,250.00', 'https://photos.dms.example/1.jpg'];

describe('the import reads a feed within its limits (docs/product.md §Import, Safeguards)', () => {
  // Each in a process of its own: its CPU time and peak memory are the read's alone. Before the
  // limits these cost 5-40 s of CPU and 0.6-4.3 GB, or were imported.
  it.each(HOSTILE_FEEDS.map((feed) => [feed.what, feed] as const))(
    'refuses %s with its reason, within a second of CPU and 200 MB of memory',
    async (_, feed) => {
      const built = feed.body();
      const server = await serveFeed(built instanceof Uint8Array ? () => built : feed.body);
      try {
        const cost = await measureRead(server.url, { cpuSeconds: 60 });
        expect(cost).toMatchObject({ ok: false, message: feed.refused });
        expect(cost.cpuMs).toBeLessThan(1_000);
        expect(cost.peakMiB - cost.baseMiB).toBeLessThan(200);
      } finally {
        await server.close();
      }
    },
    120_000,
  );

  it('reads a real lot far within them: 5,000 rows as CSV, as .xlsx and as Excel saves it', async () => {
    const rows = Array.from({ length: 5_000 }, (_, index) => unitRow(index + 2));
    expect(await spreadsheetRows(new TextEncoder().encode(csvOf([HEADER, ...rows])), mapping)).toHaveLength(5_000);
    expect(await spreadsheetRows(craftedXlsx([HEADER_ROW, unitRowsXml(5_000)]), mapping)).toHaveLength(5_000);
    const excel = await spreadsheetRows(
      excelXlsxOf([HEADER, ...rows.map((cells) => cells.map((cell, index) => (index === 3 ? Number(cell) : cell)))]),
      mapping,
    );
    expect(excel).toHaveLength(5_000);
    expect(excel[0]).toMatchObject({
      ref: 'row 2',
      values: { stockNumber: 'BGC-2', year: 2025, make: 'Evolution', photos: 'https://photos.dms.example/1.jpg' },
    });
  });

  it('refuses a CSV past the rows, columns, cell or row length, at the first one past', async () => {
    const csv = (rows: readonly (readonly string[])[]) => new TextEncoder().encode(csvOf(rows));
    const rows = Array.from({ length: FEED_LIMITS.rows }, (_, index) => unitRow(index + 2));
    expect(await refusal(csv([HEADER, ...rows.slice(1)]))).toBe('read');
    expect(await refusal(csv([HEADER, ...rows]))).toBe('the spreadsheet has more than 20,000 rows, far more than any lot: is it the right file?');
    expect(await refusal(new TextEncoder().encode(`${HEADER.join(',')}\nA${','.repeat(15_000_000)}\n`))).toBe(
      'row 2 of the spreadsheet has more than 256 columns, far more than a lot needs: is it the right file?',
    );
    expect(await refusal(csv([HEADER, [...unitRow(2).slice(0, 8), 'x'.repeat(50_001)]]))).toBe(
      'row 2, column 9 of the spreadsheet holds 50,001 characters, more than a spreadsheet cell may (50,000)',
    );
    expect(await refusal(new TextEncoder().encode(`${HEADER.join(',')}\nA,"${'x'.repeat(15_000_000)}`))).toBe(
      "a row of the spreadsheet holds more than 1,000,000 characters, far more than a unit's row: is it the right file?",
    );
  });

  it('refuses a workbook whose cells or rows the reader would read otherwise than this check', async () => {
    const workbook = (rows: string) => craftedXlsx([HEADER_ROW, rows]);
    expect(await refusal(workbook('<row r="1e9"><c r="A2"><v>1</v></c></row>'))).toContain('numbers a row "1e9"');
    expect(await refusal(workbook('<row r="2"><c r="&#65;2"><v>1</v></c></row>'))).toContain('names a cell "&#65;2"');
    expect(await refusal(workbook('<row r="2"><c r="a2"><v>1</v></c></row>'))).toContain('names a cell "a2"');
    expect(await refusal(workbook('<row r="2"><c t=">" r=XFD2><v>1</v></c></row>'))).toContain('a <c> of its part xl/worksheets/sheet1.xml cannot be read');
    expect(await refusal(workbook('<row r="2"><c t="<" r="XFD2"><v>1</v></c></row>'))).toContain('cannot be read');
    expect(await refusal(workbook('<row r="2"><c r="A2" r="XFD2"><v>1</v></c></row>'))).toContain('a cell past column 256');
    expect(await refusal(workbook('<row r="20001"><c r="A20001"><v>1</v></c></row>'))).toContain('a sheet has more than 20,000 rows');
    expect(await refusal(workbook('<row r="10000"><c r="IV10000"><v>1</v></c></row>'))).toBe(
      'the .xlsx file cannot be read: a sheet spans 10,000 rows by 256 columns, more than 1,000,000 cells, far more than any lot',
    );
    expect(await refusal(craftedXlsx(['<!DOCTYPE x [<!ENTITY e "e">]>', HEADER_ROW]))).toContain('declares a document type');
    expect(await refusal(workbook(`<row r="2"><c r="A2" t="inlineStr"><is><t>${'x'.repeat(50_001)}</t></is></c></row>`))).toBe(
      'row 2, column 1 of the spreadsheet holds 50,001 characters, more than a spreadsheet cell may (50,000)',
    );
  });
});

describe('the import reads a DMS within its limits', () => {
  let dms: DmsStandIn | undefined;
  afterEach(async () => {
    await dms?.close();
    dms = undefined;
  });
  const dmsMapping = mappingWith({ source: 'dms', pageSize: 100 });
  const record = lotRecords()[0]!;

  it('refuses more records than any lot, at the page that passes the limit', async () => {
    dms = await startDms((page) => ({ records: page <= 201 ? Array.from({ length: 100 }, (_, index) => ({ ...record, _id: `r-${page}-${index}` })) : [] }));
    expect(await pullDms(dms.url, dmsMapping)).toEqual({
      ok: false,
      message: 'the DMS lists more than 20,000 units by page 201, far more than any lot: nothing was imported',
    });
    expect(dms.asked).toHaveLength(201);
  });

  it('refuses answers past the download limit in all, and a field longer than a cell', async () => {
    const padding = 'x'.repeat(1024 * 1024);
    dms = await startDms((page) => ({ records: page <= 20 ? [{ ...record, _id: `r-${page}`, notes: padding }] : [] }));
    expect(await pullDms(dms.url, dmsMapping)).toEqual({
      ok: false,
      message: "the DMS's answers come to more than 16 MB by page 16, far more than any lot: nothing was imported from a partial list",
    });
    await dms.close();
    dms = await startDms((page) => ({ records: page === 1 ? [{ ...record, vinNo: 'V'.repeat(60_000) }] : [] }));
    expect(await pullDms(dms.url, dmsMapping)).toEqual({
      ok: false,
      message: `record ${String(record._id)}: vinNo holds 60,000 characters, more than a spreadsheet cell may (50,000): nothing was imported`,
    });
  });
});
