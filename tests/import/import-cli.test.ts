import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { schema as unitSchema } from '../../data/schemas/units.ts';
import { importCli } from '../../scripts/import.ts';
import { csvOf, HEADER, lookupWith, lotRows, mappingWith, projectRoot } from './lot-feed.ts';
import { xlsxOf } from './xlsx.ts';

let root: string;
let lines: string[];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'import-cli-'));
  cpSync(join(projectRoot, 'data', 'units'), join(root, 'data', 'units'), { recursive: true });
  lines = [];
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const run = (...args: string[]) =>
  importCli(args, {
    root,
    mapping: mappingWith(),
    lookup: lookupWith(),
    print: (text) => lines.push(...text.split('\n')),
    now: new Date('2026-11-26T15:00:00Z'),
  });
const unitsFolder = () => join(root, 'data', 'units');
const snapshot = () => Object.fromEntries(readdirSync(unitsFolder()).map((name) => [name, readFileSync(join(unitsFolder(), name), 'utf8')]));
const write = (name: string, content: string | Uint8Array) => {
  const path = join(root, name);
  writeFileSync(path, content);
  return path;
};

/** A dealer's sheet: header spellings of their own, prices with $ and commas, blank rows, a duplicated VIN, a new unit. */
function messyRows(): string[][] {
  const rows = lotRows();
  const rover = rows.findIndex((cells) => cells[0] === 'BGC-25088U');
  rows[rover] = [...rows[rover]!];
  rows[rover]![7] = '$13,995.00';
  return [
    ['stock number', 'Vin #', 'Serial #', 'Model Year', 'Brand', 'Model', 'Colour', 'Retail Price', 'Image URLs'],
    ...rows.slice(0, 5),
    ['', '', '', '', '', '', '', '', ''],
    ...rows.slice(5),
    [
      'N-100',
      '',
      'EVM4-26-1',
      '2026',
      'Evolution',
      'D5 Maverick 4',
      'Mint',
      '$11,250.00',
      'https://photos.dms.example/n100-1.jpg|https://photos.dms.example/n100-2.jpg',
    ],
    ['DUP-A', '7EVLS4MA1TB009990', '', '2026', 'Evolution', 'D5 Maverick 4', 'Red', '$9,000', ''],
    ['DUP-B', '7EVLS4MA1TB009990', '', '2026', 'Evolution', 'D5 Maverick 4', 'Blue', '$9,000', ''],
  ];
}

describe('npm run import', () => {
  it('imports a messy CSV (byte order mark, aliases, $ prices, blank rows, a VIN twice) and lists every change', async () => {
    const file = write('lot.csv', `\uFEFF${csvOf(messyRows())}`);
    expect(await run('--from', file)).toBe(0);
    expect(lines).toContain('changed  denago-ev-rover-xl-2025 (row 2): price');
    expect(lines).toContain('added    evolution-d5-maverick-4-mint-n-100 (row 19)');
    expect(lines).toContain('rejected row 20, Vin #: the VIN 7EVLS4MA1TB009990 is also on row 21');
    expect(lines).toContain('rejected row 21, Vin #: the VIN 7EVLS4MA1TB009990 is also on row 20');
    expect(lines.at(-1)).toBe('import: added 1, changed 1, sold 0, restored 0, unchanged 15, rejected 2');
    const added = JSON.parse(readFileSync(join(unitsFolder(), 'evolution-d5-maverick-4-mint-n-100.json'), 'utf8')) as unknown;
    expect(unitSchema.safeParse(added).success).toBe(true);
    expect(JSON.parse(readFileSync(join(unitsFolder(), 'denago-ev-rover-xl-2025.json'), 'utf8')).price).toBe(13995);
  });

  it('imports the same sheet saved as .xlsx', async () => {
    const file = write(
      'lot.xlsx',
      xlsxOf(messyRows().map((cells, index) => (index > 0 && cells[3] ? [...cells.slice(0, 3), Number(cells[3]), ...cells.slice(4)] : cells))),
    );
    expect(await run('--from', file)).toBe(0);
    expect(lines.at(-1)).toBe('import: added 1, changed 1, sold 0, restored 0, unchanged 15, rejected 2');
  });

  it('with --dry-run lists the same and writes nothing', async () => {
    const before = snapshot();
    const file = write('lot.csv', csvOf(messyRows()));
    expect(await run('--from', file, '--dry-run')).toBe(0);
    expect(lines).toContain('dry run: nothing was written');
    expect(lines.at(-1)).toBe('import: added 1, changed 1, sold 0, restored 0, unchanged 15, rejected 2');
    expect(snapshot()).toEqual(before);
  });

  it('fails on an unreadable or empty file, or one without the needed columns, and changes nothing (exit 1)', async () => {
    const before = snapshot();
    expect(await run('--from', join(root, 'missing.csv'))).toBe(1);
    expect(lines.at(-2)).toMatch(/^failed: .*missing\.csv cannot be read \(ENOENT\)/);
    expect(await run('--from', write('empty.csv', ''))).toBe(1);
    expect(await run('--from', write('latin1.csv', Buffer.from([0x53, 0x74, 0x6f, 0x63, 0x6b, 0xe9, 0x0a])))).toBe(1);
    expect(await run('--from', write('columns.csv', 'Stock #,Colour\nA,Red\n'))).toBe(1);
    expect(lines.at(-2)).toContain('has no column for "vin"');
    expect(await run('--from', write('broken.xlsx', Buffer.from('PK\x03\x04 not really a workbook')))).toBe(1);
    expect(snapshot()).toEqual(before);
  });

  it('holds back a sheet that would shrink the lot past the limit (exit 1) and records the run for --report', async () => {
    const before = snapshot();
    expect(await run('--from', write('short.csv', csvOf([HEADER, ...lotRows().slice(0, 10)])))).toBe(1);
    expect(lines.some((line) => line.startsWith('held back: the feed leaves out 6 of the 16 units listed now'))).toBe(true);
    expect(snapshot()).toEqual(before);
    lines = [];
    expect(await run('--report')).toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^2026-11-26T15:00:00.000Z {2}.*short\.csv {2}held-back: the feed leaves out 6/);
  });

  it('marks a unit sold at the second pull in a row that misses it (the misses are remembered between runs)', async () => {
    const file = write('lot.csv', csvOf([HEADER, ...lotRows().filter((cells) => cells[0] !== 'BGC-25088U')]));
    expect(await run('--from', file)).toBe(0);
    expect(lines).toContain('missing  denago-ev-rover-xl-2025: not in this pull; marked sold if the next one misses it too');
    expect(await run('--from', file)).toBe(0);
    expect(lines).toContain('sold     denago-ev-rover-xl-2025');
    expect(JSON.parse(readFileSync(join(unitsFolder(), 'denago-ev-rover-xl-2025.json'), 'utf8'))).toMatchObject({ status: 'sold', soldDate: '2026-11-26' });
  });
});
