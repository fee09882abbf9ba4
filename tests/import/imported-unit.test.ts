import { describe, expect, it } from 'vitest';
import lotJson from '../../data/lot.json';
import { parseLot } from '../../src/lib/data/vehicles.ts';
import { vehicleProduct } from '../../src/lib/seo/structured-data.ts';
import { reconcile } from '../../src/lib/import/reconcile.ts';
import { sheetRows } from '../../src/lib/import/rows.ts';
import { brandNames, HEADER, lotFiles, lotRows, mappingWith, models } from './lot-feed.ts';

describe('a unit the import adds', () => {
  it('passes the build with no description and reads its year, name and colour until an editor writes one', () => {
    const mapping = mappingWith();
    const rows = sheetRows(
      [HEADER, ...lotRows(), ['N-7', '', 'EVF-26-7', '2026', 'Evolution', 'Forester 4 Plus', 'Desert Tan', '$15,100.00', 'https://photos.dms.example/n7.jpg']],
      mapping,
    );
    const plan = reconcile({ rows, units: lotFiles(), models, brandNames, mapping, today: '2026-11-26', missedBefore: [] });
    const files = Object.fromEntries(
      Object.entries({ ...lotFiles(), ...Object.fromEntries(Object.entries(plan.files).map(([id, text]) => [id, JSON.parse(text)])) }).map(([id, unit]) => [
        `${id}.json`,
        unit,
      ]),
    );
    const { units } = parseLot(files, lotJson, undefined, mapping.photoHosts);
    const added = units.find((unit) => unit.id === 'evolution-forester-4-plus-desert-tan-n-7')!;
    expect(added).toMatchObject({
      description: '2026 Evolution Forester 4 Plus in Desert Tan.',
      category: 'forester',
      images: ['https://photos.dms.example/n7.jpg'],
      inStock: true,
    });
    const editors = units.find((unit) => unit.id === 'denago-ev-rover-xl-2025')!;
    expect(editors.description).toBe(lotFiles()['denago-ev-rover-xl-2025']!.description);
  });

  it('passes the build from a messy spreadsheet row whose model the site does not know, stating no category, specifications or features', () => {
    const mapping = mappingWith();
    const rows = sheetRows(
      [HEADER, ...lotRows(), [' nm-7 ', '', 'evc4p-26-7', '2026', 'EVolution', ' Classic 4 Pro', 'Candy Red', '$9,995', 'https://photos.dms.example/n7.jpg']],
      mapping,
    );
    const plan = reconcile({ rows, units: lotFiles(), models, brandNames, mapping, today: '2026-11-26', missedBefore: [] });
    expect(plan.rejected).toEqual([]);
    const files = Object.fromEntries(
      Object.entries({ ...lotFiles(), ...Object.fromEntries(Object.entries(plan.files).map(([id, text]) => [id, JSON.parse(text)])) }).map(([id, unit]) => [
        `${id}.json`,
        unit,
      ]),
    );
    const added = parseLot(files, lotJson, undefined, mapping.photoHosts).units.find((unit) => unit.id === 'evolution-classic-4-pro-candy-red-nm-7')!;
    expect(added).toMatchObject({
      name: 'Evolution Classic 4 Pro',
      description: '2026 Evolution Classic 4 Pro in Candy Red.',
      features: [],
      specifications: {},
    });
    expect(added.category).toBeUndefined();
    const product = vehicleProduct(added, 'https://dealer.example', 'Evolution');
    expect(product).not.toHaveProperty('category');
    expect(product).not.toHaveProperty('vehicleSeatingCapacity');
    expect(product).toMatchObject({ name: 'Evolution Classic 4 Pro', model: 'Classic 4 Pro', sku: 'nm-7' });
  });
});
