import { expect, test } from './fixtures.ts';

const SECURITY = {
  'strict-transport-security': /max-age=\d{7,}/,
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'permissions-policy': /camera=\(\)/,
  'cross-origin-opener-policy': /^same-origin$/,
};

function expectSecurityHeaders(headers: Record<string, string>) {
  for (const [name, pattern] of Object.entries(SECURITY)) expect(headers[name], name).toMatch(pattern);
  const csp = headers['content-security-policy'] ?? '';
  // Pages name every fetch directive but styles (each page rules its inline CSS itself);
  // API answers deny everything by default.
  expect(csp).toMatch(/default-src 'none'|script-src 'self'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');
}

test.describe('response headers under netlify serve', () => {
  test('a page: CSP with hashes, its own style policy, security headers, revalidated', async ({ request }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expectSecurityHeaders(headers);
    const csp = headers['content-security-policy'] ?? '';
    for (const directive of [
      "img-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      'frame-src https://www.google.com',
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
    const html = await response.text();
    expect(html).toMatch(/<meta http-equiv="content-security-policy" content="style-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+">/);
    expect(headers['cache-control']).toMatch(/max-age=0/);
  });

  // Its Cache-Control (immutable for a year) is checked on dist/_headers with Netlify's parser in
  // tests/unit/built-headers.test.ts: locally, netlify serve's static server overrides it.
  test('a hashed asset: security headers', async ({ request }) => {
    const html = await (await request.get('/')).text();
    // The deferred stylesheet and the mobile menu's island script are hashed assets of every page.
    const asset = /(?:href|component-url)="(\/_astro\/[^"]+\.(?:css|js))"/.exec(html)?.[1];
    expect(asset, 'the home page names a built asset').toBeTruthy();
    const response = await request.get(asset ?? '');
    expect(response.status()).toBe(200);
    expectSecurityHeaders(response.headers());
  });

  test('an API answer: the same security headers, set by the function', async ({ request }) => {
    const response = await request.get('/api/health');
    // Its alarm (503) is an answer too: test leads left waiting in the local store raise it after an hour.
    expect([200, 503]).toContain(response.status());
    expectSecurityHeaders(response.headers());
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
  });
});
