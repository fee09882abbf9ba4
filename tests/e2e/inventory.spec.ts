import type { APIRequestContext, Locator, Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';

interface ApiVehicle {
  id: string;
  name: string;
  description: string;
  brand: string;
  category: string;
  price: number;
  images: string[];
  isNew: boolean;
  inStock: boolean;
}

/** The lot as the API serves it; expected results below apply the filter rules of docs/product.md §Inventory to it. */
async function lot(request: APIRequestContext): Promise<ApiVehicle[]> {
  const response = await request.get('/api/vehicles');
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiVehicle[];
}

const grid = (page: Page) => page.getByRole('region', { name: 'Available vehicles' });
const cards = (page: Page) => grid(page).getByRole('article');
const countLine = (page: Page) => page.getByTestId('inventory-count');

/** The ids of the cards on screen, from their View Details links. */
async function shownIds(page: Page): Promise<string[]> {
  const hrefs = await cards(page)
    .getByRole('link', { name: /View Details/ })
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace(/^\/vehicles\//, ''));
}

async function expectShown(page: Page, expected: ApiVehicle[], total: number) {
  await expect(countLine(page)).toHaveText(`Showing ${expected.length} of ${total} total vehicles`);
  expect(await shownIds(page)).toEqual(expected.map((v) => v.id));
}

const filterBar = (page: Page) => page.getByRole('search', { name: 'Filter vehicles' });
const select = (page: Page, label: 'Brand' | 'Category' | 'Price'): Locator => filterBar(page).getByLabel(label, { exact: true });

/** Waits until the island is live (it then owns the form). */
async function hydrated(page: Page) {
  await expect(page.locator('astro-island', { has: filterBar(page) })).not.toHaveAttribute('ssr', /.*/);
}

test.describe('inventory without JavaScript (what a crawler reads)', () => {
  test.use({ javaScriptEnabled: false });

  test('the pre-rendered page lists every unit with its card and link', async ({ page, request }) => {
    const vehicles = await lot(request);
    expect(vehicles.length).toBeGreaterThanOrEqual(16);
    await page.goto('/inventory');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Golf Cart Inventory');
    await expectShown(page, vehicles, vehicles.length);
    const shown = await cards(page).evaluateAll((articles) =>
      articles.map((card) => ({
        name: card.querySelector('h3')?.textContent,
        description: card.querySelector('p')?.textContent,
        price: [...card.querySelectorAll('p')].map((p) => p.textContent).find((t) => t?.startsWith('$')),
        isNew: [...card.querySelectorAll('span')].some((s) => s.textContent === 'NEW'),
        image: card.querySelector('img')?.getAttribute('src'),
        link: card.querySelector('a[href^="/vehicles/"]')?.getAttribute('href'),
      })),
    );
    expect(shown).toEqual(
      vehicles.map((v) => ({
        name: v.name,
        description: v.description,
        price: `$${v.price.toLocaleString('en-US')}`,
        isNew: v.isNew,
        image: v.images[0] ?? '/images/carts/placeholder.svg',
        link: `/vehicles/${v.id}`,
      })),
    );
    // The filter bar is a form the server answers (filtering without JavaScript: units.spec.ts).
    await expect(filterBar(page)).toBeVisible();
    await expect(filterBar(page).getByRole('button', { name: 'Apply Filters' })).toBeVisible();
    await expect(page.getByText(/need JavaScript/)).toHaveCount(0);
  });

  test('/new-inventory is the canonical address of both, where the header links and marks Inventory current', async ({ page }) => {
    for (const path of ['/inventory', '/new-inventory']) {
      await page.goto(path);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/new-inventory$/);
      const current = page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]');
      await expect(current).toHaveCount(1);
      await expect(current).toHaveText('Inventory');
      await expect(current).toHaveAttribute('href', '/new-inventory');
    }
  });
});

