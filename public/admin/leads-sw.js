// @ts-check
/// <reference lib="webworker" />
/**
 * The inbox's service worker (docs/product.md §Inbox on a phone, docs/decisions/inbox-push.md),
 * scoped to /admin/leads and registered by src/inbox/push-client.ts. Plain JavaScript served as
 * it is (public/), so the file the browser checks for updates is this one.
 *
 * - The shell: the page, the files it loads (/_astro/…) and the icons are kept, so the inbox
 *   opens without a network.
 * - The list: the last list answer (GET /api/admin/leads) is kept; offline, the list request is
 *   answered from it with the header X-Inbox-Offline: <ISO time it was loaded>
 *   (push-client.ts offlineSince). A 401 drops it, and so does signing out ("forget" message).
 * - Changes are never kept or replayed: online, every other call to /api/admin/ goes to the network
 *   untouched; offline (navigator.onLine false) it is answered 503 at once, a change with a
 *   message saying it was not made.
 * - push: shows the notification (lib/push/notify.ts sends title, body, tag and the lead's
 *   address); notificationclick: focuses the inbox at that lead (#/lead/<id>) or opens it.
 */

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const VERSION = 'v1';
const SHELL = `inbox-shell-${VERSION}`;
const LIST = `inbox-list-${VERSION}`;
const PAGE = '/admin/leads';
const LIST_PATH = '/api/admin/leads';
const KEPT = ['/admin/inbox/manifest.webmanifest', '/admin/inbox/icon-192.png', '/admin/inbox/icon-512.png', '/admin/inbox/icon-maskable-512.png'];
const STORED_AT = 'X-Inbox-Stored-At';
const OFFLINE = 'X-Inbox-Offline';

/** @param {string} error @param {number} status */
const answer = (error, status = 503) =>
  new Response(JSON.stringify({ error }), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });

/** The files a page or script names: its scripts, styles and preloads, and a script's own imports ("./chunk.js"). @param {string} text @param {string} base */
const named = (text, base) =>
  [...text.matchAll(/(?:src|href)="(\/_astro\/[^"]+)"|["'](\.{1,2}\/[\w.-]+\.js|\/_astro\/[\w.-]+\.(?:js|css))["']/g)].map(
    (match) => new URL(match[1] ?? match[2] ?? '', new URL(base, sw.location.origin)).pathname,
  );

/** The page and every file of its own it loads, followed through the scripts' imports. */
async function keepShell() {
  const cache = await caches.open(SHELL);
  const page = await fetch(PAGE, { cache: 'no-cache' });
  if (!page.ok) return;
  const files = new Set(named(await page.clone().text(), PAGE).filter((path) => path.startsWith('/_astro/')));
  await cache.put(PAGE, page);
  for (const path of files) {
    const response = await fetch(path);
    if (!response.ok) continue;
    if (path.endsWith('.js')) for (const next of named(await response.clone().text(), path)) if (next.startsWith('/_astro/')) files.add(next);
    await cache.put(path, response);
  }
  await cache.addAll(KEPT);
}

sw.addEventListener('install', (event) => {
  event.waitUntil(keepShell().then(() => sw.skipWaiting()));
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('inbox-') && name !== SHELL && name !== LIST).map((name) => caches.delete(name))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener('message', (event) => {
  if (event.data?.type === 'forget') event.waitUntil(caches.delete(LIST));
});

/** The list: from the network, kept; offline, the kept one marked with when it was loaded. @param {Request} request */
async function list(request) {
  try {
    const response = await fetch(request);
    if (response.status === 401) await caches.delete(LIST);
    if (response.ok) {
      const headers = new Headers(response.headers);
      headers.set(STORED_AT, new Date().toISOString());
      const body = await response.clone().arrayBuffer();
      await (await caches.open(LIST)).put(LIST_PATH, new Response(body, { status: 200, headers }));
    }
    return response;
  } catch {
    const kept = await (await caches.open(LIST)).match(LIST_PATH);
    if (!kept) return answer('You are offline, and this device has no copy of the list yet.');
    const headers = new Headers(kept.headers);
    headers.set(OFFLINE, headers.get(STORED_AT) ?? new Date(0).toISOString());
    return new Response(kept.body, { status: 200, headers });
  }
}

/** The page: from the network, kept; offline, the kept one. @param {Request} request */
async function page(request) {
  const cache = await caches.open(SHELL);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(PAGE, response.clone());
    return response;
  } catch {
    return (await cache.match(PAGE)) ?? answer('You are offline.');
  }
}

/** The page's own files: named by their content, so a kept one is never stale. @param {Request} request */
async function file(request) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (url.pathname.startsWith('/api/admin/') && !(request.method === 'GET' && url.pathname === LIST_PATH)) {
    // Online, the call goes to the network as if there were no worker. Offline it fails at once and
    // says so: a change is never kept or replayed, and nothing but the list is kept.
    if (!sw.navigator.onLine)
      event.respondWith(
        answer(request.method === 'GET' ? 'You are offline: this is not kept on this device.' : 'You are offline: the change was not made. Try again once you are back online.'),
      );
    return;
  }
  if (request.method !== 'GET') return;
  if (url.pathname === LIST_PATH) event.respondWith(list(request));
  else if (request.mode === 'navigate' && (url.pathname === PAGE || url.pathname === `${PAGE}.html`)) event.respondWith(page(request));
  else if (url.pathname.startsWith('/_astro/') || KEPT.includes(url.pathname)) event.respondWith(file(request));
});

/** A push message's JSON (lib/push/notify.ts PushMessage); anything else shows as a bare "New lead".
 * @param {PushMessageData | null} data @returns {{ title?: string; body?: string; url?: string; tag?: string }} */
function pushed(data) {
  try {
    return data?.json() ?? {};
  } catch {
    return {};
  }
}

sw.addEventListener('push', (event) => {
  const message = pushed(event.data);
  const url = typeof message.url === 'string' && message.url.startsWith(`${PAGE}#`) ? message.url : PAGE;
  event.waitUntil(
    sw.registration.showNotification(message.title || 'New lead', {
      body: message.body ?? '',
      tag: message.tag,
      data: { url },
      icon: '/admin/inbox/icon-192.png',
      badge: '/admin/inbox/icon-192.png',
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? PAGE, sw.location.origin).href;
  event.waitUntil(
    sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const inbox = windows.find((client) => new URL(client.url).pathname === PAGE);
      if (!inbox) return void (await sw.clients.openWindow(target));
      await inbox.focus();
      if (inbox.url !== target) await inbox.navigate(target).catch(() => undefined);
    }),
  );
});
