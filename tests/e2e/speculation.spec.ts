import type { Page } from '@playwright/test';
import { expect, idleWorkDone, test } from './fixtures.ts';

/**
 * Speculative loading (docs/decisions/speculative-loading.md, docs/product.md §Analytics): a
 * unit page prerendered from its card on the list counts its views once, when the visitor sees
 * it, and asks no function anything before; a visitor saving data gets no speculation at all.
 * In Chromium, against the served build with its real Content-Security-Policy.
 */

interface Push {
  event: string;
  prerendering: boolean;
}

/**
 * Every page of the context records each analytics event with whether the page was still being
 * prerendered when it was pushed, and each of its own requests the same way.
 */
async function recordPushes(page: Page) {
  await page.context().addInitScript(() => {
    const w = window as unknown as { __pushes: Push[]; __requests: { url: string; prerendering: boolean }[]; asc_datalayer: { events: unknown[] } };
    const d = document as Document & { prerendering?: boolean };
    w.__pushes = [];
    w.__requests = [];
    const events: unknown[] = [];
    events.push = (...items: unknown[]) => {
      for (const item of items) w.__pushes.push({ event: (item as { event: string }).event, prerendering: d.prerendering === true });
      return Array.prototype.push.apply(events, items);
    };
    w.asc_datalayer = { events };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__requests.push({ url: entry.name, prerendering: d.prerendering === true });
    }).observe({ type: 'resource', buffered: true });
  });
}

const CARD_LINK = 'a[data-speculate="prerender"]';

/** A page opened as Chromium opens a prerendered one: `document.prerendering` true until the test shows it. */
async function openPrerendered(page: Page, path: string) {
  await page.addInitScript(() => {
    let prerendering = true;
    Object.defineProperty(Document.prototype, 'prerendering', { configurable: true, get: () => prerendering });
    (window as unknown as { __activate: () => void }).__activate = () => {
      prerendering = false;
      document.dispatchEvent(new Event('prerenderingchange'));
    };
  });
  await page.goto(path);
  await page.waitForLoadState('load');
  await idleWorkDone(page);
}

const pushes = (page: Page) => page.evaluate(() => (window as unknown as { __pushes: Push[] }).__pushes);

test.describe('speculation rules', () => {
  test('the rules are allowed by the page’s policy: hovering a unit’s card link prefetches and prerenders it, nothing else', async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    const attempts: { action: string; url: string }[] = [];
    const ruleErrors: string[] = [];
    cdp.on('Preload.ruleSetUpdated', (event: { ruleSet: { errorType?: string; errorMessage?: string } }) => {
      if (event.ruleSet.errorType) ruleErrors.push(`${event.ruleSet.errorType}: ${event.ruleSet.errorMessage ?? ''}`);
    });
    const started = (event: { key: { action: string; url: string } }) => attempts.push({ action: event.key.action, url: new URL(event.key.url).pathname });
    cdp.on('Preload.prefetchStatusUpdated', started);
    cdp.on('Preload.prerenderStatusUpdated', started);
    await cdp.send('Preload.enable');
    await page.goto('/new-inventory');
    await page.waitForLoadState('load');
    // The page's script adds the rules once the page is idle.
    await expect(page.locator('script[type="speculationrules"]')).toHaveCount(1);
    const link = page.locator(CARD_LINK).first();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/vehicles\//);
    await link.hover();
    // Chromium starts the unit (moderate: after a short hover) and nothing the rules leave out.
    await expect.poll(() => attempts.filter((attempt) => attempt.url === href).map((attempt) => attempt.action)).toContain('Prerender');
    expect(ruleErrors).toEqual([]);
    expect(attempts.filter((attempt) => /^\/(api|admin|alerts|\.netlify)\b/.test(attempt.url))).toEqual([]);
  });

  test('a prerendered unit page counts its views once, when shown, and its islands wait too', async ({ page }) => {
    await recordPushes(page);
    const early: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/|lot\.json/.test(request.url())) early.push(request.url());
    });
    const unit = await page.request
      .get('/new-inventory')
      .then(async (response) => /href="(\/vehicles\/[^"]+)"[^>]*data-speculate="prerender"/.exec(await response.text())?.[1]);
    expect(unit).toBeTruthy();
    await openPrerendered(page, unit ?? '/');
    expect(await pushes(page), 'events pushed while prerendering').toEqual([]);
    await page.evaluate(() => (window as unknown as { __activate: () => void }).__activate());
    await expect.poll(async () => (await pushes(page)).map((push) => push.event)).toEqual(['asc_pageview', 'asc_item_pageview']);
    expect((await pushes(page)).filter((push) => push.prerendering)).toEqual([]);
    expect(early).toEqual([]);
  });
});

test.describe('no speculation for a visitor saving data', () => {
  /** How many rule sets the page holds once its script has run (its page view pushed, in the same evaluation). */
  const ruleSetsWhenIdle = async (page: Page, connection: { saveData: boolean; effectiveType: string }, path: string) => {
    await page.addInitScript((value) => {
      Object.defineProperty(navigator, 'connection', { configurable: true, value });
    }, connection);
    await page.goto(path);
    await idleWorkDone(page);
    await page.waitForFunction(() =>
      ((window as unknown as { asc_datalayer?: { events: { event?: string }[] } }).asc_datalayer?.events ?? []).some((e) => e.event === 'asc_pageview'),
    );
    return page.locator('script[type="speculationrules"]').count();
  };

  test('with Save-Data on, the page gets no speculation rules', async ({ page }) => {
    expect(await ruleSetsWhenIdle(page, { saveData: true, effectiveType: '4g' }, '/new-inventory')).toBe(0);
  });

  test('on a 2G connection, neither', async ({ page }) => {
    expect(await ruleSetsWhenIdle(page, { saveData: false, effectiveType: 'slow-2g' }, '/')).toBe(0);
  });

  test('on a fast connection without Save-Data, the page gets them once idle', async ({ page }) => {
    expect(await ruleSetsWhenIdle(page, { saveData: false, effectiveType: '4g' }, '/')).toBe(1);
  });
});
