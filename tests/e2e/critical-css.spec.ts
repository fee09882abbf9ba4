import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Each page paints from its own inline critical CSS; the whole stylesheet arrives after the load
// event (docs/product.md §Speed). The page must look exactly the same before and after it does.
const TEMPLATES = [
  '/',
  '/new-inventory',
  '/vehicles/evo-d5-maverick-4-plus-sky-blue',
  '/vehicles/denago-ev-city',
  '/bass-river-township-golf-carts',
  '/contact',
  '/rentals',
  '/financing',
  '/compare',
  '/about',
];

const SITE_STYLESHEET = /\/_astro\/[^/]+\.css$/;

/**
 * The islands that hydrate when the page is idle are live, and every image of the page is loaded
 * and decoded, lazy ones too, so two screenshots compare the CSS alone.
 */
async function allImagesShown(page: Page) {
  await page.waitForFunction(
    () => ![...document.querySelectorAll('astro-island[ssr]')].some((island) => (island.getAttribute('opts') ?? '').includes('"idle"')),
  );
  await page.evaluate(async () => {
    for (const img of document.images) img.loading = 'eager';
    await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
  });
}

// Runs at both project widths (375 and 1280 px).
for (const path of TEMPLATES) {
  test(`${path} looks the same from its inline CSS alone as with the whole stylesheet`, async ({ page }) => {
    // The whole stylesheet answered empty: only the inline rules style the page.
    await page.route(SITE_STYLESHEET, (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
    await page.goto(path, { waitUntil: 'networkidle' });
    await allImagesShown(page);
    const inlineOnly = await page.screenshot({ fullPage: true, animations: 'disabled', scale: 'css' });

    // A second load in the same tab may restore form state; a fresh tab of the same browser does not.
    const fresh = await page.context().newPage();
    await fresh.goto(path, { waitUntil: 'networkidle' });
    await fresh.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href?.includes('/_astro/') && sheet.cssRules.length > 0));
    await allImagesShown(fresh);
    const whole = await fresh.screenshot({ fullPage: true, animations: 'disabled', scale: 'css' });

    expect(inlineOnly.equals(whole), `${path} changes when the whole stylesheet applies`).toBe(true);
  });
}

test('the whole stylesheet, the island runtime and the page scripts are fetched only after the load event and the first paint', async ({ page }) => {
  await page.goto('/new-inventory', { waitUntil: 'load' });
  const timing = await page.waitForFunction(() => {
    const late = /\/_astro\/(?:[^/]+\.css|island-runtime\.[^/]+\.js|page\.[^/]+\.js)$/;
    const fetched = performance.getEntriesByType('resource').filter((entry) => late.test(new URL(entry.name).pathname));
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    if (fetched.length < 3 || !navigation || navigation.loadEventStart === 0 || !paint) return false;
    return {
      load: navigation.loadEventStart,
      paint: paint.startTime,
      files: fetched.map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime })),
    };
  });
  const measured = await timing.jsonValue();
  if (!measured) throw new Error('no timing');
  expect(measured.files.map((file) => file.name.replace(/^\/_astro\/.+\.css$/, 'stylesheet').replace(/\.[^./]+\.js$/, '')).sort()).toEqual([
    '/_astro/island-runtime',
    '/_astro/page',
    'stylesheet',
  ]);
  for (const file of measured.files) {
    expect(file.start, `${file.name} after the load event`).toBeGreaterThanOrEqual(measured.load);
    expect(file.start, `${file.name} after the first paint`).toBeGreaterThanOrEqual(measured.paint);
  }
  const inline = (await page.locator('head style').first().textContent()) ?? '';
  expect(inline.length).toBeGreaterThan(1000);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the whole stylesheet is an ordinary one', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto('/about', { waitUntil: 'load' });
    expect(requests.some((path) => SITE_STYLESHEET.test(path))).toBe(true);
  });
});
