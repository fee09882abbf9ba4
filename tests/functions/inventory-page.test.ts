import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import inventoryPage, { CDN_VARY } from '../../functions/inventory-page.ts';
import { ownOrigin } from '../../functions/lib/http/origin.ts';
import { dealer } from '../../src/lib/data/dealer.ts';
import { listedVehicles } from '../../src/lib/data/lot.ts';
import { units } from '../../src/lib/data/vehicles.ts';
import { cspHash, inlineCode } from '../../src/lib/site/security-headers.ts';
import { listen, type Loopback } from '../support/loopback.ts';

/**
 * The inventory page function through its real code: it fetches the pre-rendered page from its
 * own origin, here a local server answering with the built dist/new-inventory.html (gzipped,
 * with the headers a static page gets), and renders the island for the request's query.
 * Expected lists are worked out from the lot (data/units/) with the rules of docs/product.md §Inventory.
 */

const dist = join(import.meta.dirname, '..', '..', 'dist');
const STATIC_CSP = "default-src 'self'; script-src 'self' 'sha256-test'";

interface Unit {
  id: string;
  name: string;
  description: string;
  brand: string;
  category?: string;
  price: number;
  status: string;
  streetLegal: boolean;
  listedDate: string;
}
/** The lot as the site lists it, in its own order: sold units never (docs/product.md §Units). */
const lot: Unit[] = units.filter((unit) => unit.status !== 'sold');
const ids = (units: Unit[]) => units.map((unit) => unit.id);
const byPrice = (a: Unit, b: Unit) => a.price - b.price;

type Mode = 'page' | 'missing' | 'no-island';
let mode: Mode = 'page';
let html = '';
const asked: string[] = [];
let server: Loopback;
let origin = '';
let forger: Loopback;
let forgerOrigin = '';
const forged: string[] = [];

beforeAll(async () => {
  const file = join(dist, 'new-inventory.html');
  if (!existsSync(file)) throw new Error('dist/new-inventory.html is missing: run `npm run build` first');
  html = readFileSync(file, 'utf8');
  server = await listen((request, response) => {
    asked.push(request.url ?? '');
    const stylesheet = /^\/_astro\/[\w.-]+\.css$/.test(request.url ?? '') ? join(dist, request.url ?? '') : undefined;
    if (stylesheet && existsSync(stylesheet) && mode !== 'missing') {
      response.writeHead(200, { 'Content-Type': 'text/css; charset=utf-8' }).end(readFileSync(stylesheet));
      return;
    }
    if (mode === 'missing') {
      response.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end('<h1>404 Page Not Found</h1>');
      return;
    }
    const page = mode === 'no-island' ? '<!doctype html><title>Inventory</title><p>Soon.</p>' : html;
    response
      .writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Encoding': 'gzip',
        'Content-Security-Policy': STATIC_CSP,
        'X-Frame-Options': 'DENY',
        'Cache-Control': 'public, max-age=0, must-revalidate',
        ETag: '"static-page"',
      })
      .end(gzipSync(page));
  });
  origin = server.url;
  // As `netlify serve` does: the address it serves on is the site's own.
  vi.stubEnv('URL', origin);
  vi.stubEnv('DEPLOY_URL', origin);
  // Another server on this machine, which a forged Host header names.
  forger = await listen((request, response) => {
    forged.push(request.url ?? '');
    response
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "script-src 'unsafe-inline' *" })
      .end(html.replace('</body>', '<script>alert(1)</script></body>'));
  });
  forgerOrigin = forger.url;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await Promise.all([server.close(), forger.close()]);
});

beforeEach(() => {
  mode = 'page';
  asked.length = 0;
});

const get = (path: string, init: RequestInit = {}) => inventoryPage(new Request(`${origin}${path}`, init));

