import { expect, test } from './fixtures.ts';
import { builtRedirects, builtVehicles, SHARED_NAMES, MUNICIPALITIES } from './towns-fixtures.ts';

const rules = builtRedirects();
const slug = (text: string) => text.toLowerCase().replace(/\s+/g, '-');
/** A rule's path with its placeholder filled in (":id" → a unit on the lot, "*" → an unknown name). */
const concrete = (path: string) => path.replace(/:id\b/, builtVehicles()[0]?.id ?? 'unit').replace(/\*$/, 'no-such-unit-anywhere');

test('the redirects cover every alias of a town, brand and vehicle address', () => {
  const target = (from: string) => rules.find((r) => r.from === from);
  expect(target('/vehicle/:id')).toEqual({ from: '/vehicle/:id', to: '/vehicles/:id', status: 301 });
  expect(target('/brands/denago')).toEqual({ from: '/brands/denago', to: '/denago', status: 301 });
  expect(target('/brands/evolution')).toEqual({ from: '/brands/evolution', to: '/evolution', status: 301 });
  expect(target('/beverly-township-golf-carts')?.to).toBe('/beverly-city-golf-carts');
  for (const town of MUNICIPALITIES) {
    const canonical = `/${slug(town.name)}-${town.type}-golf-carts`;
    const bare = `/${slug(town.name)}-golf-carts`;
    if (SHARED_NAMES.includes(town.name)) expect(target(bare), bare).toBeUndefined();
    else expect(target(bare), bare).toEqual({ from: bare, to: canonical, status: 301 });
    for (const wrong of ['township', 'borough', 'city'].filter((t) => t !== town.type)) {
      const from = `/${slug(town.name)}-${wrong}-golf-carts`;
      const shared = MUNICIPALITIES.filter((t) => t.name === town.name);
      // Another town of the same name owns this type, or two of them could be meant.
      if (shared.some((t) => t.type === wrong) || shared.length > 1) continue;
      expect(target(from), from).toEqual({ from, to: canonical, status: 301 });
    }
  }
});

test('every alias answers 301 to a page that answers 200', async ({ request }) => {
  // Two requests an alias, one after another, through the served site's functions too.
  test.setTimeout(30_000 + rules.length * 2_000);
  const failures: string[] = [];
  for (const rule of rules) {
    const from = concrete(rule.from);
    const to = concrete(rule.to);
    if (rule.query) {
      // A rewrite of an address that carries a parameter: the inventory page function answers
      // (it sends Netlify-Vary), with any value, while the plain address stays the static page.
      const filtered = await request.get(`${from}?${rule.query.replace(/:\w+/g, 'x')}`, { maxRedirects: 0 });
      if (filtered.status() !== rule.status || !filtered.headers()['netlify-vary']) {
        failures.push(`${from}?${rule.query} answered ${filtered.status()} without the function's headers, want ${rule.status} from ${to}`);
      }
      continue;
    }
    const response = await request.get(from, { maxRedirects: 0 });
    if (rule.status === 404 || rule.status === 200) {
      // A rewrite: the address stays and shows the target page with the rule's status.
      const page = await request.get(to, { maxRedirects: 0 });
      if (response.status() !== rule.status || (await response.text()) !== (await page.text())) {
        failures.push(`${from} answered ${response.status()}, want ${rule.status} with the page of ${to}`);
      }
      continue;
    }
    const location = response.headers()['location'];
    if (response.status() !== rule.status || !location || new URL(location, 'http://x').pathname !== to) {
      failures.push(`${from} answered ${response.status()} → ${location ?? '(no location)'}, want ${rule.status} → ${to}`);
      continue;
    }
    const target = await request.get(to, { maxRedirects: 0 });
    if (target.status() !== 200) failures.push(`${from} → ${to} answered ${target.status()}`);
  }
  console.log(`redirects tested: ${rules.length} (${rules.filter((r) => r.from.endsWith('-golf-carts')).length} town spellings), ${failures.length} failing`);
  expect(rules.length).toBeGreaterThanOrEqual(100);
  expect(failures).toEqual([]);
});

test('the town spellings shared by two towns are not redirected: they answer 404', async ({ request }) => {
  const ambiguous = [
    '/bordentown-golf-carts',
    '/burlington-golf-carts',
    '/pemberton-golf-carts',
    '/bordentown-borough-golf-carts',
    '/burlington-borough-golf-carts',
    '/pemberton-city-golf-carts',
  ];
  for (const path of ambiguous) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain('404 Page Not Found');
  }
  console.log(`ambiguous town spellings answering 404: ${ambiguous.length}`);
});

test('unknown paths answer 404 with the not-found page', async ({ request }) => {
  const unknown = ['/no-such-page', '/bass-river-golf-cart', '/golf-carts', '/a-town-we-do-not-serve-golf-carts', '/brands/club-car', '/towns/delran'];
  for (const path of unknown) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    const html = await response.text();
    expect(html, path).toMatch(/<h1\b[^>]*>\s*404 Page Not Found\s*<\/h1>/);
    expect(html, path).toMatch(/<a href="\/"[^>]*>\s*Back to Home\s*<\/a>/);
  }
  expect((await request.get('/vehicles/no-such-unit-anywhere', { maxRedirects: 0 })).status()).toBe(404);
});

test('an inventory address with a filter is rendered by the inventory page function, without one it is the static page', async ({ request }) => {
  const fromFunction = async (path: string) => {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    return response.headers()['netlify-vary'] !== undefined;
  };
  // Netlify's query matching (docs/product.md §Inventory): one parameter of the rule is enough,
  // in any order and beside others, with any value, empty too.
  for (const path of [
    '/new-inventory?sort=price-asc',
    '/inventory?street=legal',
    '/new-inventory?utm_source=newsletter&brand=denago',
    '/inventory?price=over-25000&utm_medium=email&category=rover',
    '/new-inventory?search=',
    '/new-inventory/?sort=newest',
  ]) {
    expect(await fromFunction(path), path).toBe(true);
  }
  // No filter parameter (a parameter without "=" is none either): the pre-rendered page.
  for (const path of ['/new-inventory', '/inventory', '/new-inventory?utm_source=newsletter', '/new-inventory?street', '/inventory?Sort=price-asc']) {
    expect(await fromFunction(path), path).toBe(false);
  }
});
