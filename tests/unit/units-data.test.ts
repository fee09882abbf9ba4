import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataFileError } from '../../src/lib/data-file.ts';
import { listedVehicles, lotAt } from '../../src/lib/data/lot.ts';
import { parseLot, removedUnits, units, vehicles } from '../../src/lib/data/vehicles.ts';

const dataDir = join(import.meta.dirname, '..', '..', 'data');
const readJson = (path: string) => JSON.parse(readFileSync(join(dataDir, path), 'utf8')) as Record<string, any>;
/** data/units/ as the build reads it: file name → JSON. */
const unitFiles = () => Object.fromEntries(readdirSync(join(dataDir, 'units')).map((name) => [name, readJson(`units/${name}`)]));

/** The message the build stops with for a changed copy of the unit files and data/lot.json. */
function problem(change: (files: Record<string, Record<string, any>>, lot: Record<string, any>) => void): string {
  const files = unitFiles();
  const lot = readJson('lot.json');
  change(files, lot);
  try {
    parseLot(files, lot);
  } catch (error) {
    expect(error).toBeInstanceOf(DataFileError);
    return (error as Error).message;
  }
  throw new Error('the changed files were accepted');
}

const withVin = 'evo-d5-maverick-6-black.json';
const available = 'evo-d5-maverick-6-plus-silver.json';

describe('what an editor gets wrong in a unit names the file and JSON path (docs/product.md §Units)', () => {
  it('a VIN with a wrong check digit', () => {
    expect(problem((files) => Object.assign(files[withVin]!, { vin: '7EVLS6MA4TB000211' }))).toContain(
      `data/units/${withVin} → vin: the check digit (9th character) does not match the rest of the VIN "7EVLS6MA4TB000211": check for a typo`,
    );
  });

  it('a VIN of the wrong length or with I, O or Q', () => {
    expect(problem((files) => Object.assign(files[withVin]!, { vin: '7EVLS6MA5TB00021' }))).toContain(
      `data/units/${withVin} → vin: must be 17 characters: digits and capital letters except I, O and Q`,
    );
  });

  it('a stock number or a VIN used by another unit', () => {
    const [firstName, first] = Object.entries(unitFiles())[0]!;
    const firstId = firstName.replace(/\.json$/, '');
    expect(problem((files) => Object.assign(files[available]!, { stockNumber: first.stockNumber.toLowerCase() }))).toContain(
      `data/units/${available} → stockNumber: the stock number "${first.stockNumber.toLowerCase()}" is already used by "${firstId}"`,
    );
    // Files are read in name order: the later file is the one that repeats the VIN.
    const later = 'evo-forester-4-plus-custom-lifted.json';
    expect(problem((files) => Object.assign(files[later]!, { vin: files[withVin]!.vin }))).toContain(
      `data/units/${later} → vin: the VIN is already used by "evo-d5-maverick-6-black"`,
    );
  });

  it('a sold unit without its sold date', () => {
    expect(problem((files) => Object.assign(files[available]!, { status: 'sold' }))).toContain(
      `data/units/${available} → soldDate: a sold unit needs its "soldDate" (YYYY-MM-DD)`,
    );
  });

  it('a sold date on a unit that is not sold, before its listed date, or not a date', () => {
    expect(problem((files) => Object.assign(files[available]!, { soldDate: '2026-11-20' }))).toContain(
      `${available} → soldDate: only a sold unit has a "soldDate" (this one is "available")`,
    );
    expect(problem((files) => Object.assign(files[available]!, { status: 'sold', soldDate: '2020-01-01' }))).toContain(
      `${available} → soldDate: must not be before "listedDate"`,
    );
    expect(problem((files) => Object.assign(files[available]!, { listedDate: '2026-13-01' }))).toContain(
      `${available} → listedDate: is not a real calendar date`,
    );
  });

  it('a street-legal unit without a VIN, and a unit with neither VIN nor serial number', () => {
    expect(
      problem((files) => {
        delete files[withVin]!.vin;
        files[withVin]!.serialNumber = 'SN-1';
      }),
    ).toContain(`${withVin} → vin: a street-legal unit (LSV) needs its VIN`);
    expect(
      problem((files) => {
        delete files[withVin]!.vin;
        files[withVin]!.streetLegal = false;
      }),
    ).toContain(`${withVin} → vin: a unit needs a "vin" or a "serialNumber"`);
  });

  it('a status or condition that does not exist, a photo path outside /images/ and a seat count that is not a number', () => {
    expect(problem((files) => Object.assign(files[available]!, { status: 'reserved' }))).toContain(
      `${available} → status: must be one of "available", "on-hold", "sold"`,
    );
    expect(problem((files) => files[available]!.photos.push({ src: 'C:\\Photos\\cart.jpg' }))).toContain(`${available} → photos[`);
    expect(problem((files) => (files[available]!.specifications.seatingCapacity = 'four'))).toContain(
      `${available} → specifications.seatingCapacity: expected a number`,
    );
  });

  it('every broken file at once, each with its own name', () => {
    const message = problem((files) => {
      files[available]!.status = 'reserved';
      files[withVin]!.price = 'call';
    });
    expect(message).toContain(`data/units/${available} → status`);
    expect(message).toContain(`data/units/${withVin} → price`);
  });

  it('a file name that cannot be an address, and a removed unit that still has its file', () => {
    expect(
      problem((files) => {
        files['Evo Cart.json'] = files[available]!;
        delete files[available];
      }),
    ).toContain(`data/units/Evo Cart.json: the file name is the unit's id and address /vehicles/{id}: it must be lowercase words joined by hyphens`);
    const id = available.replace(/\.json$/, '');
    expect(problem((_files, lot) => lot.removed.push({ id }))).toContain(
      `data/lot.json → removed[${readJson('lot.json').removed.length}].id: "${id}" still has its file data/units/${available}: keep it in one place only`,
    );
  });

  it('price bands in the wrong order', () => {
    expect(problem((_files, lot) => Object.assign(lot, { priceBands: { under: 25000, over: 15000 } }))).toMatch(
      /data\/lot\.json → priceBands\.over: "over" must be greater than "under"/,
    );
  });
});

