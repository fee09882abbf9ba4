import { describe, expect, it } from 'vitest';
import { schema as unitSchema } from '../../../data/schemas/units.ts';
import { brandNames, HEADER, lotFiles, lotRows, mappingWith, models } from '../../../tests/import/lot-feed.ts';
import { reconcile, type ReconcileInput } from './reconcile.ts';
import { csvSheet, sheetRows } from './rows.ts';

const mapping = mappingWith();
const TODAY = '2026-11-26';

function plan(rows: string[][], overrides: Partial<ReconcileInput> = {}) {
  const sheet = sheetRows([HEADER, ...rows], mapping);
  return reconcile({ rows: sheet, units: lotFiles(), models, brandNames, mapping, today: TODAY, missedBefore: [], ...overrides });
}

const row = (fields: Partial<Record<(typeof HEADER)[number], string>>) => HEADER.map((header) => fields[header] ?? '');
const rowOf = (rows: string[][], stock: string) => rows.findIndex((cells) => cells[0] === stock);

describe('reconcile: the lot from a feed', () => {
  it('leaves the lot as it is when the feed says what the files say', () => {
    const result = plan(lotRows());
    expect(result.outcome).toBe('imported');
    expect(result.changes).toEqual([]);
    expect(result.rejected).toEqual([]);
    expect(result.unchanged).toBe(16);
  });

  it("matches a unit by VIN and changes only the feed's fields, never an editor's", () => {
    const rows = lotRows();
    const at = rowOf(rows, 'BGC-25088U');
    rows[at] = [...rows[at]!];
    rows[at]![6] = 'Graphite';
    rows[at]![7] = '$13,995.00';
    rows[at]![8] = 'https://photos.dms.example/a.jpg|https://photos.dms.example/b.jpg';
    rows[at]![0] = 'BGC-25088U-X'; // a new stock number: the VIN still says which unit it is
    const result = plan(rows);
    expect(result.changes).toEqual([
      { kind: 'changed', id: 'denago-ev-rover-xl-2025', ref: `row ${at + 2}`, fields: ['price', 'photos', 'stockNumber', 'exteriorColor'] },
    ]);
    const before = lotFiles()['denago-ev-rover-xl-2025']!;
    const after = JSON.parse(result.files['denago-ev-rover-xl-2025']!) as Record<string, unknown>;
    expect(after).toMatchObject({ price: 13995, exteriorColor: 'Graphite', stockNumber: 'BGC-25088U-X', status: 'on-hold' });
    expect(after.photos).toEqual([{ src: 'https://photos.dms.example/a.jpg' }, { src: 'https://photos.dms.example/b.jpg' }]);
    for (const editors of ['description', 'features', 'name', 'specifications', 'moreSpecifications', 'listedDate'])
      expect(after[editors]).toEqual(before[editors]);
  });

  it('matches by serial number, then by stock number', () => {
    const rows = lotRows();
    const bySerial = rowOf(rows, String(lotFiles()['evo-forester-4-plus-camo']!.stockNumber));
    rows[bySerial] = [...rows[bySerial]!];
    rows[bySerial]![0] = 'RENUMBERED-1';
    rows[bySerial]![7] = '1000';
    const byStock = rowOf(rows, String(lotFiles()['evo-d5-maverick-6-black']!.stockNumber));
    rows[byStock] = [...rows[byStock]!];
    rows[byStock]![1] = '';
    rows[byStock]![2] = 'SER-NEW-77';
    rows[byStock]![7] = '2000';
    const result = plan(rows);
    expect(result.changes.map((change) => [change.id, change.fields])).toEqual([
      ['evo-d5-maverick-6-black', ['price', 'serialNumber']],
      ['evo-forester-4-plus-camo', ['price', 'stockNumber']],
    ]);
  });

  it('rejects both rows of a VIN that is in the pull twice, naming each other, and imports the rest', () => {
    const rows = lotRows();
    const at = rowOf(rows, 'BGC-25088U');
    rows.push(row({ 'Stock #': 'DUP-1', VIN: rows[at]![1], Year: '2026', Make: 'Denago', Model: 'EV Rover XL', Color: 'Red', Price: '1' }));
    const result = plan(rows);
    expect(result.rejected).toEqual([
      { ref: `row ${at + 2}`, column: 'VIN', reason: `the VIN 7D9RX4XLXSM000412 is also on row ${rows.length + 1}` },
      { ref: `row ${rows.length + 1}`, column: 'VIN', reason: `the VIN 7D9RX4XLXSM000412 is also on row ${at + 2}` },
    ]);
    expect(result.outcome).toBe('imported');
    expect(result.missed).toEqual([]);
    expect(result.unchanged).toBe(15);
  });

  it('publishes a new unit from year, make, model, colour, price, VIN, stock number and photos, its specifications from the model', () => {
    const result = plan([
      ...lotRows(),
      row({
        'Stock #': 'N-100',
        VIN: '',
        'Serial No': 'EVM4-26-1',
        Year: '2026',
        Make: 'EVolution',
        Model: 'D5 Maverick 4',
        Color: 'Mint',
        Price: '$11,250.00',
        Photos: 'https://photos.dms.example/n100-1.jpg | https://photos.dms.example/n100-2.jpg',
      }),
    ]);
    expect(result.changes).toEqual([{ kind: 'added', id: 'evolution-d5-maverick-4-mint-n-100', ref: 'row 18', fields: [] }]);
    const unit = JSON.parse(result.files['evolution-d5-maverick-4-mint-n-100']!) as Record<string, unknown>;
    expect(unitSchema.safeParse(unit).success).toBe(true);
    expect(unit.description).toBeUndefined();
    const model = models.find((candidate) => candidate.slug === 'evolution-d5-maverick-4')!;
    expect(unit).toMatchObject({
      name: 'Evolution D5 Maverick 4',
      model: 'D5 Maverick 4',
      category: 'maverick',
      status: 'available',
      price: 11250,
      listedDate: TODAY,
      features: model.features,
      specifications: { topSpeed: model.specs.topSpeed, range: model.specs.range, seatingCapacity: model.specs.seats, payload: model.specs.payload },
    });
    expect(unit.photos).toEqual([{ src: 'https://photos.dms.example/n100-1.jpg' }, { src: 'https://photos.dms.example/n100-2.jpg' }]);
  });

  it("gives a new unit another address than a removed unit's, which keeps redirecting", () => {
    const result = plan(
      [...lotRows(), row({ 'Stock #': 'N-100', 'Serial No': 'S-100', Year: '2026', Make: 'Evolution', Model: 'D5 Maverick 4', Color: 'Mint', Price: '1' })],
      {
        reservedIds: ['evolution-d5-maverick-4-mint-n-100'],
      },
    );
    expect(result.changes.map((change) => change.id)).toEqual(['evolution-d5-maverick-4-mint-n-100-2']);
  });

  it('rejects a row whose VIN check digit is wrong, naming the row, column and reason, and imports the rest', () => {
    const result = plan([
      ...lotRows(),
      row({ 'Stock #': 'N-2', VIN: '7D9RX4XL0SM000999', Year: '2026', Make: 'Denago', Model: 'EV Rover XL', Color: 'Red', Price: '9000' }),
    ]);
    expect(result.rejected).toEqual([{ ref: 'row 18', column: 'VIN', reason: expect.stringContaining('check digit') }]);
    expect(result.unchanged).toBe(16);
  });

  it('rejects a row whose price or year it cannot read, or whose make is no brand of the site', () => {
    const result = plan([
      ...lotRows(),
      row({ 'Stock #': 'N-3', 'Serial No': 'S-3', Year: '2026', Make: 'Club Car', Model: 'Onward', Color: 'Red', Price: '9000' }),
      row({ 'Stock #': 'N-4', 'Serial No': 'S-4', Year: '26', Make: 'Denago', Model: 'EV City', Color: 'Red', Price: '9000' }),
      row({ 'Stock #': 'N-5', 'Serial No': 'S-5', Year: '2026', Make: 'Denago', Model: 'EV City', Color: 'Red', Price: 'call us' }),
    ]);
    expect(result.rejected.map((rejection) => [rejection.ref, rejection.column])).toEqual([
      ['row 18', 'Make'],
      ['row 19', 'Year'],
      ['row 20', 'Price'],
    ]);
    expect(result.changes).toEqual([]);
  });

  it('adds a unit of a model the site does not know from the row alone: no category, specifications or features are guessed', () => {
    const result = plan([
      ...lotRows(),
      row({
        'Stock #': ' n-3 ',
        'Serial No': 'S-3',
        Year: '2026',
        Make: 'evolution',
        Model: '  Evolution Classic 4 Pro ',
        Color: 'Candy Red',
        Price: ' $9,995.00 ',
        Photos: 'https://photos.dms.example/n3.jpg\nhttps://photos.dms.example/n3-b.jpg',
      }),
    ]);
    expect(result.rejected).toEqual([]);
    expect(result.changes).toEqual([{ kind: 'added', id: 'evolution-classic-4-pro-candy-red-n-3', ref: 'row 18', fields: [] }]);
    const unit = JSON.parse(result.files['evolution-classic-4-pro-candy-red-n-3']!) as Record<string, unknown>;
    expect(unitSchema.safeParse(unit).success).toBe(true);
    expect(unit).toMatchObject({ name: 'Evolution Classic 4 Pro', model: 'Classic 4 Pro', brand: 'evolution', price: 9995, stockNumber: 'n-3', features: [] });
    expect(unit.photos).toEqual([{ src: 'https://photos.dms.example/n3.jpg' }, { src: 'https://photos.dms.example/n3-b.jpg' }]);
    for (const unknown of ['description', 'category', 'specifications']) expect(unit[unknown], unknown).toBeUndefined();
  });

  it('marks a unit sold only when two successful pulls in a row miss it, and restores it when it comes back', () => {
    const rows = lotRows().filter((cells) => cells[0] !== 'BGC-25088U');
    const first = plan(rows);
    expect(first.missed).toEqual(['denago-ev-rover-xl-2025']);
    expect(first.changes).toEqual([]);
    const second = plan(rows, { missedBefore: first.missed });
    expect(second.changes).toEqual([{ kind: 'sold', id: 'denago-ev-rover-xl-2025', fields: ['status', 'soldDate'] }]);
    const sold = JSON.parse(second.files['denago-ev-rover-xl-2025']!) as Record<string, unknown>;
    expect(sold).toMatchObject({ status: 'sold', soldDate: TODAY, description: lotFiles()['denago-ev-rover-xl-2025']!.description });

    const units = { ...lotFiles(), 'denago-ev-rover-xl-2025': sold };
    const back = plan(lotRows(), { units });
    expect(back.changes.map((change) => [change.kind, change.id])).toEqual([['restored', 'denago-ev-rover-xl-2025']]);
    const restored = JSON.parse(back.files['denago-ev-rover-xl-2025']!) as Record<string, unknown>;
    expect(restored.status).toBe('available');
    expect(restored.soldDate).toBeUndefined();
  });

  it('holds back a pull that would shrink the listed lot past the limit, and changes nothing', () => {
    const result = plan(lotRows().slice(0, 12));
    expect(result.outcome).toBe('held-back');
    expect(result.reason).toContain('leaves out 4 of the 16 units');
    expect(result.files).toEqual({});
    const within = plan(lotRows().slice(0, 13));
    expect(within.outcome).toBe('imported');
    expect(within.missed).toHaveLength(3);
  });

  it('changes nothing when the feed has no rows', () => {
    const result = reconcile({ rows: [], units: lotFiles(), models, brandNames, mapping, today: TODAY, missedBefore: ['x'] });
    expect(result).toMatchObject({ outcome: 'failed', files: {}, changes: [], missed: ['x'] });
  });

  it("keeps an editor's photo text for a photo the feed still lists, in the feed's order", () => {
    const units = lotFiles();
    units['denago-ev-rover-xl-red'] = {
      ...units['denago-ev-rover-xl-red'],
      photos: [{ src: 'https://photos.dms.example/1.jpg', alt: 'Left side' }, { src: 'https://photos.dms.example/2.jpg' }],
    };
    const rows = lotRows(units);
    const at = rowOf(rows, String(units['denago-ev-rover-xl-red']!.stockNumber));
    rows[at]![8] = 'https://photos.dms.example/3.jpg\nhttps://photos.dms.example/1.jpg';
    const result = plan(rows, { units });
    expect(JSON.parse(result.files['denago-ev-rover-xl-red']!).photos).toEqual([
      { src: 'https://photos.dms.example/3.jpg' },
      { src: 'https://photos.dms.example/1.jpg', alt: 'Left side' },
    ]);
  });

  it('reads a CSV with a byte order mark, dealer header spellings and blank rows', () => {
    const text = '\uFEFFstock number,Vin #,Model Year,Brand,Model,Colour,Retail Price\r\n\r\nA-1,,2026,Denago,EV City,Red,"$12,995.00"\r\n,,,,,,\r\n';
    const rows = sheetRows(csvSheet(text), mapping);
    expect(rows).toEqual([
      {
        ref: 'row 3',
        values: { stockNumber: 'A-1', year: '2026', make: 'Denago', model: 'EV City', exteriorColor: 'Red', price: '$12,995.00' },
        columns: { stockNumber: 'stock number', year: 'Model Year', make: 'Brand', model: 'Model', exteriorColor: 'Colour', price: 'Retail Price' },
      },
    ]);
  });
});

