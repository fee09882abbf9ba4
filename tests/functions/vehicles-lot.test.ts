import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import vehiclesApi from '../../functions/vehicles.ts';
import { units } from '../../src/lib/data/vehicles.ts';

const get = (path: string) => vehiclesApi(new Request(`http://localhost${path}`));
type Listed = { id: string; status: string; stockNumber: string; streetLegal: boolean; estimatedPayment: { monthly: number; apr: number; termMonths: number } };
const list = async (path: string) => (await get(path).json()) as Listed[];

const sold = units.filter((unit) => unit.status === 'sold');
const onHold = units.find((unit) => unit.status === 'on-hold')!;

describe('the API and the state of each unit (docs/product.md §Units)', () => {
  it('lists available and on-hold units with their new facts and estimated payment, and no sold unit', async () => {
    const all = await list('/api/vehicles');
    expect(all).toHaveLength(units.length - sold.length);
    expect(all.find((unit) => unit.id === onHold.id)?.status).toBe('on-hold');
    for (const unit of sold) expect(all.some((listed) => listed.id === unit.id)).toBe(false);
    const maverick = all.find((unit) => unit.id === 'evo-d5-maverick-4-plus-sky-blue')!;
    expect(maverick).toMatchObject({ stockNumber: 'BGC-26014', streetLegal: true, estimatedPayment: { monthly: 324.88, apr: 0, termMonths: 36 } });
  });

  it('answers inStock false for a unit on hold, in the list, the brand list and on its own, though its file says it is on the lot', async () => {
    const file = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'data', 'units', `${onHold.id}.json`), 'utf8')) as { inStock: boolean };
    expect(file.inStock).toBe(true);
    type Stocked = { id: string; inStock: boolean };
    const inList = ((await list('/api/vehicles')) as unknown as Stocked[]).find((unit) => unit.id === onHold.id)!;
    const inBrand = ((await list(`/api/vehicles/brand/${onHold.brand}`)) as unknown as Stocked[]).find((unit) => unit.id === onHold.id)!;
    const alone = (await get(`/api/vehicles/${onHold.id}`).json()) as Stocked;
    expect([inList.inStock, inBrand.inStock, alone.inStock]).toEqual([false, false, false]);
    expect(
      ((await list('/api/vehicles')) as unknown as (Stocked & { status: string })[])
        .filter((unit) => unit.inStock)
        .every((unit) => unit.status === 'available'),
    ).toBe(true);
  });

  it('leaves sold units out of the brand lists', async () => {
    for (const unit of sold) {
      const brand = await list(`/api/vehicles/brand/${unit.brand}`);
      expect(brand.length).toBeGreaterThan(0);
      expect(brand.some((listed) => listed.id === unit.id)).toBe(false);
    }
  });

  it('answers 404 {"error":"Vehicle not found"} for a sold unit, recent or old, and 200 for an on-hold one', async () => {
    expect(sold.length).toBeGreaterThanOrEqual(2);
    for (const unit of sold) {
      const response = get(`/api/vehicles/${unit.id}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Vehicle not found' });
    }
    const held = get(`/api/vehicles/${onHold.id}`);
    expect(held.status).toBe(200);
    expect(((await held.json()) as Listed).status).toBe('on-hold');
  });
});