/** What a visitor reads on the answered page. */
async function read(response: Response) {
  expect(response.status).toBe(200);
  const page = (await response.text()).replace(/<!-- -->/g, '');
  const select = (name: string) => new RegExp(`<select[^>]* name="${name}"[^>]*>[\\s\\S]*?<option value="([^"]*)" selected=""`).exec(page)?.[1];
  return {
    page,
    ids: [...page.matchAll(/<a href="\/vehicles\/([^"]+)" class="btn btn-primary mt-4"[^>]*>/g)].map((match) => match[1]),
    count: /data-testid="inventory-count"><astro-slot name="summary"><p>([^<]*)<\/p>/.exec(page)?.[1],
    search: /<input[^>]* type="search"[^>]*value="([^"]*)"/.exec(page)?.[1],
    brand: select('brand'),
    category: select('category'),
    price: select('price'),
    sort: select('sort'),
    street: /<input[^>]* type="checkbox"[^>]*>/.exec(page)?.[0].includes(' checked=""'),
  };
}

describe('the inventory page function: the list of a filtered address (docs/product.md §Inventory)', () => {
  it('street legal only, price low to high', async () => {
    const shown = await read(await get('/new-inventory?street=legal&sort=price-asc'));
    const expected = lot.filter((unit) => unit.streetLegal).sort(byPrice);
    expect(expected.length).toBeGreaterThan(3);
    expect(shown.ids).toEqual(ids(expected));
    expect(shown.count).toBe(`Showing ${expected.length} of ${lot.length} total vehicles`);
    expect(shown).toMatchObject({ street: true, sort: 'price-asc', brand: 'all', category: 'all', price: 'all', search: '' });
  });

  it('the form as a browser submits it: street legal only, price high to low', async () => {
    const shown = await read(await get('/new-inventory?search=&brand=all&category=all&price=all&street=legal&sort=price-desc'));
    const expected = lot.filter((unit) => unit.streetLegal).sort((a, b) => b.price - a.price);
    expect(shown.ids).toEqual(ids(expected));
    expect(shown.count).toBe(`Showing ${expected.length} of ${lot.length} total vehicles`);
    expect(shown).toMatchObject({ street: true, sort: 'price-desc' });
  });

  it('brand and category, any case, in the lot order, with utm parameters beside them', async () => {
    const shown = await read(await get('/inventory?brand=Evolution&category=RANGER&utm_source=newsletter'));
    const expected = lot.filter((unit) => unit.brand === 'evolution' && unit.category?.includes('ranger'));
    expect(expected.length).toBeGreaterThan(0);
    expect(shown.ids).toEqual(ids(expected));
    expect(shown).toMatchObject({ brand: 'evolution', category: 'ranger', sort: 'featured', street: false });
  });

  it('the middle price band (edges included), newest first', async () => {
    const shown = await read(await get('/new-inventory?price=15000-25000&sort=newest'));
    const expected = lot.filter((unit) => unit.price >= 15000 && unit.price <= 25000).sort((a, b) => b.listedDate.localeCompare(a.listedDate));
    expect(expected.some((unit) => unit.price === 15000) && expected.some((unit) => unit.price === 25000)).toBe(true);
    expect(shown.ids).toEqual(ids(expected));
    expect(shown).toMatchObject({ price: '15000-25000', sort: 'newest' });
  });

  it('a search of name or description, lowest monthly payment first', async () => {
    const shown = await read(await get('/new-inventory?search=Rover+XL&sort=payment'));
    const payment = new Map(listedVehicles.map((unit) => [unit.id, unit.estimatedPayment.monthly]));
    const expected = lot
      .filter((unit) => `${unit.name}\n${unit.description}`.toLowerCase().includes('rover xl'))
      .sort((a, b) => payment.get(a.id)! - payment.get(b.id)!);
    expect(expected.length).toBeGreaterThan(1);
    expect(shown.ids).toEqual(ids(expected));
    expect(shown.search).toBe('Rover XL');
  });

  it('filters that exclude each other show the empty state, whose Clear All Filters works without JavaScript', async () => {
    const shown = await read(await get('/new-inventory?brand=denago&category=turfman'));
    expect(shown.ids).toEqual([]);
    expect(shown.count).toBe(`No vehicles match your current filters. Showing 0 of ${lot.length} total vehicles`);
    expect(shown.page).toContain('<h3 class="text-xl font-semibold">No vehicles found</h3>');
    expect(shown.page).toMatch(
      /<form (?=[^>]*method="get")(?=[^>]*data-clear-filters="")[^>]*><button type="submit" class="btn btn-primary mt-6">Clear All Filters<\/button><\/form>/,
    );
  });

  it('unknown values read as the defaults, as in the browser: every unit in the lot order', async () => {
    for (const query of [
      '?brand=club-car&category=%3Cscript%3E&price=cheap&street=yes&sort=random',
      '?sort=&street=&search=&brand=%',
      '?brand=denago&brand=evolution&brand=',
    ]) {
      const first = query.startsWith('?brand=denago');
      const shown = await read(await get(`/new-inventory${query}`));
      const expected = first ? lot.filter((unit) => unit.brand === 'denago') : lot;
      expect(shown.ids, query).toEqual(ids(expected));
      expect(shown, query).toMatchObject({ brand: first ? 'denago' : 'all', category: 'all', price: 'all', sort: 'featured', street: false });
      expect(/<astro-island[^>]*InventoryFilter[\s\S]*?<\/astro-island>/.exec(shown.page)?.[0], query).not.toMatch(/<script|%3Cscript/i);
    }
  });

  it('a malformed search is read as the browser reads it (and matches nothing), never an error', async () => {
    const shown = await read(await get('/new-inventory?search=%E0%A4%A&sort=%ZZ'));
    expect(shown.ids).toEqual([]);
    expect(shown.count).toBe(`No vehicles match your current filters. Showing 0 of ${lot.length} total vehicles`);
    expect(shown.search).toBe(new URLSearchParams('search=%E0%A4%A').get('search'));
    expect(shown.sort).toBe('featured');
  });

  it('a search is shown escaped and cut to 100 characters', async () => {
    const long = `"><b>${'x'.repeat(200)}`;
    const shown = await read(await get(`/new-inventory?search=${encodeURIComponent(long)}`));
    expect(shown.search).toBe(`&quot;&gt;&lt;b&gt;${'x'.repeat(95)}`);
    expect(shown.ids).toEqual([]);
  });

  it('with only default filters the answer is the pre-rendered page, byte for byte (what the browser hydrates)', async () => {
    const response = await get('/new-inventory?search=&brand=all&category=all&price=all&sort=featured');
    expect(await response.text()).toBe(html);
  });

  it("keeps every inline script of the page (the site policy's hashes hold) and allows its remade inline CSS by its own style policy", async () => {
    const page = await (await get('/new-inventory?street=legal')).text();
    expect(inlineCode(page).scripts).toEqual(inlineCode(html).scripts);
    const policy = /<meta http-equiv="content-security-policy" content="([^"]*)">/.exec(page)?.[1] ?? '';
    for (const style of inlineCode(page).styles) expect(policy).toContain(cspHash(style));
    expect(page.match(/http-equiv="content-security-policy"/g)).toHaveLength(1);
  });

  it('styles what only the filtered page shows from its first paint: the empty state is in its inline CSS', async () => {
    const page = await (await get('/new-inventory?search=no-such-cart')).text();
    const inlineCss = (doc: string) => /<style data-critical>([\s\S]*?)<\/style>/.exec(doc)?.[1] ?? '';
    const has = (css: string, name: string) => new RegExp(`\\.${name.replace(/[:[\]/.]/g, '\\\\$&')}(?![\\w-])`).test(css);
    const empty = /<div class="card[^"]*">\s*<h3[\s\S]*?No vehicles found[\s\S]*?<\/div>/.exec(page)?.[0] ?? '';
    const classes = [...new Set([...empty.matchAll(/class="([^"]*)"/g)].flatMap(([, value = '']) => value.split(/\s+/)))].filter(Boolean);
    expect(classes.length).toBeGreaterThan(5);
    for (const name of classes) expect(has(inlineCss(page), name), name).toBe(true);
    // Some of them the unfiltered page does not use: its own inline CSS would not have styled them.
    expect(classes.filter((name) => !has(inlineCss(html), name)).length).toBeGreaterThan(0);
  });

  it('asks its own origin for the plain page of the address, never with the query', async () => {
    await get('/inventory?sort=price-asc');
    await get('/new-inventory/?sort=price-asc');
    await get('/.netlify/functions/inventory-page?sort=price-asc');
    const pages = asked.filter((path) => !path.endsWith('.css'));
    expect(pages).toEqual(['/inventory', '/new-inventory', '/new-inventory']);
    // and the whole stylesheet the page defers, to make its critical CSS again
    expect(asked.filter((path) => path.endsWith('.css'))).toHaveLength(3);
  });
});

