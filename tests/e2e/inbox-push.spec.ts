// A push message on a staff device (docs/product.md §Inbox on a phone): the inbox's service worker
// shows it as a notification with the lead's address, delivered through DevTools as a push
// service would. The full browser: the headless shell denies the notification permission whatever is granted.
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';
import { expect, test } from './fixtures.ts';

test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS } });

test('a push message shows the lead’s notification, which opens the inbox at that lead', async ({ page, context, baseURL, allowNotFound }) => {
  // The full browser asks for /favicon.ico, which the inbox page does not name.
  allowNotFound('/favicon.ico');
  await context.grantPermissions(['notifications'], { origin: new URL(baseURL ?? '').origin });
  await page.goto('/admin/leads');
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const inbox = registrations.find((registration) => new URL(registration.scopeURL).pathname === '/admin/leads' && !registration.isDeleted);
      if (inbox) resolve(inbox.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registered;
  const origin = new URL(page.url()).origin;
  const message = {
    title: 'Trade-in: Jane D.',
    body: 'New lead for Sales. Open the inbox to answer it.',
    url: '/admin/leads#/lead/abc12345-0000',
    tag: 'lead-abc12345-0000',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(message) });
  const shown = async () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })),
    );
  await expect.poll(shown).toEqual([{ title: message.title, body: message.body, tag: message.tag, data: { url: message.url } }]);
});

test('a signed-in device has the notifications switch; where the site has no VAPID keys, turning it on says so and it stays off', async ({
  page,
  context,
  baseURL,
  allowNotFound,
}) => {
  allowNotFound('/favicon.ico');
  await context.grantPermissions(['notifications'], { origin: new URL(baseURL ?? '').origin });
  await page.goto('/admin/leads');
  await expect(page.getByRole('button', { name: 'Notify me of new leads' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign in locally' }).click();
  const toggle = page.getByRole('button', { name: 'Notify me of new leads' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  // The served site of the tests has no VAPID keys (.env.example): push is off, as on a site not yet set up.
  await toggle.click();
  await expect(page.getByRole('status')).toHaveText('Notifications are not set up on this site yet.');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null)).toBe(true);
});