describe('the demo lot', () => {
  it('reads one unit per file, its id the file name, photos as images and every specification in one object', () => {
    const names = readdirSync(join(dataDir, 'units')).map((name) => name.replace(/\.json$/, ''));
    expect(units.map((u) => u.id).sort()).toEqual(names.sort());
    const rover = units.find((u) => u.id === 'denago-ev-rover-xl-red')!;
    const file = readJson('units/denago-ev-rover-xl-red.json');
    expect(rover.images).toEqual(file.photos.map((photo: { src: string }) => photo.src));
    expect(rover.specifications).toMatchObject({ ...file.specifications, groundClearance: '6 in', brakes: 'Hydraulic disc' });
    expect(rover).not.toHaveProperty('$schema');
    expect(rover).not.toHaveProperty('photos');
  });

  it('orders the lot featured first, then newest on the lot, then by id', () => {
    const key = (u: (typeof units)[number]) => `${u.featured ? 0 : 1}:${99_999_999 - Number(u.listedDate.replaceAll('-', ''))}:${u.id}`;
    expect(units.map(key)).toEqual(units.map(key).sort());
  });

  it('has an on-hold unit, a sold unit and available units; sold ones are not listed', () => {
    expect(units.some((u) => u.status === 'on-hold')).toBe(true);
    expect(units.filter((u) => u.status === 'sold').length).toBeGreaterThanOrEqual(2);
    expect(vehicles.every((u) => u.status !== 'sold')).toBe(true);
    expect(listedVehicles.map((u) => u.id)).toEqual(vehicles.map((u) => u.id));
  });

  it('retires an old sale and every removed unit to its model page or the inventory, and keeps a recent sale', () => {
    const lot = lotAt('2026-11-25');
    expect(lot.soldPages.map((u) => u.id)).toEqual(['evo-d5-maverick-4-white']);
    expect(lot.redirects).toEqual([
      { id: 'evo-d5-ranger-6-plus-2023-used', to: '/vehicles/evolution-d5-ranger-6-plus' },
      ...removedUnits.map((u) => ({ id: u.id, to: u.model ? `/vehicles/${u.model}` : '/new-inventory' })),
    ]);
    expect(lotAt('2026-12-21').redirects).toContainEqual({ id: 'evo-d5-maverick-4-white', to: '/vehicles/evolution-d5-maverick-4' });
  });
});
