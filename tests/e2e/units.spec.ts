import type { APIRequestContext } from '@playwright/test';
import { calendarDay } from '../../src/lib/units/build-clock.ts';
import { unitStage, type LotUnit } from '../../src/lib/units/units.ts';
import { expect, test } from './fixtures.ts';
import { units as allUnits } from '../../src/lib/data/vehicles.ts';

/** The street-legal filter, the sort and the states of units (docs/product.md §Inventory, §Units). */

interface ApiVehicle {
  id: string;
  name: string;
  brand: string;
  price: number;
  status: 'available' | 'on-hold';
  streetLegal: boolean;
  listedDate: string;
  estimatedPayment: { monthly: number };
}

async function lot(request: APIRequestContext): Promise<ApiVehicle[]> {
  const response = await request.get('/api/vehicles');
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiVehicle[];
}

/** Every unit in data/units/, sold ones included (the API lists only units for sale). */
const units: readonly (LotUnit & { name: string })[] = allUnits;

const money = (amount: number) => `$${amount.toLocaleString('en-US')}`;
const cards = (page: import('@playwright/test').Page) => page.locator('main article');

test.describe('street legal only and the sort, with JavaScript', () => {
  test('filter and sort live, are kept in the URL, and survive a reload and Back', async ({ page, request, axe }) => {
    const vehicles = await lot(request);
    const legal = vehicles.filter((v) => v.streetLegal);
    await page.goto('/inventory');
    await expect(cards(page)).toHaveCount(vehicles.length);
    // The live island (what a visitor does before it is live is covered by hydration.spec.ts).
    await expect(page.locator('astro-island', { has: page.getByRole('checkbox', { name: 'Street legal only' }) })).not.toHaveAttribute('ssr', /.*/);

    await page.getByRole('checkbox', { name: 'Street legal only' }).check();
    await expect(page).toHaveURL(/\?street=legal$/);
    await expect(cards(page)).toHaveCount(legal.length);
    await expect(page.getByTestId('inventory-count')).toHaveText(`Showing ${legal.length} of ${vehicles.length} total vehicles`);
    for (const text of await cards(page).locator('[data-unit-facts]').allTextContents()) expect(text).toContain('Street legal');

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: Low to High' });
    await expect(page).toHaveURL(/\?street=legal&sort=price-asc$/);
    const ascending = [...legal].sort((a, b) => a.price - b.price).map((v) => v.name);
    await expect(cards(page).getByRole('heading')).toHaveText(ascending);
    await axe();

    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Street legal only' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc');
    await expect(cards(page).getByRole('heading')).toHaveText(ascending);

    await page.goBack();
    await expect(page).toHaveURL(/\?street=legal$/);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('featured');
  });

  test('a shared link opens the list sorted by price high to low, newest, or lowest payment', async ({ page, request }) => {
    const vehicles = await lot(request);
    const orders: [string, (a: ApiVehicle, b: ApiVehicle) => number][] = [
      ['price-desc', (a, b) => b.price - a.price],
      ['newest', (a, b) => (a.listedDate < b.listedDate ? 1 : a.listedDate > b.listedDate ? -1 : 0)],
      ['payment', (a, b) => a.estimatedPayment.monthly - b.estimatedPayment.monthly],
    ];
    for (const [sort, compare] of orders) {
      await page.goto(`/new-inventory?sort=${sort}`);
      await expect(cards(page).getByRole('heading'), sort).toHaveText([...vehicles].sort(compare).map((v) => v.name));
    }
  });
});

