import { describe, expect, it } from 'vitest';
import { HttpStatusError } from './fetch-with-retry.ts';
import { fetchInventory, toInventoryItem, vehiclesErrorMessage } from './vehicles-client.ts';

const unit = {
  id: 'evo-1',
  name: 'Evolution D5 Maverick 4',
  description: 'Lifted four-seater',
  brand: 'evolution',
  category: 'maverick',
  price: 11995,
  images: ['/images/carts/evolution-4.svg', '/images/carts/evolution-6.svg'],
  inStock: true,
  isNew: true,
  features: ['Lithium'],
  specifications: { topSpeed: '25 mph' },
  status: 'available' as const,
  streetLegal: true,
  exteriorColor: 'White',
  listedDate: '2026-10-01',
  estimatedPayment: { monthly: 212.5, apr: 6.99, termMonths: 60, downPayment: 1199.5, promotional: false },
};

const answering = (status: number, body: unknown) => {
  const calls: string[] = [];
  const fetch = (async (url: string) => {
    calls.push(url);
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
};
const sleep = async () => {};

describe('fetchInventory', () => {
  it('GETs the lot file and keeps what the grid needs', async () => {
    const { fetch, calls } = answering(200, [unit]);
    expect(await fetchInventory({ fetch, sleep })).toEqual([
      {
        id: 'evo-1',
        name: unit.name,
        description: unit.description,
        brand: 'evolution',
        category: 'maverick',
        price: 11995,
        images: [unit.images[0]],
        isNew: true,
        status: 'available',
        streetLegal: true,
        exteriorColor: 'White',
        listedDate: '2026-10-01',
        estimatedPayment: { monthly: 212.5 },
      },
    ]);
    expect(calls).toEqual(['/new-inventory/lot.json']);
  });

  it('fails with the error text after 3 retries', async () => {
    const { fetch, calls } = answering(503, { error: 'down' });
    await expect(fetchInventory({ fetch, sleep })).rejects.toThrow(/^Failed to fetch vehicles: 503$/);
    expect(calls).toHaveLength(4);
  });

  it('rejects a body that is not a list of vehicles', async () => {
    await expect(fetchInventory({ fetch: answering(200, { vehicles: [] }).fetch, sleep })).rejects.toThrow('Failed to fetch vehicles: unexpected response');
    await expect(fetchInventory({ fetch: answering(200, [{ id: 1 }]).fetch, sleep })).rejects.toThrow('Failed to fetch vehicles: unexpected response');
    await expect(fetchInventory({ fetch: answering(200, 'not json').fetch, sleep })).rejects.toThrow('Failed to fetch vehicles: network error');
  });
});

describe('vehiclesErrorMessage', () => {
  it('names the HTTP status', () => {
    expect(vehiclesErrorMessage(new HttpStatusError(500))).toBe('Failed to fetch vehicles: 500');
    expect(vehiclesErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch vehicles: network error');
  });
});

describe('toInventoryItem', () => {
  it('handles a unit without images', () => {
    expect(toInventoryItem({ ...unit, images: [] }).images).toEqual([]);
  });
});
