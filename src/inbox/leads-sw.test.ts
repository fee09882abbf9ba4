import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

// The inbox's service worker (public/admin/leads-sw.js, docs/product.md §Inbox on a phone): a tap
// on a new lead's notification opens the inbox at that lead. The worker's own file runs here in
// a scope of its own, standing in for the browser's windows (Clients); tests/e2e/inbox-push.spec.ts
// shows the notification itself in Chromium.

const ORIGIN = 'https://dealer.example';
const WORKER = readFileSync(join(import.meta.dirname, '..', '..', 'public', 'admin', 'leads-sw.js'), 'utf8');

interface Window {
  url: string;
  focused: boolean;
  focus: () => Promise<Window>;
  navigate: (url: string) => Promise<Window>;
}

function windowAt(path: string): Window {
  const client: Window = {
    url: `${ORIGIN}${path}`,
    focused: false,
    focus: async () => ((client.focused = true), client),
    navigate: async (url) => ((client.url = url), client),
  };
  return client;
}

/** Taps a notification carrying `data` with these windows open; what was opened, and whether the notification closed. */
async function tap(data: unknown, windows: Window[]) {
  const listeners = new Map<string, (event: unknown) => void>();
  const opened: string[] = [];
  const scope = {
    location: new URL(`${ORIGIN}/admin/leads-sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    clients: {
      matchAll: async (options: unknown) => (expect(options).toEqual({ type: 'window', includeUncontrolled: true }), windows),
      openWindow: async (url: string) => (opened.push(url), null),
    },
  };
  runInNewContext(WORKER, { self: scope, URL, Response, caches: undefined });
  let closed = false;
  let done: Promise<unknown> = Promise.resolve();
  listeners.get('notificationclick')?.({ notification: { data, close: () => (closed = true) }, waitUntil: (promise: Promise<unknown>) => (done = promise) });
  await done;
  return { opened, closed };
}

describe('a tap on a new lead’s notification', () => {
  it('opens the inbox at that lead when no inbox is open', async () => {
    const elsewhere = windowAt('/inventory');
    expect(await tap({ url: '/admin/leads#/lead/abc12345-0000' }, [elsewhere])).toEqual({
      opened: [`${ORIGIN}/admin/leads#/lead/abc12345-0000`],
      closed: true,
    });
    expect(elsewhere).toMatchObject({ url: `${ORIGIN}/inventory`, focused: false });
  });

  it('brings the open inbox forward at that lead instead of opening another', async () => {
    const inbox = windowAt('/admin/leads#/');
    expect(await tap({ url: '/admin/leads#/lead/abc12345-0000' }, [windowAt('/'), inbox])).toEqual({ opened: [], closed: true });
    expect(inbox).toMatchObject({ url: `${ORIGIN}/admin/leads#/lead/abc12345-0000`, focused: true });
  });

  it('opens the inbox’s list when the notification names no lead', async () => {
    expect(await tap(undefined, [])).toEqual({ opened: [`${ORIGIN}/admin/leads`], closed: true });
  });
});
