import type { APIRequestContext, Page } from '@playwright/test';
import { INLINE_SVG_MAX_BYTES } from '../../src/lib/data/image-files.ts';
import { svgDataUri } from '../../src/lib/site/inline-svg.ts';
import { beyondIslandRuntime, expect, idleWorkDone, test } from './fixtures.ts';

interface ApiVehicle {
  id: string;
  name: string;
  description: string;
  brand: string;
  category: string;
  price: number;
  images: string[];
  inStock: boolean;
  isNew: boolean;
  status: 'available' | 'on-hold' | 'sold';
  features: string[];
  specifications: Record<string, string | number> & { seatingCapacity: number };
}

async function lot(request: APIRequestContext): Promise<ApiVehicle[]> {
  const response = await request.get('/api/vehicles');
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiVehicle[];
}

/** docs/product.md §Units: NEW if new; otherwise In Stock if in stock; otherwise Out of Stock. */
const badgeOf = (v: ApiVehicle) => (v.isNew ? 'NEW' : v.inStock ? 'In Stock' : 'Out of Stock');

const money = (amount: number) => `$${amount.toLocaleString('en-US')}`;

/** Every JSON-LD block of the page. */
async function jsonLd(page: Page): Promise<Record<string, any>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, any>);
}

test.describe('vehicle page', () => {
  test('shows every part of a unit page, with Product JSON-LD', async ({ page, request, axe }) => {
    const vehicle = (await lot(request))[0]!;
    await page.goto(`/vehicles/${vehicle.id}`);
    await expect(page).toHaveTitle(new RegExp(vehicle.name.replace(/[()+]/g, '\\$&')));

    await expect(page.getByRole('link', { name: 'Back to Inventory' })).toHaveAttribute('href', '/new-inventory');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(vehicle.name);
    // Small SVG art, the page's largest paint, travels in the page as a data: address (docs/product.md §Speed).
    await expect(page.getByRole('img', { name: vehicle.name })).toHaveAttribute(
      'src',
      svgDataUri(vehicle.images[0]!, INLINE_SVG_MAX_BYTES) ?? vehicle.images[0]!,
    );
    await expect(page.getByText(badgeOf(vehicle), { exact: true })).toBeVisible();
    await expect(page.getByText(vehicle.description, { exact: true })).toBeVisible();
    await expect(page.getByText(money(vehicle.price), { exact: true })).toBeVisible();

    const tiles = page.locator('dl').first();
    await expect(tiles.getByText('Seats', { exact: true })).toBeVisible();
    await expect(tiles.getByText(String(vehicle.specifications.seatingCapacity), { exact: true })).toBeVisible();
    await expect(tiles.getByText('Brand', { exact: true })).toBeVisible();
    await expect(tiles.locator('dd').nth(1)).toHaveText(new RegExp(`^${vehicle.brand}$`, 'i'));

    // The unit's questions open its own question form with the topic chosen (docs/product.md §Units).
    for (const [name, topic] of [
      ['Schedule Test Drive', 'test-drive'],
      ['Get Financing Quote', 'financing'],
      ['Check Availability', 'availability'],
      ['Get Today’s Price', 'price'],
    ] as const) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/vehicles/${vehicle.id}/ask?topic=${topic}`);
    }
    await expect(page.getByRole('link', { name: 'Value Your Trade' })).toHaveAttribute('href', `/trade-in?vehicle=${vehicle.id}`);
    const href = await page.getByRole('link', { name: 'Contact Sales Team' }).getAttribute('href');
    const url = new URL(href ?? '', 'http://x');
    expect(url.pathname).toBe('/contact');
    expect(url.searchParams.get('interest')).toBe('sales');
    expect(url.searchParams.get('vehicle')).toBe(vehicle.id);
    expect(url.searchParams.get('message')).toContain(vehicle.name);
    await expect(page.getByRole('link', { name: 'View More Vehicles' })).toHaveAttribute('href', '/new-inventory');
    await expect(page.getByRole('heading', { name: 'Interested in this vehicle?' })).toBeVisible();

    const features = page.locator('section', { has: page.getByRole('heading', { name: 'Features' }) }).getByRole('listitem');
    await expect(features).toHaveText(vehicle.features);

    const specs = page.locator('section', { has: page.getByRole('heading', { name: 'Specifications' }) });
    await expect(specs.locator('dt')).toHaveCount(Object.keys(vehicle.specifications).length);
    await expect(specs.locator('dd')).toHaveText(Object.values(vehicle.specifications).map(String));
    for (const label of ['Top Speed', 'Range', 'Seating Capacity', 'Battery Type', 'Charging Time', 'Payload']) {
      await expect(specs.locator('dt', { hasText: label })).toHaveCount(1);
    }

    await expect(page.getByRole('link', { name: /\(\d{3}\) \d{3}-\d{4}/ }).first()).toHaveAttribute('href', /^tel:\+1\d{10}$/);

    const product = (await jsonLd(page)).find((block) => block['@type'] === 'Vehicle');
    expect(product).toBeDefined();
    expect(product!.name).toBe(vehicle.name);
    expect(product!.offers).toMatchObject({
      '@type': 'Offer',
      price: vehicle.price,
      priceCurrency: 'USD',
      availability: vehicle.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    });
    expect(product!.offers.url).toMatch(new RegExp(`/vehicles/${vehicle.id}$`));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/vehicles/${vehicle.id}$`));
    await axe();
  });

  test('lists every specification key, the extra ones too', async ({ page, request }) => {
    const vehicle = (await lot(request)).reduce((most, v) => (Object.keys(v.specifications).length > Object.keys(most.specifications).length ? v : most));
    expect(Object.keys(vehicle.specifications).length).toBeGreaterThan(6);
    await page.goto(`/vehicles/${vehicle.id}`);
    const specs = page.locator('section', { has: page.getByRole('heading', { name: 'Specifications' }) });
    await expect(specs.locator('dd')).toHaveText(Object.values(vehicle.specifications).map(String));
  });

  test('the badge reads NEW, In Stock or Out of Stock for each kind of unit', async ({ page, request }) => {
    const vehicles = await lot(request);
    // Available units (an on-hold unit shows On Hold instead: docs/product.md §Units).
    const available = vehicles.filter((v) => v.status === 'available');
    const samples = [available.find((v) => v.isNew), available.find((v) => !v.isNew && v.inStock), available.find((v) => !v.isNew && !v.inStock)];
    for (const vehicle of samples) {
      expect(vehicle).toBeDefined();
      await page.goto(`/vehicles/${vehicle!.id}`);
      const image = page.locator('div', { has: page.getByRole('img', { name: vehicle!.name }) }).last();
      await expect(image.getByText(badgeOf(vehicle!), { exact: true })).toBeVisible();
      const product = (await jsonLd(page)).find((block) => block['@type'] === 'Vehicle');
      expect(product!.offers.availability).toBe(vehicle!.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');
    }
  });

  test('every unit has its page, and ships no JavaScript but the island runtime and the analytics events when idle', async ({ page, request }) => {
    for (const vehicle of await lot(request)) {
      const response = await request.get(`/vehicles/${vehicle.id}`, { maxRedirects: 0 });
      expect(response.status(), vehicle.id).toBe(200);
      expect(await response.text()).toContain(`<h1 id="vehicle-name"`);
    }
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`/vehicles/${(await lot(request))[0]!.id}`);
    await idleWorkDone(page);
    // Only the island runtime and the analytics events, when the page is idle (Astro's, not React).
    expect(beyondIslandRuntime(scripts)).toEqual([]);
  });
});

