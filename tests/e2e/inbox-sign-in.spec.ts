// The inbox's "Sign in with GitHub" (src/inbox/sign-in.ts): Netlify's OAuth window, as Sveltia CMS
// and Decap use it. The window's page at https://api.netlify.com/auth is a stand-in the browser
// serves itself (a route of this browser context: no request leaves the machine) and speaks the
// provider's protocol: it posts "authorizing:github" to its opener, waits for the opener to echo
// it, then posts "authorization:github:success:{"token":…,"provider":"github"}" (or ":error:…") to
// the origin that echoed. The inbox's API is answered in the browser too, after checking that the
// call carries the window's token: whether GitHub lets that token in is the function's part
// (tests/functions/inbox.test.ts, against a stand-in of GitHub's API).
import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// These tests answer the inbox's API themselves (page.route): the inbox's service worker, which
// would send the list request past them, is kept out (tests/e2e/inbox-app.spec.ts tests it).
test.use({ serviceWorkers: 'block' });

const NETLIFY_AUTH = 'https://api.netlify.com';

/** Netlify's sign-in window, answering `outcome` once the opener has echoed its handshake. */
function standIn(outcome: 'success' | 'error'): string {
  const answer =
    outcome === 'success'
      ? `authorization:github:success:${JSON.stringify({ token: 'gho_popup-token', provider: 'github' })}`
      : `authorization:github:error:${JSON.stringify({ message: 'Access denied' })}`;
  return `<!doctype html><html lang="en"><title>Authorizing</title><p>Authorizing…</p><script>
    window.addEventListener('message', (event) => {
      if (event.data !== 'authorizing:github') return;
      window.opener.postMessage(${JSON.stringify(answer)}, event.origin);
    });
    window.opener.postMessage('authorizing:github', '*');
  </script></html>`;
}

async function serveSignInWindow(context: BrowserContext, outcome: 'success' | 'error'): Promise<URL[]> {
  const asked: URL[] = [];
  await context.route(`${NETLIFY_AUTH}/**`, (route) => {
    asked.push(new URL(route.request().url()));
    return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: standIn(outcome) });
  });
  return asked;
}

test("Sign in with GitHub opens Netlify's sign-in window, and the inbox's calls carry the token it answers with", async ({ page, context }) => {
  const asked = await serveSignInWindow(context, 'success');
  const carried: (string | null)[] = [];
  await page.route(
    (url) => url.pathname === '/api/admin/leads',
    (route) => {
      carried.push(route.request().headers().authorization ?? null);
      return route.fulfill({
        json: { user: 'dealer-on-github', total: 0, page: 1, pages: 1, leads: [], facets: { departments: [], forms: [], stores: [] }, responseTimes: [] },
        headers: { 'Cache-Control': 'no-store' },
      });
    },
  );

  await page.goto('/admin/leads');
  await expect(page.getByRole('heading', { name: 'Sign in to read the leads' })).toBeVisible();
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
  const window = await popup;

  await expect(page.getByText(/^Signed in as dealer-on-github$/)).toBeVisible();
  await expect.poll(() => window.isClosed(), { message: 'the sign-in window closes' }).toBe(true);
  await expect(page.getByRole('heading', { name: 'Leads', exact: true })).toBeVisible();
  expect(carried.length).toBeGreaterThan(0);
  expect(new Set(carried)).toEqual(new Set(['Bearer gho_popup-token']));
  expect(asked).toHaveLength(1);
  expect(asked[0]?.pathname).toBe('/auth');
  expect(Object.fromEntries(asked[0]?.searchParams ?? [])).toEqual({ provider: 'github', site_id: new URL(page.url()).hostname, scope: 'repo' });
});

test('a sign-in window that answers with an error leaves the inbox signed out, with a reason', async ({ page, context }) => {
  await serveSignInWindow(context, 'error');
  let called = false;
  await page.route(
    (url) => url.pathname === '/api/admin/leads',
    (route) => {
      called = true;
      return route.abort();
    },
  );
  await page.goto('/admin/leads');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
  const window = await popup;
  await expect(page.getByText('GitHub did not sign you in. Try again.')).toBeVisible();
  await expect.poll(() => window.isClosed(), { message: 'the sign-in window closes' }).toBe(true);
  await expect(page.getByRole('heading', { name: 'Sign in to read the leads' })).toBeVisible();
  expect(called).toBe(false);
});
