import { describe, expect, it } from 'vitest';
import json from '../../data/vehicles.json';
import { schema } from '../../data/schemas/vehicles.ts';
import { DataFileError, parseDataFile } from '../../src/lib/data-file.ts';
import { listedVehicles, lotAt } from '../../src/lib/data/lot.ts';
import { removedUnits, units, vehicles } from '../../src/lib/data/vehicles.ts';

/** The message the build stops with for a changed copy of data/vehicles.json. */
function problem(change: (file: typeof json) => void): string {
  const file = structuredClone(json);
  change(file);
  try {
    parseDataFile('vehicles.json', schema, file);
  } catch (error) {
    expect(error).toBeInstanceOf(DataFileError);
    return (error as Error).message;
  }
  throw new Error('the changed file was accepted');
}

const indexOf = (id: string) => json.vehicles.findIndex((unit) => unit.id === id);
const withVin = indexOf('evo-d5-maverick-6-black');
const available = indexOf('evo-d5-maverick-6-plus-silver');

describe('what an editor gets wrong in a unit names the file and JSON path (docs/product.md §Units)', () => {
  it('a VIN with a wrong check digit', () => {
    expect(problem((file) => Object.assign(file.vehicles[withVin]!, { vin: '7EVLS6MA4TB000211' }))).toContain(
      `data/vehicles.json → vehicles[${withVin}].vin: the check digit (9th character) does not match the rest of the VIN "7EVLS6MA4TB000211": check for a typo`,
    );
  });

  it('a VIN of the wrong length or with I, O or Q', () => {
    expect(problem((file) => Object.assign(file.vehicles[withVin]!, { vin: '7EVLS6MA5TB00021' }))).toContain(
      `data/vehicles.json → vehicles[${withVin}].vin: must be 17 characters: digits and capital letters except I, O and Q`,
    );
  });

  it('a stock number used twice', () => {
    const first = json.vehicles[0]!;
    expect(problem((file) => Object.assign(file.vehicles[available]!, { stockNumber: first.stockNumber.toLowerCase() }))).toContain(
      `data/vehicles.json → vehicles[${available}].stockNumber: the stock number "${first.stockNumber.toLowerCase()}" is already used by "${first.id}"`,
    );
  });

  it('a sold unit without its sold date', () => {
    expect(problem((file) => Object.assign(file.vehicles[available]!, { status: 'sold' }))).toContain(
      `data/vehicles.json → vehicles[${available}].soldDate: a sold unit needs its "soldDate" (YYYY-MM-DD)`,
    );
  });

  it('a sold date on a unit that is not sold, before its listed date, or not a date', () => {
    expect(problem((file) => Object.assign(file.vehicles[available]!, { soldDate: '2026-11-20' }))).toContain(
      `vehicles[${available}].soldDate: only a sold unit has a "soldDate" (this one is "available")`,
    );
    expect(problem((file) => Object.assign(file.vehicles[available]!, { status: 'sold', soldDate: '2020-01-01' }))).toContain(
      `vehicles[${available}].soldDate: must not be before "listedDate"`,
    );
    expect(problem((file) => Object.assign(file.vehicles[available]!, { listedDate: '2026-13-01' }))).toContain(
      `vehicles[${available}].listedDate: is not a real calendar date`,
    );
  });

  it('a street-legal unit without a VIN, and a unit with neither VIN nor serial number', () => {
    expect(
      problem((file) => {
        const unit = file.vehicles[withVin]! as Record<string, unknown>;
        delete unit.vin;
        unit.serialNumber = 'SN-1';
      }),
    ).toContain(`vehicles[${withVin}].vin: a street-legal unit (LSV) needs its VIN`);
    expect(
      problem((file) => {
        const unit = file.vehicles[withVin]! as Record<string, unknown>;
        delete unit.vin;
        unit.streetLegal = false;
      }),
    ).toContain(`vehicles[${withVin}].vin: a unit needs a "vin" or a "serialNumber"`);
  });

  it('a status or condition that does not exist, and a removed unit still listed', () => {
    expect(problem((file) => Object.assign(file.vehicles[available]!, { status: 'reserved' }))).toContain(
      `vehicles[${available}].status: must be one of "available", "on-hold", "sold"`,
    );
    expect(problem((file) => file.removed.push({ id: json.vehicles[0]!.id }))).toContain(
      `data/vehicles.json → removed[${json.removed.length}].id: "${json.vehicles[0]!.id}" is still listed in "vehicles": keep it in one list only`,
    );
  });
});

describe('the demo lot', () => {
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
