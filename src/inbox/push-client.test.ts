import { afterEach, describe, expect, it, vi } from 'vitest';
import webPush from 'web-push';
import { inboxManifest, INBOX_ICONS, INBOX_SCOPE, INBOX_WORKER } from '../lib/inbox/app-manifest.ts';
import { keyBytes, offlineSince, OFFLINE_HEADER, pushState, pushSupport } from './push-client.ts';

/** What the inbox's client module decides without a browser (the e2e tests run it in Chromium). */

afterEach(() => vi.unstubAllGlobals());

function browser(permission: NotificationPermission | null, { serviceWorker = true, pushManager = true } = {}) {
  vi.stubGlobal('navigator', serviceWorker ? { serviceWorker: { getRegistration: async () => undefined } } : {});
  vi.stubGlobal('window', pushManager ? { PushManager: class {} } : {});
  if (permission) vi.stubGlobal('Notification', { permission });
}

describe('pushSupport and pushState', () => {
  it('say unsupported without a service worker, PushManager or Notification, denied when blocked, available otherwise', async () => {
    browser('default', { serviceWorker: false });
    expect(pushSupport()).toBe('unsupported');
    browser('default', { pushManager: false });
    expect(pushSupport()).toBe('unsupported');
    browser('denied');
    expect(pushSupport()).toBe('denied');
    expect(await pushState()).toBe('denied');
    browser('granted');
    expect(pushSupport()).toBe('available');
    expect(await pushState()).toBe('off'); // no worker registered, no subscription
  });
});

describe('offlineSince', () => {
  it('reads when the kept list was loaded from the worker’s header, and null for a fresh answer or a broken header', () => {
    const at = '2026-06-01T14:05:00.000Z';
    expect(offlineSince(new Response('{}', { headers: { [OFFLINE_HEADER]: at } }))?.toISOString()).toBe(at);
    expect(offlineSince(new Response('{}'))).toBeNull();
    expect(offlineSince(new Response('{}', { headers: { [OFFLINE_HEADER]: 'yesterday-ish' } }))).toBeNull();
  });
});

describe('keyBytes', () => {
  it('turns the VAPID public key web-push prints into the 65 bytes of an uncompressed P-256 point', () => {
    const { publicKey } = webPush.generateVAPIDKeys();
    const bytes = keyBytes(publicKey);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(Buffer.from(bytes).toString('base64url')).toBe(publicKey);
  });
});

describe('the inbox manifest', () => {
  it('opens the inbox standalone in its own scope, with 192 and 512 icons and a maskable one, the worker within that scope', () => {
    const manifest = inboxManifest('Burlington Golf Carts');
    expect(manifest).toMatchObject({ start_url: '/admin/leads', scope: '/admin/leads', display: 'standalone', short_name: 'Leads' });
    expect(INBOX_ICONS.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    // A worker may take a scope under its own folder without Service-Worker-Allowed.
    expect(INBOX_SCOPE.startsWith(INBOX_WORKER.slice(0, INBOX_WORKER.lastIndexOf('/') + 1))).toBe(true);
  });
});
