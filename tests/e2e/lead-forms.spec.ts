import type { Page } from '@playwright/test';
import { freshRateLimit, leadFor, newVisitor } from './contact-leads.ts';
import { expect, test } from './fixtures.ts';

/**
 * The lead forms beyond contact and rentals in a browser: the dealer-standard analytics events
 * (docs/product.md §Analytics) a unit page and a service request push, none for a refused
 * request, and every form working with JavaScript off (docs/product.md §Leads).
 */

type Event = Record<string, unknown> & { event: string };

/** Keeps every dataLayer push in sessionStorage, so the events of a page the form left are still readable. */
async function recordEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const stored = (): unknown[] => JSON.parse(sessionStorage.getItem('e2e-events') ?? '[]') as unknown[];
    const layer: unknown[] = [];
    layer.push = (...items: unknown[]) => {
      sessionStorage.setItem('e2e-events', JSON.stringify([...stored(), ...items]));
      return Array.prototype.push.apply(layer, items);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
}

const events = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-events') ?? '[]') as Event[]);
const named = (list: Event[], name: string) => list.filter((event) => event.event === name);

/** A weekday 3 to 9 days ahead, "YYYY-MM-DD" (the service hours are Monday to Saturday). */
/** A weekday at least three days ahead: the shop takes carts then, at 10AM too (not so on Saturdays at 8:30AM). */
function serviceDay(): string {
  const day = new Date(Date.now() + 3 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

test.describe('analytics events', () => {
  test('a unit page pushes its page view and unit view, and a call, with the unit and nothing personal', async ({ page, request }) => {
    await recordEvents(page);
    const [unit] = (await (await request.get('/api/vehicles')).json()) as { id: string; stockNumber: string; price: number; year: number }[];
    await page.goto(`/vehicles/${unit!.id}`);
    await expect.poll(async () => named(await events(page), 'asc_item_pageview').length).toBe(1);
    const [view] = named(await events(page), 'asc_pageview');
    expect(view).toMatchObject({ page_type: 'item', event_owner: 'dealer_website' });
    const [item] = named(await events(page), 'asc_item_pageview');
    expect(item).toMatchObject({ item_number: unit!.stockNumber, item_price: unit!.price, item_year: String(unit!.year), item_type: 'golf_cart' });
    expect(String(item!.item_id)).toMatch(/^[A-Z0-9-]{5,}$/);
    expect(await page.evaluate(() => (window as unknown as { asc_datalayer: { events: unknown[] } }).asc_datalayer.events.length)).toBe(2);

    // A call and a call to action, kept on the page so the events can be read.
    await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault()));
    await page.locator('main a[href^="tel:"]').first().click();
    await page.getByRole('link', { name: 'Schedule Test Drive' }).first().click();
    const list = await events(page);
    expect(named(list, 'asc_click_to_call')[0]).toMatchObject({ comm_type: 'voice', item_number: unit!.stockNumber });
    expect(named(list, 'asc_cta_interaction')[0]).toMatchObject({ element_text: 'Schedule Test Drive', event_action_result: 'redirect' });
    expect(JSON.stringify(list)).not.toMatch(/@|555-01/);
  });

  test('a service request pushes engagement at the first input and the submission only once the server accepted it', async ({ page, pageErrors }) => {
    await freshRateLimit();
    await recordEvents(page);
    await page.clock.install();
    const visitor = newVisitor('service-events');
    await page.goto('/schedule-service');
    await page.locator('astro-island:has(form[action="/api/service-request"]):not([ssr])').waitFor({ state: 'attached' });
    await page.getByLabel('Make', { exact: true }).selectOption('club-car');
    await page.getByLabel('Battery').check();
    await page.getByLabel('Preferred day').fill(serviceDay());
    await page.getByLabel('Time', { exact: true }).selectOption({ label: '10AM' });
    await page.getByLabel('First Name').fill(visitor.firstName);
    await page.getByLabel('Last Name').fill(visitor.lastName);
    await page.getByLabel('Email').fill(visitor.email);
    await page.getByLabel('Phone').fill(visitor.phone);
    // A person takes longer than the 3-second minimum fill time; let the page's clock say so.
    await page.clock.fastForward(5000);

    // Refused by the server: engagement, no submission.
    await page.route('/api/service-request', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Service unavailable"}' }),
    );
    await page.getByRole('button', { name: /request/i }).click();
    await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'Service unavailable' }).first()).toBeVisible();
    let list = await events(page);
    expect(named(list, 'asc_form_engagement')).toHaveLength(1);
    expect(named(list, 'asc_form_engagement')[0]).toMatchObject({ department: 'service', page_type: 'service' });
    expect(list.filter((event) => event.event.startsWith('asc_form_submission'))).toEqual([]);

    // The browser logs the refused answer itself; that line is expected here.
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !/status of 503 \(Service Unavailable\)/.test(e)));
    await page.unroute('/api/service-request');
    await page.getByRole('button', { name: /request/i }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    list = await events(page);
    expect(named(list, 'asc_form_engagement')).toHaveLength(1);
    expect(named(list, 'asc_form_submission')[0]).toMatchObject({ department: 'service', comm_outcome: 'crm_update' });
    expect(named(list, 'asc_form_submission_service')).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(visitor.email);
    expect(await leadFor(visitor.email)).toMatchObject({ form: 'service' });
  });
});

test.describe('the lead forms with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, action] of [
    ['/trade-in', '/api/trade-in'],
    ['/schedule-service', '/api/service-request'],
    ['/parts', '/api/parts-request'],
    ['/vehicles/{unit}/ask?topic=availability', '/api/unit-question'],
  ] as const) {
    test(`${path}: an empty form comes back from the server with its errors, focus on the first`, async ({ page, request, pageErrors }) => {
      await freshRateLimit();
      const [unit] = (await (await request.get('/api/vehicles')).json()) as { id: string }[];
      await page.goto(path.replace('{unit}', unit!.id));
      await page.getByLabel('First Name').fill('Jordan');
      await page.locator(`form[action="${action}"] button[type="submit"]`).last().click();
      await expect(page).toHaveURL(new RegExp(`${action}$`));
      await expect(page.getByRole('heading', { level: 2, name: /^Please correct/ })).toBeVisible();
      await expect(page.getByLabel('First Name')).toHaveValue('Jordan');
      await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused();
      // The browser logs the 400 answer itself; that line is expected here.
      pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !/status of 400 \(Bad Request\)/.test(e)));
    });
  }
});