test.describe('inventory filters', () => {
  test('the filter bar has its search, brand, category and price controls and options', async ({ page, axe }) => {
    await page.goto('/inventory');
    await expect(filterBar(page).getByLabel('Search')).toBeVisible();
    const values = (label: 'Brand' | 'Category' | 'Price') =>
      select(page, label)
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(await values('Brand')).toEqual(['all', 'denago', 'evolution']);
    expect(await values('Category')).toEqual(['all', 'ranger', 'maverick', 'forester', 'turfman', 'rover']);
    expect(await values('Price')).toEqual(['all', 'under-15000', '15000-25000', 'over-25000']);
    await expect(filterBar(page).getByRole('button', { name: 'Apply Filters' })).toBeVisible();
    await axe();
  });

  test('search is a case-insensitive substring of name or description', async ({ page, request }) => {
    const vehicles = await lot(request);
    await page.goto('/inventory');
    await hydrated(page);
    for (const term of ['ROVER', 'lithium', '1,500 LB TOWING', 'd5 mav']) {
      await filterBar(page).getByLabel('Search').fill(term);
      const t = term.toLowerCase();
      const expected = vehicles.filter((v) => v.name.toLowerCase().includes(t) || v.description.toLowerCase().includes(t));
      expect(expected.length).toBeGreaterThan(0);
      await expectShown(page, expected, vehicles.length);
    }
    await expect(page).toHaveURL(/\?search=d5\+mav$/);
  });

  test('brand, category and price filter live and combine', async ({ page, request }) => {
    const vehicles = await lot(request);
    await page.goto('/inventory');
    await hydrated(page);

    await select(page, 'Brand').selectOption('denago');
    await expectShown(
      page,
      vehicles.filter((v) => v.brand === 'denago'),
      vehicles.length,
    );
    await expect(page).toHaveURL(/\?brand=denago$/);

    await select(page, 'Brand').selectOption('all');
    await select(page, 'Category').selectOption('maverick');
    await expectShown(
      page,
      vehicles.filter((v) => v.category.includes('maverick')),
      vehicles.length,
    );

    await select(page, 'Category').selectOption('all');
    const bands: [string, (p: number) => boolean][] = [
      ['under-15000', (p) => p < 15000],
      ['15000-25000', (p) => p >= 15000 && p <= 25000],
      ['over-25000', (p) => p > 25000],
    ];
    for (const [band, inBand] of bands) {
      await select(page, 'Price').selectOption(band);
      const expected = vehicles.filter((v) => inBand(v.price));
      expect(expected.length).toBeGreaterThan(0);
      await expectShown(page, expected, vehicles.length);
    }

    await select(page, 'Brand').selectOption('evolution');
    await select(page, 'Price').selectOption('under-15000');
    await filterBar(page).getByLabel('Search').fill('plus');
    await expectShown(
      page,
      vehicles.filter((v) => v.brand === 'evolution' && v.price < 15000 && (v.name + v.description).toLowerCase().includes('plus')),
      vehicles.length,
    );
    await expect(page).toHaveURL(/\?brand=evolution&price=under-15000&search=plus$|\?search=plus&brand=evolution&price=under-15000$/);
  });

  test('a band edge price (15000 and 25000) is in the middle band', async ({ page, request }) => {
    const vehicles = await lot(request);
    const edgeUnits = vehicles.filter((v) => v.price === 15000 || v.price === 25000);
    await page.goto('/inventory?price=15000-25000');
    await hydrated(page);
    const ids = await shownIds(page);
    for (const unit of edgeUnits) expect(ids).toContain(unit.id);
    await select(page, 'Price').selectOption('under-15000');
    await expect(countLine(page)).toContainText('Showing');
    for (const unit of edgeUnits) expect(await shownIds(page)).not.toContain(unit.id);
  });

  test('Apply Filters writes the search to the address at once', async ({ page }) => {
    await page.goto('/inventory');
    await hydrated(page);
    await filterBar(page).getByLabel('Search').pressSequentially('turfman');
    await filterBar(page).getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/\/inventory\?search=turfman$/);
  });
});

test.describe('inventory filter state in the URL', () => {
  test('a shared link opens filtered, with the controls set, and survives a reload', async ({ page, request }) => {
    const vehicles = await lot(request);
    const expected = vehicles.filter((v) => v.brand === 'evolution' && v.category.includes('ranger'));
    await page.goto('/inventory?brand=Evolution&category=ranger&utm_source=newsletter');
    await expectShown(page, expected, vehicles.length);
    await expect(select(page, 'Brand')).toHaveValue('evolution');
    await expect(select(page, 'Category')).toHaveValue('ranger');
    await page.reload();
    await expectShown(page, expected, vehicles.length);
    await select(page, 'Price').selectOption('under-15000');
    await expect(page).toHaveURL(/utm_source=newsletter/);
  });

  test("the home page's site search lands on a filtered list", async ({ page, request }) => {
    const vehicles = await lot(request);
    await page.goto('/inventory?search=Turfman');
    await expectShown(
      page,
      vehicles.filter((v) => `${v.name} ${v.description}`.toLowerCase().includes('turfman')),
      vehicles.length,
    );
    await expect(filterBar(page).getByLabel('Search')).toHaveValue('Turfman');
  });

  test('back and forward step through the filters', async ({ page, request }) => {
    const vehicles = await lot(request);
    await page.goto('/inventory');
    await hydrated(page);
    await select(page, 'Brand').selectOption('denago');
    await expect(page).toHaveURL(/\?brand=denago$/);
    await select(page, 'Category').selectOption('rover');
    await expect(page).toHaveURL(/\?brand=denago&category=rover$/);
    await filterBar(page).getByLabel('Search').fill('xl6');
    await expect(page).toHaveURL(/search=xl6/);

    await page.goBack();
    await expect(page).toHaveURL(/\?brand=denago&category=rover$/);
    await expect(filterBar(page).getByLabel('Search')).toHaveValue('');
    await page.goBack();
    await expect(page).toHaveURL(/\?brand=denago$/);
    await expect(select(page, 'Category')).toHaveValue('all');
    await expectShown(
      page,
      vehicles.filter((v) => v.brand === 'denago'),
      vehicles.length,
    );
    await page.goBack();
    await expect(page).toHaveURL(/\/inventory$/);
    await expectShown(page, vehicles, vehicles.length);
    await page.goForward();
    await expect(select(page, 'Brand')).toHaveValue('denago');
    await expectShown(
      page,
      vehicles.filter((v) => v.brand === 'denago'),
      vehicles.length,
    );
  });
});

