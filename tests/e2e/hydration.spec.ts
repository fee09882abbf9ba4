import type { Page, Route } from '@playwright/test';
import { fillForm, freshRateLimit, leadFor, newVisitor } from './contact-leads.ts';
import { expect, test } from './fixtures.ts';

/**
 * Islands hydrate after the page has loaded (client:interaction="idle" or "visible", see
 * src/directives/interaction.ts). These tests hold an island's script back, act on its
 * server-rendered HTML as a visitor on a slow phone would, then let the script through.
 */
function holdScript(page: Page, name: string): { release: () => void; requested: Promise<void> } {
  let release = () => {};
  let requested = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const asked = new Promise<void>((resolve) => (requested = resolve));
  let held = false;
  void page.route(new RegExp(`/_astro/${name}\\.[\\w-]+\\.js$`), async (route: Route) => {
    if (held) return route.continue();
    held = true;
    requested();
    await gate;
    await route.continue().catch(() => {
      // The page has moved on (a form was posted); nothing waits for the script any more.
    });
  });
  return { release: () => release(), requested: asked };
}

const island = (page: Page, inner: string) => page.locator('astro-island', { has: page.locator(inner) });

test.describe('islands before they hydrate', () => {
  test('a contact form submitted before its script has loaded still posts and lands on /thank-you', async ({ page }) => {
    await freshRateLimit();
    const visitor = newVisitor('early');
    const script = holdScript(page, 'ContactForm');
    await page.goto('/contact');
    await script.requested;
    await fillForm(page, visitor);
    await expect(island(page, 'form[action="/api/contact"]')).toHaveAttribute('ssr', '');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();
    expect(await leadFor(visitor.email)).toMatchObject({ inquiry: { ...visitor, interest: 'sales' } });
    script.release();
  });

  test('text typed into the contact form before it is live is kept by the live form', async ({ page }) => {
    const script = holdScript(page, 'ContactForm');
    await page.goto('/contact');
    await script.requested;
    await page.getByLabel('First Name').pressSequentially('Jordan');
    await page.getByLabel('Interest').selectOption('parts');
    await expect(island(page, 'form[action="/api/contact"]')).toHaveAttribute('ssr', '');
    script.release();
    await expect(island(page, 'form[action="/api/contact"]')).not.toHaveAttribute('ssr', /.*/);

    // The live form validates on the client: only the fields left empty are reported.
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Last name is required', { exact: true })).toBeVisible();
    await expect(page.getByText('First name is required', { exact: true })).toHaveCount(0);
    await expect(page.getByLabel('First Name')).toHaveValue('Jordan');
    await expect(page.getByLabel('Interest')).toHaveValue('parts');
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('the first tap on an island that is still loading is replayed once it is live', async ({ page }) => {
    const script = holdScript(page, 'CompareModels');
    await page.goto('/compare');
    await script.requested;
    const columns = page.getByRole('table').getByRole('columnheader');
    const before = await columns.count();
    await page.getByRole('button', { name: 'Add a model' }).click();
    await expect(island(page, 'table')).toHaveAttribute('ssr', '');
    script.release();
    await expect(columns).toHaveCount(before + 1);
    await expect(page.getByLabel(`Model ${before + 1}`)).toBeVisible();
  });

  test('filters applied before the inventory is live lead to the filtered list', async ({ page }) => {
    const script = holdScript(page, 'InventoryFilter');
    await page.goto('/new-inventory');
    await script.requested;
    const bar = page.getByRole('search', { name: 'Filter vehicles' });
    const total = await page.getByRole('region', { name: 'Available vehicles' }).getByRole('article').count();
    await bar.getByLabel('Brand', { exact: true }).selectOption('denago');
    await bar.getByRole('button', { name: 'Apply Filters' }).click();
    // The filter bar is a GET form: the browser asks for the filtered address itself.
    await expect(page).toHaveURL(/\/new-inventory\?search=&brand=denago&category=all&price=all&sort=featured$/);
    script.release();
    await expect(island(page, 'form[role="search"]')).not.toHaveAttribute('ssr', /.*/);
    const count = page.getByTestId('inventory-count');
    await expect(count).not.toHaveText(`Showing ${total} of ${total} total vehicles`);
    const cards = page.getByRole('region', { name: 'Available vehicles' }).getByRole('article');
    const shown = await cards.count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(total);
    await expect(count).toHaveText(`Showing ${shown} of ${total} total vehicles`);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(Array(shown).fill(/Denago/));
  });

  test('a filter chosen before the inventory is live is applied once it is', async ({ page }) => {
    const script = holdScript(page, 'InventoryFilter');
    await page.goto('/new-inventory');
    await script.requested;
    await page.getByRole('search', { name: 'Filter vehicles' }).getByLabel('Brand', { exact: true }).selectOption('evolution');
    script.release();
    await expect(page).toHaveURL(/\/new-inventory\?brand=evolution$/);
    const cards = page.getByRole('region', { name: 'Available vehicles' }).getByRole('article');
    await expect(cards.getByRole('heading', { level: 3 })).not.toHaveCount(0);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(Array(await cards.count()).fill(/Evolution/));
  });
});