test.describe('vehicle page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('reads fully, with every link', async ({ page, request }) => {
    const vehicle = (await lot(request))[1]!;
    await page.goto(`/vehicles/${vehicle.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(vehicle.name);
    for (const name of ['Back to Inventory', 'Schedule Test Drive', 'Get Financing Quote', 'Contact Sales Team', 'View More Vehicles']) {
      await expect(page.getByRole('link', { name })).toBeVisible();
    }
  });
});

test.describe('vehicle addresses', () => {
  test('/vehicle/{id} answers 301 to /vehicles/{id}', async ({ page, request }) => {
    const vehicle = (await lot(request))[0]!;
    const response = await request.get(`/vehicle/${vehicle.id}`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(new URL(response.headers().location ?? '', 'http://x').pathname).toBe(`/vehicles/${vehicle.id}`);
    await page.goto(`/vehicle/${vehicle.id}`);
    await expect(page).toHaveURL(new RegExp(`/vehicles/${vehicle.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(vehicle.name);
  });

  test('an unknown vehicle answers 404 with the Vehicle Not Found screen', async ({ page, axe, pageErrors }) => {
    const response = await page.goto('/vehicles/sold-cart-123');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vehicle Not Found');
    await expect(page.getByText("The vehicle you're looking for doesn't exist or has been removed.", { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Inventory' })).toHaveAttribute('href', '/new-inventory');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await axe();
    await page.getByRole('link', { name: 'Back to Inventory' }).click();
    await expect(page).toHaveURL(/\/new-inventory$/);
    // Chromium logs the 404 status of the document itself as a console error: the one this test asked for.
    const provoked = pageErrors.filter((e) => e.includes('status of 404') && e.includes('/vehicles/sold-cart-123'));
    expect(provoked).toHaveLength(1);
    pageErrors.splice(pageErrors.indexOf(provoked[0]!), 1);
  });

  test('odd /vehicles/ and /vehicle/ addresses answer 404, never an error', async ({ request }) => {
    for (const path of [
      '/vehicles/a/b',
      '/vehicles/%F0%9F%9A%97',
      '/vehicles/..%2F..%2Fetc%2Fpasswd',
      `/vehicles/${'x'.repeat(300)}`,
      '/vehicle/no-such-cart',
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain('Vehicle Not Found');
    }
  });

  test('/api/vehicles/{id} answers one vehicle, or 404 JSON', async ({ request }) => {
    const vehicle = (await lot(request))[0]!;
    const one = await request.get(`/api/vehicles/${vehicle.id}`);
    expect(one.status()).toBe(200);
    expect(await one.json()).toEqual(vehicle);
    const missing = await request.get('/api/vehicles/sold-cart-123');
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Vehicle not found' });
    const brand = await request.get('/api/vehicles/brand/EVOLUTION');
    expect(brand.status()).toBe(200);
    expect(((await brand.json()) as ApiVehicle[]).every((v) => v.brand === 'evolution')).toBe(true);
    expect(brand.headers()['cache-control']).toMatch(/public/);
  });
});
