import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isSpeculative, refuseSpeculation } from '../../functions/lib/http/guards.ts';

/**
 * A function that files, changes, signs in or answers with a dealer's data refuses a request the
 * browser makes ahead of a tap (docs/decisions/speculative-loading.md), before it reads or writes
 * anything (these run without a Blobs sandbox: a handler that went on would fail). Every routed
 * function of functions/ is here, so a new one is covered by itself; only the public, read-only
 * answers may be prefetched.
 */
type Handler = (request: Request) => Promise<Response> | Response;
const functionsDir = new URL('../../functions/', import.meta.url);
const ROUTED: Record<string, { handler: Handler; path: string }> = {};
for (const file of readdirSync(functionsDir).filter((name) => name.endsWith('.ts'))) {
  const module = (await import(new URL(file, functionsDir).href)) as { default: Handler; config?: { path?: string | string[] } };
  const path = module.config?.path;
  if (path) ROUTED[file.replace(/\.ts$/, '')] = { handler: module.default, path: (Array.isArray(path) ? path[0] : path) ?? '/' };
}

/** Public pages and data, the same for everyone, that change nothing when read. */
const PREFETCHABLE = ['health', 'vehicles'];

const HEADERS: [string, Record<string, string>][] = [
  ['a speculation rule prefetch (Sec-Purpose: prefetch)', { 'Sec-Purpose': 'prefetch' }],
  ['a speculation rule prerender (Sec-Purpose: prefetch;prerender)', { 'Sec-Purpose': 'prefetch;prerender' }],
  ['an older browser prefetch (Purpose: prefetch)', { Purpose: 'prefetch' }],
];

it('finds every routed function of the site', () => {
  expect(Object.keys(ROUTED).length).toBeGreaterThanOrEqual(15);
  expect(Object.keys(ROUTED)).toEqual(expect.arrayContaining(['alert-links', 'admin-leads', 'admin-session', 'contact', 'lead-photo', ...PREFETCHABLE]));
});

describe('functions with side effects or private answers refuse a speculative request', () => {
  for (const [name, { handler, path }] of Object.entries(ROUTED).filter(([name]) => !PREFETCHABLE.includes(name))) {
    it.each(HEADERS)(`${name}: %s gets a 503 that is never stored`, async (_what, headers) => {
      const address = `http://localhost${path.replace(/:\w+/g, 'x')}?s=abc&t=def&a=1`;
      const response = await handler(new Request(address, { headers }));
      expect(response.status).toBe(503);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('vary')).toMatch(/Sec-Purpose/);
      expect(await response.json()).toEqual({ error: 'Not answered ahead of a visit' });
    });
  }
});

describe('the guard', () => {
  it('lets a visitor’s own request through, with or without other purposes', () => {
    expect(refuseSpeculation(new Request('http://localhost/alerts/confirm?s=1'))).toBeNull();
    expect(isSpeculative(new Request('http://localhost/', { headers: { 'Sec-Purpose': 'prefetch;anonymous-client-ip' } }))).toBe(true);
    expect(isSpeculative(new Request('http://localhost/', { headers: { 'Sec-Purpose': 'prefetchx' } }))).toBe(false);
    expect(isSpeculative(new Request('http://localhost/', { headers: { Purpose: 'preview' } }))).toBe(false);
  });

  it('leaves the public read-only answers prefetchable', async () => {
    const response = await ROUTED.vehicles!.handler(new Request('http://localhost/api/vehicles', { headers: { 'Sec-Purpose': 'prefetch' } }));
    expect(response.status).toBe(200);
  });
});
