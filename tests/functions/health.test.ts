import { describe, expect, it } from 'vitest';
import health, { config } from '../../functions/health.ts';

describe('GET /api/health', () => {
  it('answers 200 JSON with ok: true and no caching', async () => {
    const response = health(new Request('http://localhost/api/health'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    const body = (await response.json()) as { ok: boolean; time: string };
    expect(body.ok).toBe(true);
    expect(Number.isNaN(Date.parse(body.time))).toBe(false);
  });

  it('refuses other methods with 405 and an Allow header', async () => {
    const response = health(new Request('http://localhost/api/health', { method: 'POST' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await response.json()).toEqual({ error: 'Method not allowed' });
  });

  it('is routed at /api/health', () => {
    expect(config.path).toBe('/api/health');
  });
});