test.describe('a filtered address, server-rendered, with JavaScript', () => {
  test('opens filtered and sorted as served, hydrates without an error, then filters live', async ({ page, request, pageErrors }) => {
    const vehicles = await lot(request);
    const ascending = vehicles.filter((v) => v.streetLegal).sort((a, b) => a.price - b.price);
    const path = '/new-inventory?street=legal&sort=price-asc';
    // The HTML as served is already the filtered list (what a crawler or a shared link gets).
    const served = (await (await request.get(path)).text()).replace(/<!-- -->/g, '');
    expect(served).toContain(`Showing ${ascending.length} of ${vehicles.length} total vehicles`);
    expect([...served.matchAll(/<h3 class="text-lg font-semibold">([^<]+)<\/h3>/g)].map((m) => m[1])).toEqual(ascending.map((v) => v.name));

    await page.goto(path);
    const island = page.locator('astro-island', { has: page.getByRole('checkbox', { name: 'Street legal only' }) });
    await expect(island).not.toHaveAttribute('ssr', /.*/);
    await expect(cards(page).getByRole('heading')).toHaveText(ascending.map((v) => v.name));
    await expect(page.getByTestId('inventory-count')).toHaveText(`Showing ${ascending.length} of ${vehicles.length} total vehicles`);
    await expect(page.getByRole('checkbox', { name: 'Street legal only' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc');
    expect(pageErrors, 'hydration logged errors').toEqual([]);

    // Live from here on: no page load, the address follows.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole('combobox', { name: 'Brand', exact: true }).selectOption('denago');
    await expect(page).toHaveURL(/\/new-inventory\?brand=denago&street=legal&sort=price-asc$/);
    const denago = ascending.filter((v) => v.brand === 'denago');
    expect(denago.length).toBeGreaterThan(0);
    await expect(cards(page).getByRole('heading')).toHaveText(denago.map((v) => v.name));
    await expect(page.getByTestId('inventory-count')).toHaveText(`Showing ${denago.length} of ${vehicles.length} total vehicles`);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  test('Back right after reloading a filtered address, before the list is live, hydrates without an error and follows the address', async ({
    page,
    request,
  }) => {
    const vehicles = await lot(request);
    const legal = vehicles.filter((v) => v.streetLegal);
    const island = page.locator('astro-island', { has: page.getByRole('checkbox', { name: 'Street legal only' }) });
    await page.goto('/new-inventory');
    await expect(island).not.toHaveAttribute('ssr', /.*/);
    await page.getByRole('checkbox', { name: 'Street legal only' }).check();
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-asc');
    await expect(page).toHaveURL(/\?street=legal&sort=price-asc$/);

    // The reloaded page is the server's render of ?street=legal&sort=price-asc; its script is held
    // while Back changes the address bar within the same page.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/InventoryFilter\.[\w-]+\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.reload();
    await expect(island).toHaveAttribute('ssr', '');
    await page.goBack();
    await expect(page).toHaveURL(/\?street=legal$/);
    release();
    await expect(island).not.toHaveAttribute('ssr', /.*/);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('featured');
    await expect(cards(page).getByRole('heading')).toHaveText(legal.map((v) => v.name));
  });
});

test.describe('units without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filter form filters and sorts on the server: street legal only, price high to low', async ({ page, request, axe }) => {
    const vehicles = await lot(request);
    const descending = vehicles.filter((v) => v.streetLegal).sort((a, b) => b.price - a.price);
    expect(descending.length).toBeLessThan(vehicles.length);
    await page.goto('/new-inventory');
    await expect(cards(page)).toHaveCount(vehicles.length);
    const bar = page.getByRole('search', { name: 'Filter vehicles' });
    await bar.getByRole('checkbox', { name: 'Street legal only' }).check();
    await bar.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: High to Low' });
    await bar.getByRole('button', { name: 'Apply Filters' }).click();

    await expect(page).toHaveURL(/\/new-inventory\?search=&brand=all&category=all&price=all&sort=price-desc&street=legal$/);
    await expect(cards(page).getByRole('heading')).toHaveText(descending.map((v) => v.name));
    await expect(page.getByTestId('inventory-count')).toHaveText(`Showing ${descending.length} of ${vehicles.length} total vehicles`);
    for (const text of await cards(page).locator('[data-unit-facts]').allTextContents()) expect(text).toContain('Street legal');
    // The form shows the choice, so the next change starts from it.
    await expect(bar.getByRole('checkbox', { name: 'Street legal only' })).toBeChecked();
    await expect(bar.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-desc');
    await expect(page.getByText(/need JavaScript/)).toHaveCount(0);
    await axe();
  });

  test('no match shows the empty state, and Clear All Filters brings every unit back', async ({ page, request }) => {
    const vehicles = await lot(request);
    await page.goto('/inventory?brand=denago&category=turfman');
    await expect(page.getByTestId('inventory-count')).toHaveText(`No vehicles match your current filters. Showing 0 of ${vehicles.length} total vehicles`);
    await expect(page.getByRole('heading', { name: 'No vehicles found' })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Brand', exact: true })).toHaveValue('denago');
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await expect(page).toHaveURL(/\/inventory\??$/);
    await expect(cards(page)).toHaveCount(vehicles.length);
    await expect(page.getByTestId('inventory-count')).toHaveText(`Showing ${vehicles.length} of ${vehicles.length} total vehicles`);
  });

  test('the inventory lists every unit for sale with colour, street-legal status, On Hold and payments; no sold unit', async ({ page, request, axe }) => {
    const vehicles = await lot(request);
    await page.goto('/new-inventory');
    await expect(cards(page)).toHaveCount(vehicles.length);
    for (const unit of units.filter((u) => u.status === 'sold')) await expect(page.locator(`a[href="/vehicles/${unit.id}"]`)).toHaveCount(0);

    const held = vehicles.find((v) => v.status === 'on-hold')!;
    // Two units can share a name: a card is known by its link.
    const heldCard = cards(page).filter({ has: page.locator(`a[href="/vehicles/${held.id}"]`) });
    await expect(heldCard.getByText('On Hold', { exact: true })).toBeVisible();
    await expect(heldCard.locator('[data-payment]')).toHaveCount(0);

    const available = vehicles.find((v) => v.status === 'available')!;
    const card = cards(page).filter({ has: page.locator(`a[href="/vehicles/${available.id}"]`) });
    await expect(card.getByText(money(available.price), { exact: true })).toBeVisible();
    await expect(card.locator('[data-unit-facts]')).toContainText(/Street legal|Golf cart/);
    const payment = card.getByRole('link', { name: /^Est\. \$[\d,]+\/mo\*? \(estimate; see the financing terms\)$/ });
    await expect(payment).toContainText(`Est. ${money(Math.round(available.estimatedPayment.monthly))}/mo`);
    await axe();

    await payment.click();
    await expect(page).toHaveURL(/\/financing#payment-estimates$/);
    await expect(page.locator('#payment-estimates')).toContainText('Estimated payments on our carts');
  });

  test('a sold unit answers by its stage: a Sold page with noindex, or 301 to its model page', async ({ page, request, axe }) => {
    // The served build counted dates on the day it was built: the feed says which.
    const feed = await (await request.get('/feeds/google-products.xml')).text();
    const built = calendarDay(new Date(/<lastBuildDate>([^<]+)<\/lastBuildDate>/.exec(feed)![1]!));
    const sold = units.filter((u) => u.status === 'sold');
    expect(sold.length).toBeGreaterThanOrEqual(2);
    for (const unit of sold) {
      const stage = unitStage(unit, built, 30);
      if (stage === 'sold-page') {
        const response = await page.goto(`/vehicles/${unit.id}`);
        expect(response?.status(), unit.id).toBe(200);
        await expect(page.getByRole('heading', { name: 'Sold', exact: true })).toBeVisible();
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
        const similar = page.getByRole('list', { name: 'Similar available carts' }).locator('article');
        expect(await similar.count()).toBeGreaterThan(0);
        expect(await similar.count()).toBeLessThanOrEqual(3);
        await axe();
      } else {
        const response = await request.get(`/vehicles/${unit.id}`, { maxRedirects: 0 });
        expect(response.status(), unit.id).toBe(301);
        expect(new URL(response.headers().location ?? '', 'http://x').pathname).toMatch(/^\/(vehicles\/[a-z0-9-]+|new-inventory)$/);
      }
      const api = await request.get(`/api/vehicles/${unit.id}`);
      expect(api.status()).toBe(404);
      expect(await api.json()).toEqual({ error: 'Vehicle not found' });
    }
    const removed = await request.get('/vehicles/club-car-onward-2021-trade-in', { maxRedirects: 0 });
    expect(removed.status()).toBe(301);
    expect(new URL(removed.headers().location ?? '', 'http://x').pathname).toBe('/new-inventory');
  });
});
