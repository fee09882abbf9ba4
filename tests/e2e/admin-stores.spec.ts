// The stores in the real admin, offline (tests/e2e/admin-repository.ts): a store's entry opens from
// its file's link, an editor sets a department's inbox, and the admin writes a valid store file
// that changed only there (docs/product.md §Stores).
import type { Locator, Page } from '@playwright/test';
import { adminLink } from '../../scripts/build-failure-mail/email.ts';
import { schema as storeSchema } from '../../data/schemas/stores.ts';
import { parseDataFile } from '../../src/lib/data-file.ts';
import { offlineRepository, readRepository, repositoryFiles, seedRepository } from './admin-repository.ts';
import { expect, test } from './fixtures.ts';

const STORE_FILE = 'data/stores/mount-holly.json';
const field = (scope: Page | Locator, label: string) => scope.getByRole('group', { name: `“\u2068${label}\u2069” Field`, exact: true });

test('an editor opens a store and sets the inbox of its sales department', async ({ page, context, baseURL }) => {
  test.setTimeout(60_000);
  const origin = new URL(baseURL ?? '').origin;
  await offlineRepository(context, origin);
  await page.goto('/admin');
  const before = repositoryFiles();
  await seedRepository(page, before);
  await page.getByRole('button', { name: 'Work with Local Repository' }).click();
  await expect(page.getByRole('main', { name: '\u2068Units on the lot\u2069 Collection' })).toBeVisible();
  await page.goto(adminLink(origin, STORE_FILE));
  await expect(page.getByRole('status').filter({ hasText: 'editing' })).toContainText(
    'editing the “\u2068Mount Holly showroom\u2069” entry in the “\u2068Stores (address, phones, hours, inboxes)\u2069” collection',
  );
  await expect(field(page, 'Store code').getByRole('textbox')).toHaveValue('MTHOLLY-01');
  // The store names no inboxes yet: the editor adds them, then types the sales department's.
  await field(page, 'Inboxes').getByRole('checkbox', { name: 'Add \u2068Inboxes\u2069' }).click();
  const sales = field(field(page, 'Inboxes'), 'Sales').getByRole('textbox');
  // The added object opens its fields first: type only once the field takes input.
  await expect(sales).toBeEditable();
  await expect(async () => {
    await sales.fill('mount-holly-sales@dealer.test');
    expect(await sales.inputValue()).toBe('mount-holly-sales@dealer.test');
  }).toPass({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Save' }).click();
  let text = '';
  await expect
    .poll(async () => {
      text = (await readRepository(page))[STORE_FILE]?.text ?? '';
      return text;
    })
    .toContain('mount-holly-sales@dealer.test');
  // Only the inbox is new, written where the schema has it (before "main"), in the data files' layout.
  const { main, ...original } = JSON.parse(before[STORE_FILE] ?? '{}') as Record<string, unknown>;
  expect(text).toBe(`${JSON.stringify({ ...original, inboxes: { sales: 'mount-holly-sales@dealer.test' }, main }, null, 2)}\n`);
  expect(parseDataFile('stores/mount-holly.json', storeSchema, JSON.parse(text)).inboxes.sales).toBe('mount-holly-sales@dealer.test');
});
