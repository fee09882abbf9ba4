// The inbox page's own behaviour (src/inbox/, docs/operations.md §The dealer's inbox) where the
// real inbox would need more than a test can file: 26 leads for a second page, GitHub refusing a
// token. The inbox's API is answered in the browser (as in inbox-sign-in.spec.ts), in the shapes
// the functions answer with (functions/lib/inbox/api.ts); the page, its script and its sign-in
// are the built ones. What the functions answer is tested at the functions (tests/functions/inbox*.test.ts).
import type { Page } from '@playwright/test';
import type { LeadListAnswer } from '../../functions/lib/inbox/api.ts';
import { expect, test } from './fixtures.ts';

// These tests answer the inbox's API themselves (page.route): the inbox's service worker, which
// would send the list request past them, is kept out (tests/e2e/inbox-app.spec.ts tests it).
test.use({ serviceWorkers: 'block' });

const ADMIN_USER_KEY = 'sveltia-cms.user';

/** Signed in to the admin (Sveltia CMS) in this browser: the inbox uses the same token. */
async function signedInToTheAdmin(page: Page, token: string): Promise<void> {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [ADMIN_USER_KEY, JSON.stringify({ token })] as const);
}

/** A list of `total` leads, 25 a page, as GET /api/admin/leads answers for `page`. */
function listAnswer(total: number, page: number): LeadListAnswer {
  const pages = Math.max(1, Math.ceil(total / 25));
  const at = Date.UTC(2026, 10, 2, 15);
  const leads = Array.from({ length: Math.min(25, total - (page - 1) * 25) }, (_, i) => {
    const n = (page - 1) * 25 + i + 1;
    return {
      id: `lead-${String(n).padStart(4, '0')}`,
      at: at - n * 60_000,
      form: 'contact',
      department: 'sales',
      status: 'new' as const,
      name: `Visitor ${n}`,
      email: `v${n}@example.com`,
      phone: '(609) 555-0100',
      promise: 'on-time' as const,
    };
  });
  return { user: 'dealer-on-github', total, page, pages, leads, facets: { departments: ['sales'], forms: ['contact'], stores: [] }, responseTimes: [] };
}

test('the list turns its pages with the filters as typed, and its heading takes the focus', async ({ page, axe }) => {
  await signedInToTheAdmin(page, 'gho_admin-token');
  const asked: URLSearchParams[] = [];
  await page.route(
    (url) => url.pathname === '/api/admin/leads',
    (route) => {
      const query = new URL(route.request().url()).searchParams;
      asked.push(query);
      return route.fulfill({ json: listAnswer(30, Number(query.get('page'))), headers: { 'Cache-Control': 'no-store' } });
    },
  );

  await page.goto('/admin/leads');
  await expect(page.getByText('30 leads, newest first.')).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await expect(page.getByRole('link', { name: /^Visitor 1 New/ })).toHaveAttribute('href', '#/lead/lead-0001');
  await axe();

  // The department typed but not yet shown: the next page asks with it, as the form reads now.
  await page.getByLabel('Department').selectOption('sales');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Leads', exact: true })).toBeFocused();
  await expect(page.getByRole('link', { name: /^Visitor 26 New/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  expect(Object.fromEntries(asked.at(-1) ?? [])).toEqual({ department: 'sales', page: '2' });

  // Show starts again at the first page.
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  expect(Object.fromEntries(asked.at(-1) ?? [])).toEqual({ department: 'sales', page: '1' });
});

test('a token GitHub no longer lets in brings back the sign-in with the reason; signing out stops using the admin’s sign-in', async ({ page, pageErrors }) => {
  await signedInToTheAdmin(page, 'gho_admin-token');
  let refuse = true;
  await page.route(
    (url) => url.pathname === '/api/admin/leads',
    (route) =>
      refuse
        ? route.fulfill({ status: 401, json: { error: 'This GitHub account may not read the leads.' }, headers: { 'Cache-Control': 'no-store' } })
        : route.fulfill({ json: listAnswer(0, 1), headers: { 'Cache-Control': 'no-store' } }),
  );

  await page.goto('/admin/leads');
  await expect(page.getByRole('heading', { name: 'Sign in to read the leads' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('This GitHub account may not read the leads.');
  await expect(page.getByRole('navigation', { name: 'Inbox' })).toHaveCount(0);
  // The refusal is the one error the page may log.
  expect(pageErrors.every((error) => /status of 401/.test(error))).toBe(true);
  pageErrors.splice(0, pageErrors.length);

  // The admin's sign-in is let in again: a new tab uses it, until someone signs out there.
  refuse = false;
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await expect(page.getByText(/^Signed in as dealer-on-github$/)).toBeVisible();
  await expect(page.getByText('No leads match.')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('status')).toHaveText('Signed out.');
  await expect(page.getByRole('heading', { name: 'Sign in to read the leads' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in to read the leads' })).toBeVisible();
  await expect(page.getByText(/^Signed in as/)).toHaveCount(0);
});
