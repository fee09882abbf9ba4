// A unit's store in the real admin of a site with two stores, offline (tests/e2e/admin-repository.ts,
// seeded with the data of the copy of the site): the Store field offers the stores by name, an
// editor moves a unit to the second store, and the unit file the admin writes names that store
// (docs/product.md §Stores).
import type { Locator, Page } from '@playwright/test';
import { schema as unitSchema } from '../../data/schemas/units.ts';
import { adminLink } from '../../scripts/build-failure-mail/email.ts';
import { parseDataFile } from '../../src/lib/data-file.ts';
import { SECOND_STORE, SECOND_STORE_SLUG } from '../fixtures/second-store.ts';
import { offlineRepository, readRepository, repositoryFiles, reveal, seedRepository } from '../e2e/admin-repository.ts';
import { expect, test } from '../copy/fixtures.ts';

const field = (scope: Page | Locator, label: string) => scope.getByRole('group', { name: `“\u2068${label}\u2069” Field`, exact: true });

test('an editor moves a unit to the second store with its Store field, and the unit file names that store', async ({
  page,
  context,
  baseURL,
  copySite: { dir },
}) => {
  test.setTimeout(60_000);
  const origin = new URL(baseURL ?? '').origin;
  const before = repositoryFiles(dir);
  // A unit on the first store's lot.
  const file = Object.keys(before)
    .sort()
    .find((path) => path.startsWith('data/units/') && (JSON.parse(before[path]!) as { store?: string }).store === 'mount-holly')!;
  const original = JSON.parse(before[file]!) as Record<string, unknown>;

  await offlineRepository(context, origin);
  await page.goto('/admin');
  await seedRepository(page, before);
  await page.getByRole('button', { name: 'Work with Local Repository' }).click();
  await expect(page.getByRole('main', { name: '\u2068Units on the lot\u2069 Collection' })).toBeVisible();
  await page.goto(adminLink(origin, file));
  await expect(field(page, 'Name').getByRole('textbox')).toHaveValue(String(original.name));

  // The field offers both stores by name, the unit's own chosen.
  // The editor draws its fields as they scroll into view.
  const store = await reveal(page, field(page, 'Store'));
  await expect(store.getByRole('radio', { name: 'Mount Holly showroom' })).toBeChecked();
  const second = store.getByRole('radio', { name: SECOND_STORE.name });
  await expect(second).toBeEnabled();
  await second.click();
  await expect(second).toBeChecked();
  await page.getByRole('button', { name: 'Save' }).click();

  let text = '';
  await expect
    .poll(async () => {
      text = (await readRepository(page))[file]?.text ?? '';
      return text;
    })
    .toContain(`"store": "${SECOND_STORE_SLUG}"`);
  // Only the store changed, and the file is a valid unit on the second store's lot.
  expect(JSON.parse(text)).toEqual({ ...original, store: SECOND_STORE_SLUG });
  expect(parseDataFile(file.replace(/^data\//, ''), unitSchema, JSON.parse(text)).store).toBe(SECOND_STORE_SLUG);
});
