import { describe, expect, it } from 'vitest';
import vehiclesApi, { config } from '../../functions/vehicles.ts';
import { vehiclesRoute } from '../../functions/lib/vehicle-routes.ts';

const get = (path: string, init: RequestInit = {}) => vehiclesApi(new Request(`http://localhost${path}`, init));
const json = async (response: Response) => (await response.json()) as any;

/** Any vehicle id the API lists, to ask for it by id. */
async function someVehicle() {
  const list = await json(get('/api/vehicles'));
  return list[0] as { id: string; brand: string };
}

describe('GET /api/vehicles', () => {
  it('answers a JSON array of vehicles with every vehicle field', async () => {
    const response = get('/api/vehicles');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const list = await json(response);
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeGreaterThanOrEqual(16);
    for (const vehicle of list) {
      expect(Object.keys(vehicle)).toEqual(
        expect.arrayContaining(['id', 'name', 'description', 'brand', 'category', 'price', 'images', 'inStock', 'isNew', 'features', 'specifications']),
      );
      expect(typeof vehicle.price).toBe('number');
      expect(typeof vehicle.specifications.seatingCapacity).toBe('number');
      for (const key of ['topSpeed', 'range', 'batteryType', 'chargingTime', 'payload']) expect(vehicle.specifications[key]).toEqual(expect.any(String));
    }
  });

  it('can be cached by browsers and the CDN, with the security headers', () => {
    const response = get('/api/vehicles');
    const cache = response.headers.get('cache-control') ?? '';
    expect(cache).toMatch(/\bpublic\b/);
    expect(cache).toMatch(/\bmax-age=\d+/);
    expect(cache).toMatch(/\bs-maxage=\d+/);
    expect(cache).toMatch(/\bstale-while-revalidate=\d+/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('answers 304 to a matching ETag', async () => {
    const etag = get('/api/vehicles').headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const response = get('/api/vehicles', { headers: { 'If-None-Match': `W/${etag}` } });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe('');
    expect(get('/api/vehicles', { headers: { 'If-None-Match': `"older", ${etag}` } }).status).toBe(304);
    expect(get('/api/vehicles', { headers: { 'If-None-Match': '"older"' } }).status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = get('/api/vehicles', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.text()).toBe('');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])('refuses %s with 405 and Allow', async (method) => {
    const response = get('/api/vehicles/anything', { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await json(response)).toEqual({ error: 'Method not allowed' });
  });

  it('also answers with a trailing slash', async () => {
    expect(Array.isArray(await json(get('/api/vehicles/')))).toBe(true);
  });
});

describe('GET /api/vehicles/{id}', () => {
  it('answers the one vehicle', async () => {
    const first = await someVehicle();
    const response = get(`/api/vehicles/${first.id}`);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual(first);
  });

  it('answers 404 {"error":"Vehicle not found"} for an unknown id', async () => {
    const response = get('/api/vehicles/no-such-cart');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await json(response)).toEqual({ error: 'Vehicle not found' });
  });

  it.each([
    ['percent-encoded', '/api/vehicles/%65vo%2D1%20%F0%9F%9A%97'],
    ['malformed percent-encoding', '/api/vehicles/%E0%A4%A'],
    ['lone percent', '/api/vehicles/%'],
    ['encoded traversal', '/api/vehicles/..%2F..%2Fetc%2Fpasswd'],
    ['double-encoded traversal', '/api/vehicles/%252e%252e%252fhealth'],
    ['dot segments', '/api/vehicles/%2e%2e'],
    ['very long', `/api/vehicles/${'a'.repeat(10_000)}`],
    ['extra segments', '/api/vehicles/a/b/c'],
    ['a prototype key', '/api/vehicles/__proto__'],
    ['a NUL byte', '/api/vehicles/%00'],
  ])('never a 5xx: %s → 404 JSON', async (_label, path) => {
    const response = get(path);
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ error: 'Vehicle not found' });
  });
});

describe('GET /api/vehicles/brand/{brand}', () => {
  it('lists the brand, case-insensitively', async () => {
    const all = await json(get('/api/vehicles'));
    for (const brand of ['evolution', 'Evolution', 'EVOLUTION', 'denago', 'DeNaGo']) {
      const response = get(`/api/vehicles/brand/${brand}`);
      expect(response.status).toBe(200);
      const list = await json(response);
      expect(list.length).toBeGreaterThan(0);
      expect(list).toEqual(all.filter((v: { brand: string }) => v.brand === brand.toLowerCase()));
    }
  });

  it('answers an empty array for a brand with no vehicles', async () => {
    for (const brand of ['tesla', '..%2F..', `${'x'.repeat(300)}`, '%F0%9F%9A%97']) {
      const response = get(`/api/vehicles/brand/${brand}`);
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual([]);
    }
  });
});

describe('routing', () => {
  it('is routed at /api/vehicles and everything below it', () => {
    expect(config.path).toEqual(['/api/vehicles', '/api/vehicles/*']);
  });

  it.each([
    ['/api/vehicles', { kind: 'list' }],
    ['/api/vehicles/', { kind: 'list' }],
    ['/api/vehicles/evo-1', { kind: 'one', id: 'evo-1' }],
    ['/api/vehicles/a%20b', { kind: 'one', id: 'a b' }],
    ['/api/vehicles/brand', { kind: 'one', id: 'brand' }],
    ['/api/vehicles/brand/Denago', { kind: 'brand', brand: 'Denago' }],
    ['/api/vehicles/brand/denago/x', { kind: 'unknown' }],
    ['/api/vehicles/%E0%A4%A', { kind: 'unknown' }],
    ['/api/vehiclesx', { kind: 'unknown' }],
    [`/api/vehicles/${'a'.repeat(600)}`, { kind: 'unknown' }],
  ])('%s', (path, route) => {
    expect(vehiclesRoute(path)).toEqual(route);
  });
});
