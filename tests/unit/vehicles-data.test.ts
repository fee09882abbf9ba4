import { describe, expect, it } from 'vitest';
import { schema } from '../../data/schemas/vehicles.ts';
import { DataFileError, parseDataFile } from '../../src/lib/data-file.ts';
import { priceBands, vehicles } from '../../src/lib/data/vehicles.ts';

describe('the lot in data/vehicles.json', () => {
  it('has at least 16 units across Denago and Evolution', () => {
    expect(vehicles.length).toBeGreaterThanOrEqual(16);
    expect(new Set(vehicles.map((v) => v.brand))).toEqual(new Set(['denago', 'evolution']));
  });

  it('covers the five categories', () => {
    expect(new Set(vehicles.map((v) => v.category))).toEqual(new Set(['ranger', 'maverick', 'forester', 'turfman', 'rover']));
  });

  it('has a unit out of stock, a unit that is not new and one of each badge', () => {
    expect(vehicles.some((v) => !v.inStock)).toBe(true);
    expect(vehicles.some((v) => !v.isNew)).toBe(true);
    expect(vehicles.some((v) => !v.isNew && v.inStock)).toBe(true);
    expect(vehicles.some((v) => !v.isNew && !v.inStock)).toBe(true);
  });

  it('has units in every price band', () => {
    expect(vehicles.some((v) => v.price < 15000)).toBe(true);
    expect(vehicles.some((v) => v.price >= 15000 && v.price <= 25000)).toBe(true);
    expect(vehicles.some((v) => v.price > 25000)).toBe(true);
  });

  it('states the price band edges 15000 and 25000', () => {
    expect(priceBands).toEqual({ under: 15000, over: 25000 });
  });

  it('every unit has an image from the cart artwork', () => {
    for (const v of vehicles) expect(v.images[0]).toMatch(/^\/images\/carts\/[a-z0-9-]+\.svg$/);
  });
});

describe('a broken vehicles file', () => {
  const unit = structuredClone(vehicles[0]!);
  const problem = (json: unknown) => {
    try {
      parseDataFile('vehicles.json', schema, json);
    } catch (error) {
      expect(error).toBeInstanceOf(DataFileError);
      return (error as Error).message;
    }
    throw new Error('accepted');
  };

  it('names a repeated id', () => {
    expect(problem({ priceBands, vehicles: [unit, unit] })).toMatch(/vehicles\[1\]\.id: the id ".+" is used by another vehicle/);
  });

  it('names a seating capacity that is not a number', () => {
    const broken = { ...unit, specifications: { ...unit.specifications, seatingCapacity: 'four' } };
    expect(problem({ priceBands, vehicles: [broken] })).toMatch(/vehicles\[0\]\.specifications\.seatingCapacity: expected a number/);
  });

  it('names price bands in the wrong order', () => {
    expect(problem({ priceBands: { under: 25000, over: 15000 }, vehicles: [] })).toMatch(/priceBands\.over: "over" must be greater than "under"/);
  });
});