test.describe('inventory empty state', () => {
  test('no match shows the no-match texts, and Clear All Filters brings every unit back', async ({ page, request, axe }) => {
    const vehicles = await lot(request);
    await page.goto('/inventory');
    await hydrated(page);
    await filterBar(page).getByLabel('Search').fill('hovercraft');
    await expect(countLine(page)).toHaveText(`No vehicles match your current filters. Showing 0 of ${vehicles.length} total vehicles`);
    await expect(page.getByRole('heading', { name: 'No vehicles found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your search criteria or filters', { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await axe();

    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await expectShown(page, vehicles, vehicles.length);
    await expect(page).toHaveURL(/\/inventory$/);
    await expect(filterBar(page).getByLabel('Search')).toHaveValue('');
    await expect(filterBar(page).getByLabel('Search')).toBeFocused();
  });

  test('filters that exclude each other also show the empty state', async ({ page, request }) => {
    const vehicles = await lot(request);
    await page.goto('/inventory?brand=denago&category=turfman');
    await expect(countLine(page)).toHaveText(`No vehicles match your current filters. Showing 0 of ${vehicles.length} total vehicles`);
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await expect(select(page, 'Brand')).toHaveValue('all');
    await expect(select(page, 'Category')).toHaveValue('all');
  });
});

test.describe('inventory data: the lot fetched at the first filter', () => {
  /** Chromium logs a failed request as a console error; these are the ones a test provoked. */
  const dropProvoked = (errors: string[], status: number) => {
    const kept = errors.filter((e) => !e.includes(`status of ${status}`));
    errors.splice(0, errors.length, ...kept);
  };
  const LOT = '**/new-inventory/lot.json';
  /** The lot file as the island reads it (every listed unit, in the lot's order). */
  async function lotFile(request: APIRequestContext): Promise<ApiVehicle[]> {
    const response = await request.get('/new-inventory/lot.json');
    expect(response.status()).toBe(200);
    return (await response.json()) as ApiVehicle[];
  }
  const denago = (list: ApiVehicle[]) => list.filter((v) => v.brand.toLowerCase() === 'denago');

  test('nothing is fetched until the visitor filters; then the list comes from the lot file', async ({ page, request }) => {
    const fresh = denago(await lotFile(request)).slice(0, 2);
    let calls = 0;
    await page.route(LOT, (route) => {
      calls++;
      return route.fulfill({ json: fresh });
    });
    await page.goto('/inventory');
    await hydrated(page);
    expect(calls).toBe(0);
    await select(page, 'Brand').selectOption('denago');
    await expectShown(page, fresh, 2);
    expect(calls).toBe(1);
  });

  test('a failing lot file shows the load error after 3 retries; Try Again shows six skeletons, then the list', async ({ page, request, pageErrors }) => {
    const vehicles = await lotFile(request);
    let calls = 0;
    let mode: 'fail' | 'hold' = 'fail';
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    await page.route(LOT, async (route: Route) => {
      calls++;
      if (mode === 'fail') return route.fulfill({ status: 503, json: { error: 'down' } });
      await gate;
      return route.fulfill({ json: vehicles });
    });
    await page.goto('/inventory');
    await hydrated(page);
    await select(page, 'Brand').selectOption('denago');
    await expect(page.getByRole('alert')).toHaveText(/^Error loading vehicles: Failed to fetch vehicles: 503/);
    expect(calls).toBe(4);
    await expect(cards(page)).toHaveCount(0);

    mode = 'hold';
    await page.getByRole('button', { name: 'Try Again' }).click();
    const loading = page.getByTestId('inventory-loading');
    await expect(loading).toHaveAttribute('aria-busy', 'true');
    await expect(loading.locator('[data-skeleton]')).toHaveCount(6);
    await expect(page.getByRole('status').filter({ hasText: 'Loading vehicles…' })).toBeAttached();
    open();
    await expectShown(page, denago(vehicles), vehicles.length);
    expect(calls).toBe(5);
    dropProvoked(pageErrors, 503);
  });

  test('a slow lot file is asked for once, and not again on focus', async ({ page, request }) => {
    const vehicles = await lotFile(request);
    let calls = 0;
    await page.route(LOT, async (route) => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fulfill({ json: vehicles });
    });
    await page.goto('/inventory');
    await hydrated(page);
    await select(page, 'Brand').selectOption('denago');
    await expectShown(page, denago(vehicles), vehicles.length);
    await expect(page.getByTestId('inventory-loading')).toHaveCount(0);
    await page.evaluate(() => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.waitForTimeout(1800);
    expect(calls).toBe(1);
  });
});