describe('reconcile: the store a unit is on', () => {
  const STORES = [
    { slug: 'mount-holly', storeCode: 'BGC-MH' },
    { slug: 'cape-may', storeCode: 'BGC-CM' },
  ];
  const withLocation = (codes: readonly string[]) => {
    const rows = lotRows().map((cells, index) => [...cells, codes[index] ?? '']);
    return sheetRows([[...HEADER, 'Location'], ...rows], mapping);
  };

  it('writes no store while the site has one: every unit is on it', () => {
    const result = reconcile({
      rows: withLocation(['ANYWHERE']),
      units: lotFiles(),
      models,
      brandNames,
      mapping,
      today: TODAY,
      missedBefore: [],
      stores: [STORES[0]!],
    });
    expect(result.rejected).toEqual([]);
    expect(result.changes).toEqual([]);
  });

  it('puts a unit on the store whose code the row names, or the one the settings map the code to, and rejects a code that names no store', () => {
    const rows = withLocation(['BGC-CM', 'lot 7', 'NOWHERE', 'bgc-mh']);
    const result = reconcile({
      rows,
      units: lotFiles(),
      models,
      brandNames,
      mapping: mappingWith({ locations: { 'lot 7': 'cape-may' } }),
      today: TODAY,
      missedBefore: [],
      stores: STORES,
    });
    const storeOfRow = (index: number) => {
      const change = result.changes.find((candidate) => candidate.ref === `row ${index + 2}`);
      return change ? (JSON.parse(result.files[change.id]!) as { store?: string }).store : undefined;
    };
    expect(storeOfRow(0)).toBe('cape-may');
    expect(storeOfRow(1)).toBe('cape-may');
    expect(storeOfRow(3)).toBe('mount-holly');
    expect(result.rejected).toContainEqual({ ref: 'row 4', column: 'Location', reason: expect.stringContaining('"NOWHERE" is no store\'s code') });
    // A row without a location leaves the unit where it is: no store is written, and a unit that
    // names none is on the main store's lot (docs/product.md §Stores).
    expect(result.rejected.find((rejection) => rejection.ref === 'row 6')).toBeUndefined();
    expect(storeOfRow(4)).toBeUndefined();
  });
});
