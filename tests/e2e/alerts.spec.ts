import type { Store as Blobs } from '@netlify/blobs';
import type { Page } from '@playwright/test';
import { readSubscriber, subscriberHash, type Subscriber } from '../../functions/lib/alerts/blobs.ts';
import { clearLocalRateLimits, openLocalBlobs, sandboxDirectory } from '../../scripts/local-leads.ts';
import { expect, test } from './fixtures.ts';
import './json-modules.ts';

/**
 * The e-mail alert forms (docs/product.md §Alerts) in Chromium, with and without JavaScript, at
 * both widths: each posts to the real function under `netlify serve`, lands on the check-your-inbox
 * page, and leaves the request in the local Blobs sandbox (no e-mail key there: it waits).
 */

async function stored(email: string, store?: Blobs): Promise<Subscriber | null> {
  if (store) return (await readSubscriber(store, subscriberHash(email)))?.record ?? null;
  const { stores, stop } = await openLocalBlobs(sandboxDirectory(), 'alerts');
  try {
    for (const store of stores) {
      const read = await readSubscriber(store, subscriberHash(email));
      if (read) return read.record;
    }
    return null;
  } finally {
    await stop();
  }
}

const address = (tag: string) => `e2e-alert-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;

async function ask(page: Page, title: string, email: string): Promise<void> {
  const form = page.locator('form[action="/api/alerts"]');
  await expect(form).toHaveCount(1);
  await form.getByLabel(title).fill(email);
  await form.getByRole('button', { name: 'Alert me' }).click();
  await expect(page).toHaveURL(/\/alerts\/check-your-inbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check Your Inbox' })).toBeVisible();
}

test.beforeEach(async () => {
  await clearLocalRateLimits(undefined, 'alerts');
});

test.describe('alert forms with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a unit page asks for price drops; the post lands on the check-your-inbox page, which passes axe; the request waits for confirmation', async ({
    page,
    axe,
  }) => {
    const email = address('price');
    await page.goto('/vehicles/evo-d5-maverick-4-plus-sky-blue');
    await ask(page, 'Tell me if the price drops', email);
    await axe();
    const record = await stored(email);
    expect(record?.alerts).toEqual([expect.objectContaining({ alert: { kind: 'price', unit: 'evo-d5-maverick-4-plus-sky-blue' } })]);
    expect(record?.alerts[0]?.confirmedAt).toBeUndefined();
  });

  test('the filtered inventory (the server’s list) asks for new carts like these, with the filters of its address', async ({ page }) => {
    const email = address('inventory');
    await page.goto('/new-inventory?brand=denago&street=legal');
    await ask(page, 'E-mail me new carts like these', email);
    expect((await stored(email))?.alerts[0]?.alert).toEqual({
      kind: 'arrivals',
      filters: { search: '', brand: 'denago', category: 'all', price: 'all', street: 'legal' },
    });
  });
});

test.describe('alert forms with JavaScript', () => {
  test('the form is static HTML, outside every island; the inventory filtered live is what the alert keeps', async ({ page }) => {
    const email = address('live');
    await page.goto('/vehicles/denago-ev-rover-xl-2025');
    await expect(page.locator('form[action="/api/alerts"]').getByLabel('Tell me if it comes free')).toBeVisible();
    await expect(page.locator('astro-island form[action="/api/alerts"], form[action="/api/alerts"] [onsubmit]')).toHaveCount(0);

    await page.goto('/new-inventory');
    await expect(page.locator('astro-island', { has: page.getByRole('combobox', { name: 'Brand', exact: true }) })).not.toHaveAttribute('ssr', /.*/);
    await page.getByRole('combobox', { name: 'Brand', exact: true }).selectOption('evolution');
    await expect(page).toHaveURL(/\?brand=evolution$/);
    await ask(page, 'E-mail me new carts like these', email);
    expect((await stored(email))?.alerts[0]?.alert).toMatchObject({ kind: 'arrivals', filters: { brand: 'evolution' } });
  });

  test('on-hold, sold and model pages offer their alert; a bad address comes back on the function’s page, which passes axe', async ({ page, axe }) => {
    for (const [path, title] of [
      ['/vehicles/evo-d5-maverick-4-white', 'Tell me when one like it arrives'],
      ['/vehicles/evolution-turfman-1000', 'Tell me when one like it arrives'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('form[action="/api/alerts"]').getByLabel(title)).toBeVisible();
    }
    const email = address('model');
    await ask(page, 'Tell me when one like it arrives', email);
    expect((await stored(email))?.alerts[0]?.title).toBe('New arrivals: Evolution Turfman 1000');

    const response = await page.request.post('/api/alerts', { form: { email: 'not an address', alert: 'model', model: 'evolution-turfman-1000' } });
    expect(response.status()).toBe(400);
    // A blank page first: the site page's own style policy must not apply to the function's page.
    await page.goto('about:blank');
    await page.setContent(await response.text());
    await expect(page.getByLabel('Your e-mail address')).toHaveAccessibleDescription('Invalid email address');
    await axe();
  });
});

test.describe('the pages alert links open', () => {
  test('confirm, manage, unsubscribe and a dead link read well and pass axe', async ({ page, axe }) => {
    // The handlers run here, on a Blobs sandbox of their own, with links signed by a test secret.
    const { startBlobs } = await import('../support/blobs.ts');
    const { configureAlerts, formAction, open, subscribe, subscriber } = await import('../functions/alerts-harness.ts');
    // The sandbox's context goes with the rest of the environment when the test ends.
    const saved = { ...process.env };
    const blobs = await startBlobs();
    configureAlerts(null);
    try {
      const { alertBlobs, ALERT_ENV } = await import('../functions/alerts-harness.ts');
      const { confirmToken } = await import('../../functions/lib/alerts/tokens.ts');
      const email = 'page@example.com';
      await subscribe(subscriber(), { email, alert: 'inventory', search: 'lifted', brand: 'denago' }, '/new-inventory');
      const record = await stored(email, alertBlobs());
      const alert = record?.alerts[0];
      const hash = subscriberHash(email);
      const link = `/alerts/confirm?${new URLSearchParams({ s: hash, a: alert?.id ?? '', t: confirmToken(ALERT_ENV.ALERTS_SECRET, hash, record!, alert?.id ?? '') })}`;
      const show = async (response: Response, heading: string) => {
        const html = await response.text();
        await page.goto('about:blank');
        await page.setContent(html);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await axe();
        return html;
      };
      const confirm = await show(await open(link), 'Confirm your alert');
      await expect(page.getByText('New carts: Denago, matching “lifted”')).toBeVisible();
      const on = await show(await open(formAction(confirm), 'POST'), 'Your alert is on');
      const manage = /href="(\/alerts\/manage\?[^"]+)"/.exec(on)?.[1]?.replace(/&amp;/g, '&') ?? '';
      await show(await open(manage), 'Your alerts');
      await expect(page.getByRole('button', { name: 'End this alert' })).toBeVisible();
      await show(await open(manage.replace('/alerts/manage', '/api/alerts/unsubscribe')), 'Unsubscribe from every alert?');
      await show(await open(`${link}x`), 'This link does not work any more');
    } finally {
      process.env = saved;
      await blobs.stop();
    }
  });
});