describe('the headers of the inventory page function', () => {
  it("passes the page's security headers through and caches on the CDN per filter query", async () => {
    const response = await get('/new-inventory?street=legal&utm_source=x');
    expect(response.headers.get('content-security-policy')).toBe(STATIC_CSP);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(response.headers.get('netlify-cdn-cache-control')).toMatch(/^public, durable, s-maxage=\d+/);
    expect(response.headers.get('netlify-vary')).toBe('query=search|brand|category|price|street|sort|page');
    expect(CDN_VARY).toBe(response.headers.get('netlify-vary'));
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(response.headers.get('etag')).not.toBe('"static-page"');
  });

  it('answers 304 to its ETag and HEAD without a body', async () => {
    const etag = (await get('/new-inventory?sort=newest')).headers.get('etag')!;
    const again = await get('/new-inventory?sort=newest', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const among = await get('/new-inventory?sort=newest', { headers: { 'If-None-Match': `"older", W/${etag}` } });
    expect(among.status).toBe(304);
    const other = await get('/new-inventory?sort=newest', { headers: { 'If-None-Match': '"older"' } });
    expect(other.status).toBe(200);
    const head = await get('/new-inventory?sort=newest', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(await head.text()).toBe('');
  });

  it('refuses other methods with 405', async () => {
    const response = await get('/new-inventory?sort=newest', { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('when the filtered page cannot be made', () => {
  /** What the function logged for the site's operators (the visitor only sees the plain page). */
  const logged = () => vi.mocked(console.error).mock.calls.map((args) => args.join(' '));
  beforeEach(() => {
    vi.mocked(console.error).mockImplementation(() => {});
  });

  it('sends the visitor to the plain page (302) when the pre-rendered page is missing', async () => {
    mode = 'missing';
    const response = await get('/new-inventory?street=legal&sort=price-asc');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/new-inventory');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(logged()).toEqual([expect.stringContaining('the page answered 404')]);
  });

  it('… when the page has no inventory island', async () => {
    mode = 'no-island';
    const response = await get('/inventory?brand=denago');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/inventory');
    expect(logged()).toEqual([expect.stringContaining('no inventory island')]);
  });

  it('… and when its own site does not answer', async () => {
    vi.stubEnv('DEPLOY_URL', 'http://127.0.0.1:9');
    vi.stubEnv('URL', 'http://127.0.0.1:9');
    try {
      const response = await inventoryPage(new Request('http://127.0.0.1:9/new-inventory?sort=newest'));
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/new-inventory');
      expect(logged()).toEqual([expect.stringContaining('could not be fetched')]);
    } finally {
      vi.stubEnv('URL', origin);
      vi.stubEnv('DEPLOY_URL', origin);
    }
  });
});

describe('a forged Host header', () => {
  it('is ignored: the page comes from the site’s own origin, with its policy, never from the server the Host names', async () => {
    // A v2 function's request.url carries the Host the client sent.
    const response = await inventoryPage(new Request(`${forgerOrigin}/new-inventory?sort=newest`));
    expect(response.status).toBe(200);
    expect(forged).toEqual([]);
    expect(asked).toContain('/new-inventory');
    expect(response.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(await response.text()).not.toContain('alert(1)');
  });

  it('the site’s origins come from the environment: DEPLOY_URL first, then URL, SITE_URL and the dealer’s website', () => {
    expect(ownOrigin('http://evil.example/x', { DEPLOY_URL: 'https://abc--site.netlify.app', URL: 'https://www.dealer.test' })).toBe(
      'https://abc--site.netlify.app',
    );
    expect(ownOrigin('https://www.dealer.test/new-inventory', { DEPLOY_URL: 'https://abc--site.netlify.app', URL: 'https://www.dealer.test' })).toBe(
      'https://www.dealer.test',
    );
    expect(ownOrigin('http://evil.example/x', { SITE_URL: 'javascript:alert(1)' })).toBe(new URL(dealer.website).origin);
  });
});
