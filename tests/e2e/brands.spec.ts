import type { Page } from '@playwright/test';
import { beyondIslandRuntime, expect, idleWorkDone, test } from './fixtures.ts';

interface ApiVehicle {
  id: string;
  name: string;
  description: string;
  category: string;
  price: number;
  inStock: boolean;
  specifications: { seatingCapacity: number };
}

const section = (page: Page, heading: string) => page.locator('section', { has: page.getByRole('heading', { name: heading, exact: true }) });

/** Brand pages are static: no script is fetched on load. */
async function scriptsOnLoad(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(path);
  await idleWorkDone(page);
  // Only the island runtime, when the page is idle (Astro's, not React) is allowed.
  return beyondIslandRuntime(scripts);
}

test.describe('Denago page', () => {
  test('about, features and the Coming Soon models block', async ({ page, axe }) => {
    expect(await scriptsOnLoad(page, '/denago')).toEqual([]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Denago Electric Vehicles');
    await expect(page.getByRole('heading', { name: 'About Denago' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why Drivers Choose Denago' })).toBeVisible();

    const models = section(page, 'Denago Models');
    await expect(models.getByText('Coming Soon', { exact: true })).toBeVisible();
    const contact = models.getByRole('link', { name: 'Contact for Availability' });
    await expect(contact).toHaveAttribute('href', /^\/contact(\?|$)/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/denago$/);
    await axe();
  });
});

test.describe('Evolution page', () => {
  test('series cards and the two featured models', async ({ page, axe }) => {
    expect(await scriptsOnLoad(page, '/evolution')).toEqual([]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Evolution Electric Vehicles');

    const series = section(page, 'Evolution Series').getByRole('listitem');
    await expect(series).toHaveCount(3);
    for (const [index, [title, tag]] of [
      ['Ranger Series', '4-6 seats'],
      ['Forester Series', '4X4'],
      ['Turfman Series', 'Utility'],
    ].entries()) {
      await expect(series.nth(index).getByRole('heading')).toHaveText(title!);
      await expect(series.nth(index).getByText(tag!, { exact: true })).toBeVisible();
    }

    const featured = section(page, 'Featured Models').getByRole('listitem');
    await expect(featured).toHaveCount(2);
    await expect(featured.nth(0).getByRole('heading')).toHaveText('D6 MaxXT Series');
    await expect(featured.nth(0).getByText('Starting at $24,999', { exact: true })).toBeVisible();
    await expect(featured.nth(0).getByRole('link')).toHaveAttribute('href', '/new-inventory');
    await expect(featured.nth(1).getByRole('heading')).toHaveText('Turfman 1000');
    await expect(featured.nth(1).getByText('Contact for pricing', { exact: true })).toBeVisible();
    await expect(featured.nth(1).getByRole('link')).toHaveAttribute('href', /^\/contact(\?|$)/);
    await axe();
  });

  test('Current Evolution Inventory lists the brand with badges, seats and category', async ({ page, request }) => {
    const response = await request.get('/api/vehicles/brand/evolution');
    const stock = (await response.json()) as ApiVehicle[];
    expect(stock.length).toBeGreaterThan(0);
    await page.goto('/evolution');
    const cards = section(page, 'Current Evolution Inventory').getByRole('article');
    await expect(cards).toHaveCount(stock.length);
    for (const [index, vehicle] of stock.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading')).toHaveText(vehicle.name);
      await expect(card.getByText(vehicle.inStock ? 'In Stock' : 'Contact Us', { exact: true })).toBeVisible();
      await expect(card.getByText(vehicle.description, { exact: true })).toBeAttached();
      const seats = vehicle.specifications.seatingCapacity;
      const category = vehicle.category.charAt(0).toUpperCase() + vehicle.category.slice(1);
      await expect(card.getByText(`${seats} seat${seats === 1 ? '' : 's'} · ${category}`, { exact: true })).toBeVisible();
      await expect(card.getByText(`$${vehicle.price.toLocaleString('en-US')}`, { exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: /View Details/ })).toHaveAttribute('href', `/vehicles/${vehicle.id}`);
    }
    expect(stock.some((v) => !v.inStock)).toBe(true);
  });
});

test.describe('brand addresses', () => {
  for (const brand of ['denago', 'evolution']) {
    test(`/brands/${brand} answers 301 to /${brand}`, async ({ page, request }) => {
      const response = await request.get(`/brands/${brand}`, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(new URL(response.headers().location ?? '', 'http://x').pathname).toBe(`/${brand}`);
      await page.goto(`/brands/${brand}`);
      await expect(page).toHaveURL(new RegExp(`/${brand}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }
});
