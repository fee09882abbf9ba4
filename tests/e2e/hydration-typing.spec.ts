import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { inDays } from './rentals-leads.ts';
import { reservationOptions } from '../../src/lib/data/reservation.ts';
import { liveQuote, quoteLines } from '../../src/lib/leads/reservation.ts';

/**
 * A visitor on a slow phone fills the reservation form while the page is still waking up.
 * Whatever the moment (before the island runtime has loaded, while React hydrates the form, or
 * after), the live form must hold what was entered and show its estimate (docs/product.md
 * §Speed). Each visit holds the scripts back by a random delay, then, after another, types a
 * name key by key, chooses a cart type and picks both dates (a phone's date picker sets the
 * whole date at once). The seed is printed so a failing sequence can be replayed with
 * HYDRATION_SEED.
 */
// Each run draws new moments from a new seed, so runs add up; 50 visits a run took 2.2 minutes of
// the end-to-end stage and found, in six runs, 8-12 entries before the runtime, 29-37 while
// hydrating and 5-11 once live. 20 visits still land a quarter or more before the form is live.
const VISITS = 20;

/** A small seeded generator (mulberry32): the same seed gives the same moments. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Moment = 'before the runtime' | 'while hydrating' | 'live';

/** Where the reservation island stands at this instant. */
const momentOf = (page: Page): Promise<Moment> =>
  page.evaluate(() => {
    const island = document.querySelector('astro-island:has(form[action="/api/reserve"])');
    if (!customElements.get('astro-island')) return 'before the runtime';
    return island?.hasAttribute('ssr') ? 'while hydrating' : 'live';
  });

const NAMES = ['Jordan', 'Avery', 'Morgan', 'Riley', 'Casey'];
const CARTS = ['4-seater', '6-seater'];

/** The estimated total the form must show for what it holds, by the site's own quote arithmetic. */
async function expectedTotal(page: Page): Promise<string | undefined> {
  const value = (label: string) => page.getByLabel(label, { exact: true }).inputValue();
  const values = {
    group: await value('Cart type'),
    quantity: await value('Number of carts'),
    pickupDate: await value('Pick-up date'),
    pickupTime: await value('Pick-up time'),
    returnDate: await value('Return date'),
    returnTime: await value('Return time'),
    delivery: await value('Pickup or delivery'),
  };
  const quote = liveQuote(values, reservationOptions);
  return quote && quoteLines(quote).at(-1)?.[1];
}

test('what is entered at any moment while the reservation form hydrates reaches the live form and its estimate', { tag: '@phone' }, async ({ page }) => {
  test.setTimeout(240_000);
  const seed = Number(process.env.HYDRATION_SEED ?? Date.now() % 1_000_000);
  const random = randomFrom(seed);
  let scriptDelay = 0;
  await page.route(/\/_astro\/[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, scriptDelay));
    await route.continue().catch(() => {
      // The next visit has begun; this script is no longer wanted.
    });
  });

  const moments: Record<Moment, number> = { 'before the runtime': 0, 'while hydrating': 0, live: 0 };
  const estimate = page.locator('[data-quote]');
  for (let visit = 1; visit <= VISITS; visit += 1) {
    scriptDelay = Math.round(random() * 400);
    const typeAfter = Math.round(random() * 700);
    const nights = 1 + Math.floor(random() * 6);
    const name = NAMES[Math.floor(random() * NAMES.length)] ?? 'Jordan';
    const cart = CARTS[Math.floor(random() * CARTS.length)] ?? '4-seater';
    await page.goto('/rentals', { waitUntil: 'commit' });
    await page.getByLabel('Pick-up date', { exact: true }).waitFor();
    await page.waitForTimeout(typeAfter);
    moments[await momentOf(page)] += 1;
    await page.getByLabel('First Name', { exact: true }).pressSequentially(name);
    await page.getByLabel('Cart type', { exact: true }).selectOption(cart);
    await page.getByLabel('Pick-up date', { exact: true }).fill(inDays(3));
    await page.getByLabel('Return date', { exact: true }).fill(inDays(3 + nights));

    const where = `visit ${visit} (seed ${seed}: scripts ${scriptDelay} ms late, entered after ${typeAfter} ms)`;
    await expect(estimate.locator('[data-quote-line="total"]'), where).toBeVisible();
    await expect(estimate, where).toContainText(`(${nights} day${nights === 1 ? '' : 's'})`);
    await expect(page.getByLabel('Cart type', { exact: true }), where).toHaveValue(cart);
    const total = await expectedTotal(page);
    expect(total, where).toMatch(/^\$/);
    await expect(estimate.locator('[data-quote-line="total"]'), where).toHaveText(total ?? '');
    await expect(page.getByLabel('First Name', { exact: true }), where).toHaveValue(name);
    await expect(page.getByLabel('Pick-up date', { exact: true }), where).toHaveValue(inDays(3));
    await expect(page.getByLabel('Return date', { exact: true }), where).toHaveValue(inDays(3 + nights));
  }
  const figures = Object.entries(moments)
    .map(([moment, count]) => `${count} ${moment}`)
    .join(', ');
  console.log(`hydration typing, seed ${seed}: ${VISITS} visits, entered ${figures}; nothing lost`);
  test.info().annotations.push({ type: 'hydration typing', description: `seed ${seed}: ${figures}` });
  // The random moments must cover the hydration window, or the test proves nothing.
  expect(moments['while hydrating'] + moments['before the runtime'], figures).toBeGreaterThan(VISITS / 4);
});
