// The admin's page at 1280 px: what a browser gets before anyone signs in (headers, noindex,
// nothing from another host, axe), and the unit editor as the dealer sees it at a desk.
import { join } from 'node:path';
import { ADMIN_TEST_DIR } from '../../scripts/admin-edits.ts';
import { adminLink } from '../../scripts/build-failure-mail/email.ts';
import { ADMIN_CSP } from '../../src/lib/site/security-headers.ts';
import { offlineRepository, repositoryFiles, seedRepository } from './admin-repository.ts';
import { expect, test } from './fixtures.ts';

test('the admin page: its own policy, noindex, only this site reached, accessible sign-in, a unit editor at 1280 px, and the entries the build-failure e-mail links to', async ({
  page,
  context,
  baseURL,
  axe,
}) => {
  test.setTimeout(60_000);
  const origin = new URL(baseURL ?? '').origin;
  const elsewhere: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).origin !== origin) elsewhere.push(request.url());
  });
  await offlineRepository(context, origin);
  const response = await page.goto('/admin');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toBe(ADMIN_CSP);
  expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', 'noindex, nofollow');
  const signIn = page.getByRole('button', { name: 'Work with Local Repository' });
  await expect(signIn).toBeVisible();
  await expect(page.getByRole('button', { name: /Sign In with .*GitHub/ })).toBeVisible();
  // The interface's own fonts (icons are a font) come from this site.
  expect(await page.evaluate(() => document.fonts.check('24px "Material Symbols Outlined"', 'edit'))).toBe(true);
  await axe();

  await seedRepository(page, repositoryFiles());
  await signIn.click();
  await page.getByText('Evolution D5 Maverick 4 Plus · Available · BGC-26014').click();
  await expect(page.getByRole('group', { name: '“\u2068Status\u2069” Field' }).getByRole('radio', { name: 'Available' })).toBeChecked();
  await page.screenshot({ path: join(ADMIN_TEST_DIR, 'unit-editor-1280.png') });
  // The links of the e-mail about a data mistake open the entry to fix.
  await page.goto(adminLink(origin, 'data/units/evo-d5-maverick-6-black.json'));
  await expect(page.getByRole('toolbar', { name: 'Primary' })).toContainText('Units on the lot › Evolution D5 Maverick 6');
  await expect(page.getByRole('group', { name: '“\u2068Name\u2069” Field' }).getByRole('textbox')).toHaveValue(/Evolution D5 Maverick 6/);
  await page.goto(adminLink(origin, 'data/dealer.json'));
  await expect(page.getByRole('toolbar', { name: 'Primary' })).toContainText('Dealer settings (phones, hours, links, store code)');
  // GitHub's status check, answered offline, is the only request to another host.
  expect(elsewhere.filter((url) => !url.startsWith('https://www.githubstatus.com/'))).toEqual([]);
});
