// The inbox as an app on a phone (docs/product.md §Inbox on a phone): its manifest and icons, the
// service worker scoped to the inbox, the list it keeps for offline use (answered with
// X-Inbox-Offline), a change tried offline that fails with a message and is never replayed. Real
// Chromium, offline by Playwright's context.setOffline. The notifications: inbox-push.spec.ts.
import { freshRateLimit, newVisitor } from './contact-leads.ts';
import { expect, test } from './fixtures.ts';

const LIST = '/api/admin/leads';

test('the manifest and icons are served as an installable app of the inbox', async ({ request }) => {
  const page = await (await request.get('/admin/leads')).text();
  expect(page).toContain('<link rel="manifest" href="/admin/inbox/manifest.webmanifest">');
  const manifest = await request.get('/admin/inbox/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toBe('application/manifest+json');
  const body = (await manifest.json()) as { start_url: string; scope: string; display: string; icons: { src: string; sizes: string; purpose: string }[] };
  expect(body).toMatchObject({ start_url: '/admin/leads', scope: '/admin/leads', display: 'standalone' });
  for (const icon of body.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }
  const worker = await request.get('/admin/leads-sw.js');
  expect(worker.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
});

test('offline, the inbox opens with the last list, marked with when it was loaded, and a change fails without being replayed', async ({
  page,
  context,
  request,
  pageErrors,
}, testInfo) => {
  test.setTimeout(60_000);
  await freshRateLimit();
  const visitor = newVisitor(`inbox-app-${testInfo.project.name}`);
  const filed = await request.post('/api/contact', { data: { ...visitor, interest: 'parts' } });
  const { id } = (await filed.json()) as { id: string };

  await page.goto('/admin/leads');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/admin/leads');
  // The worker takes the page it was installed from (clients.claim): the list it loads is kept.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.getByRole('button', { name: 'Sign in locally' }).click();
  await expect(page.getByRole('heading', { name: 'Leads', exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(async () => (await (await caches.open('inbox-list-v1')).match('/api/admin/leads')) !== undefined)).toBe(true);
  const loadedBefore = Date.now();

  await expect(page.getByText(/^Offline: showing the list as of/)).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Leads', exact: true })).toBeVisible();
  await expect(page.getByText(`${visitor.firstName} ${visitor.lastName}`).first()).toBeVisible();
  await expect(page.getByText(/^Offline: showing the list as of .+\. Nothing can be changed until the device is back online\.$/)).toBeVisible();
  const offline = await page.evaluate(async (path) => {
    const response = await fetch(path, { headers: { Authorization: 'Bearer local-sign-in' } });
    return { status: response.status, header: response.headers.get('X-Inbox-Offline') };
  }, LIST);
  expect(offline.status).toBe(200);
  expect(Date.parse(offline.header ?? '')).toBeLessThanOrEqual(loadedBefore);

  const change = await page.evaluate(async (path) => {
    const response = await fetch(path, {
      method: 'POST',
      headers: { Authorization: 'Bearer local-sign-in', 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'status', status: 'contacted' }),
    });
    return { status: response.status, body: (await response.json()) as { error?: string } };
  }, `${LIST}/${id}`);
  expect(change).toEqual({ status: 503, body: { error: 'You are offline: the change was not made. Try again once you are back online.' } });
  // The refused change is the one error the page may log.
  const refused = (error: string) => error.includes(`503 () (${new URL(page.url()).origin}${LIST}/${id})`);
  await expect.poll(() => pageErrors.some(refused)).toBe(true);
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !refused(error)));

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Leads', exact: true })).toBeVisible();
  await expect(page.getByText(`${visitor.firstName} ${visitor.lastName}`).first()).toBeVisible();
  await expect(page.getByText(/^Offline: showing the list as of/)).toHaveCount(0);
  const lead = await page.evaluate(async (path) => (await fetch(path, { headers: { Authorization: 'Bearer local-sign-in' } })).json(), `${LIST}/${id}`);
  expect(lead).toMatchObject({ handling: { status: 'new' } });
});
