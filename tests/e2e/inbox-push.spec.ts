// A push message on a staff device (docs/product.md §Inbox on a phone): the inbox's service worker
// shows it as a notification with the lead's address, delivered through DevTools as a push
// service would. The full browser: the headless shell denies the notification permission whatever is granted.
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';
import { expect, test } from './fixtures.ts';

test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS } });

test('a push message shows the lead’s notification, which opens the inbox at that lead', async ({ page, context, browserName, baseURL, allowNotFound }) => {
  test.skip(browserName !== 'chromium', 'DevTools delivers the push message');
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
