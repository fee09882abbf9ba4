import { describe, expect, it } from 'vitest';
import { priceBands, vehicles } from '../../src/lib/data/vehicles.ts';

describe('the lot in data/units/', () => {
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
