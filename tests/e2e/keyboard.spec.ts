import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Presses Tab until `target` has focus (at most `limit` times) and returns the presses used. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<number> {
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
  }
  throw new Error(`not reachable with ${limit} presses of Tab`);
}

/** The focused element shows a focus indicator: an outline or a ring of at least 2 px. */
async function expectVisibleFocus(page: Page) {
  const indicator = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return { outline: style.outlineStyle !== 'none' ? parseFloat(style.outlineWidth) : 0, shadow: style.boxShadow };
  });
  expect(indicator.outline >= 2 || indicator.shadow !== 'none', `focus indicator ${JSON.stringify(indicator)}`).toBe(true);
}

/** Names of the focusable elements in Tab order, from the start of the page. */
async function tabOrder(page: Page, count: number): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i += 1) {
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page);
    names.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        return (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
      }),
    );
  }
  return names;
}

test.describe('keyboard', () => {
  test('home at 1280 px: skip link, logo, the seven links and Call Now in reading order, focus visible', async ({ page }) => {
    await page.goto('/');
    expect(await tabOrder(page, 10)).toEqual([
      'Skip to main content',
      'Burlington Golf Carts, home',
      'Home',
      'Inventory',
      'Rentals',
      'Services',
      'Showroom',
      'About',
      'Contact',
      'Call Now',
    ]);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: /View Inventory/ })).toBeFocused();
  });

  test('the mobile menu works from the keyboard alone and keeps focus inside while open', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Open menu' });
    await tabTo(page, button);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Home' })).toBeFocused();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]') || document.activeElement === document.body)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('contact form: every field in order, errors announced and focus on the first one', async ({ page }) => {
    await page.goto('/contact');
    const fields = ['First Name', 'Last Name', 'Email', 'Phone', 'Interest', 'Message'];
    await tabTo(page, page.getByLabel(fields[0] ?? ''));
    for (const label of fields.slice(1)) {
      await page.keyboard.press('Tab');
      await expect(page.getByLabel(label)).toBeFocused();
      await expectVisibleFocus(page);
    }
    await page.keyboard.press('Tab');
    const submit = page.getByRole('button', { name: 'Send Message' });
    await expect(submit).toBeFocused();
    await page.keyboard.press('Enter');
    const firstName = page.getByLabel('First Name');
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toHaveAccessibleDescription('First name is required');
  });

  test('inventory filters: search, the four selects, Street legal only and Apply Filters in order, operable from the keyboard', async ({ page }) => {
    await page.goto('/inventory');
    const bar = page.getByRole('search', { name: 'Filter vehicles' });
    const search = bar.getByLabel('Search');
    await tabTo(page, search);
    await expectVisibleFocus(page);
    await page.keyboard.type('turfman');
    for (const label of ['Brand', 'Category', 'Price', 'Sort by', 'Street legal only']) {
      await page.keyboard.press('Tab');
      await expect(bar.getByLabel(label, { exact: true })).toBeFocused();
      await expectVisibleFocus(page);
    }
    await page.keyboard.press('Tab');
    const apply = bar.getByRole('button', { name: 'Apply Filters' });
    await expect(apply).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]search=turfman/);
    const cards = page.getByRole('region', { name: 'Available vehicles' }).getByRole('article');
    await expect(cards.first()).toContainText(/Turfman/i);
    await bar.getByLabel('Category', { exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/[?&]category=/);
  });
});
