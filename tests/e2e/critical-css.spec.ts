import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { drawOutOfSight } from '../../scripts/validators/axe-runner.ts';

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
 * Lets the page settle by itself, whatever the machine's load, so that screenshots compare the
 * CSS alone:
 * - every island that hydrates without the visitor (`client:interaction="idle"` or `"visible"`) is
 *   hydrated now, warmed up as a pointer would, rather than whenever the browser finds idle time
 *   or a full-page screenshot brings it into view; and React has bound its fields and committed
 *   (the estimator, for one, turns its fields white once live);
 * - every section is drawn, those out of sight too (content-visibility: auto);
 * - every image is loaded and decoded, lazy ones too, and the fonts are ready.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const selfHydrating = [...document.querySelectorAll('astro-island')].filter((island) => /"(idle|visible)"/.test(island.getAttribute('opts') ?? ''));
      const pending = selfHydrating.filter((island) => island.hasAttribute('ssr'));
      // The page loader keeps a warmed-up island until the island runtime is there; the directive takes it after.
      for (const island of pending) island.dispatchEvent(new Event('pointerenter'));
      const bound = (field: Element) => Object.keys(field).some((key) => key.startsWith('__reactProps'));
      return pending.length === 0 && selfHydrating.every((island) => [...island.querySelectorAll('input, select, textarea')].every(bound));
    },
    undefined,
    { polling: 100 },
  );
  // Sections out of sight are not drawn (content-visibility: auto), nor would a full-page
  // screenshot draw them: drawn here, so that the screenshots compare the whole page.
  await page.evaluate(drawOutOfSight);
  await page.evaluate(async () => {
    for (const img of document.images) img.loading = 'eager';
    await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
    await document.fonts.ready;
  });
}

const screenshot = (page: Page) => page.screenshot({ fullPage: true, animations: 'disabled', scale: 'css' });

/**
 * Full-page screenshots of two settled pages (animations disabled): equal at once when they look
 * the same. Otherwise each is taken again until it stops changing, so a difference left is the
 * pages' own and not one still moving.
 */
async function screenshots(first: Page, second: Page): Promise<[Buffer, Buffer]> {
  await settle(first);
  await settle(second);
  let shots: [Buffer, Buffer] = [await screenshot(first), await screenshot(second)];
  for (let attempt = 0; !shots[0].equals(shots[1]); attempt++) {
    if (attempt === 10) throw new Error(`${first.url()} kept changing over 10 screenshots`);
    const next: [Buffer, Buffer] = [await screenshot(first), await screenshot(second)];
    if (next[0].equals(shots[0]) && next[1].equals(shots[1])) break;
    shots = next;
  }
  return shots;
}

// At both widths (375 and 1280 px): each lays the page out differently.
for (const path of TEMPLATES) {
  test(`${path} looks the same from its inline CSS alone as with the whole stylesheet, and fits the window's width`, { tag: '@both' }, async ({ page }) => {
    // The whole stylesheet answered empty: only the inline rules style the page.
    await page.route(SITE_STYLESHEET, (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
    await page.goto(path);

    // A second load in the same tab may restore form state; a fresh tab of the same browser does not.
    const fresh = await page.context().newPage();
    await fresh.goto(path);
    await fresh.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href?.includes('/_astro/') && sheet.cssRules.length > 0));
    const [inlineOnly, whole] = await screenshots(page, fresh);

    if (!inlineOnly.equals(whole)) {
      await test.info().attach('inline CSS alone', { body: inlineOnly, contentType: 'image/png' });
      await test.info().attach('whole stylesheet', { body: whole, contentType: 'image/png' });
    }
    expect(inlineOnly.equals(whole), `${path} changes when the whole stylesheet applies`).toBe(true);
    // Nothing sticks out sideways: such a page scrolls sideways on a phone, and its full-page
    // screenshots were not drawn the same twice (screen-reader text in /compare's table did, by 27 px).
    expect(await fresh.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${path} is wider than the window`).toBe(0);
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

// Out of sight, a section and the footer are not styled, laid out or painted (docs/speed.md §What
// the main thread does); what is on the screen is, and a section is as soon as it comes near it.
for (const path of ['/', '/rentals', '/about']) {
  test(`${path} draws the sections on a phone's first screen at once and those below it as they come near`, { tag: '@phone' }, async ({ page }) => {
    await page.goto(path, { waitUntil: 'load' });
    const boxes = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('main > *, #site-footer')].map((box) => ({
          top: box.getBoundingClientRect().top,
          drawn: box.firstElementChild === null || box.firstElementChild.checkVisibility({ contentVisibilityAuto: true }),
        })),
      );
    const height = await page.evaluate(() => innerHeight);
    const first = await boxes();
    expect(first.filter((box) => box.top < height).length).toBeGreaterThan(0);
    for (const box of first.filter((box) => box.top < height)) expect(box.drawn).toBe(true);
    // The footer, several screens below, is not drawn until it comes near.
    expect(first.at(-1)?.top).toBeGreaterThan(height * 2);
    expect(first.at(-1)?.drawn).toBe(false);

    await page.locator('#site-footer').scrollIntoViewIfNeeded();
    await expect.poll(async () => (await boxes()).at(-1)?.drawn).toBe(true);
    await expect(page.locator('#site-footer a').first()).toBeVisible();
  });
}

test('the inventory draws its cards as they come near the screen', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/new-inventory', { waitUntil: 'load' });
  const cards = page.locator('article.card');
  const drawn = (index: number) => cards.nth(index).evaluate((card) => card.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }) ?? true);
  expect(await cards.count()).toBeGreaterThan(4);
  expect(await drawn(-1)).toBe(false);
  await cards.last().scrollIntoViewIfNeeded();
  await expect.poll(() => drawn(-1)).toBe(true);
  await expect(cards.last().getByRole('link').first()).toBeVisible();
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
