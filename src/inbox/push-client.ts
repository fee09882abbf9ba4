import { INBOX_SCOPE, INBOX_WORKER } from '../lib/inbox/app-manifest.ts';
import { api, token as storedToken } from './session.ts';

/**
 * The inbox on a phone, for the page's script (docs/product.md §Inbox on a phone): registers the
 * inbox's service worker (public/admin/leads-sw.js), turns this device's notifications on and off
 * through /api/admin/push, and reads whether a list answer is the copy kept for offline use.
 * Every call that asks the API takes the sign-in's token; without one it is the token the inbox
 * keeps (src/inbox/session.ts: this tab's own, else the admin's).
 *
 * Wiring (docs/product.md §Inbox on a phone):
 * - after each sign-in, when `pushState()` is 'on', call `turnPushOn(token)` again: it asks no
 *   question (the permission is granted) and confirms the device, which lapses after 30 days
 *   without one (a new subscription the browser made meanwhile is saved the same way);
 * - signing out: `turnPushOff(token)` before the token is dropped, then `forgetOfflineList()`;
 * - a list answer: `offlineSince(response)` non-null means "offline: showing the list as of <time>".
 */

export type PushSupport = 'unsupported' | 'denied' | 'available';
export type PushState = 'on' | 'off' | 'unsupported' | 'denied';

/** The header the worker answers the list with when it is offline: when that list was loaded. */
export const OFFLINE_HEADER = 'X-Inbox-Offline';
const PUSH_API = '/api/admin/push';

/** Whether this browser can take the inbox's notifications, and whether the person has blocked them. */
export function pushSupport(): PushSupport {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return 'unsupported';
  if (typeof window === 'undefined' || !('PushManager' in window) || typeof Notification === 'undefined') return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'available';
}

/** Registers the inbox's worker (once per page load is enough; the browser keeps it). Never throws. */
export async function registerInboxWorker(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  await navigator.serviceWorker.register(INBOX_WORKER, { scope: INBOX_SCOPE, updateViaCache: 'none' }).catch(() => undefined);
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration(INBOX_SCOPE);
}

/** Whether this device gets notifications now. */
export async function pushState(): Promise<PushState> {
  const support = pushSupport();
  if (support !== 'available') return support;
  const subscription = await (await registration())?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Asks for permission, subscribes with the site's public key and saves the device. Throws an Error whose message the page can show. */
export async function turnPushOn(token: string | null = storedToken()): Promise<void> {
  const support = pushSupport();
  if (support === 'unsupported')
    throw new Error('This browser cannot show notifications from the inbox. On an iPhone, add the inbox to the home screen first.');
  if (support === 'denied') throw new Error('Notifications are blocked for this site: allow them in the browser’s settings, then try again.');
  if ((await Notification.requestPermission()) !== 'granted') throw new Error('Notifications were not allowed, so they stay off.');
  await registerInboxWorker();
  const worker = (await registration()) ?? (await navigator.serviceWorker.ready);
  const key = await api<{ on: boolean; publicKey?: string; reason?: string }>(PUSH_API, undefined, { token });
  if (!key.on || !key.publicKey) throw new Error('Notifications are not set up on this site yet.');
  const existing = await worker.pushManager.getSubscription();
  const subscription = existing ?? (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key.publicKey) }));
  try {
    await api(PUSH_API, { subscription: subscription.toJSON() }, { token });
  } catch (error) {
    if (!existing) await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
}

/** Unsubscribes this device and removes it from the site (when the site cannot be reached, its push service forgets it and the site follows at the next lead). */
export async function turnPushOff(token: string | null = storedToken()): Promise<void> {
  if (pushSupport() === 'unsupported') return;
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return;
  await api(PUSH_API, { endpoint: subscription.endpoint }, { method: 'DELETE', token }).catch(() => undefined);
  await subscription.unsubscribe();
}

/** Drops the list kept for offline use (signing out). */
export async function forgetOfflineList(): Promise<void> {
  const worker = (await registration())?.active;
  worker?.postMessage({ type: 'forget' });
}

/** When a list answer was loaded, if it is the copy the worker kept because the device is offline; null for a fresh answer. */
export function offlineSince(response: Response): Date | null {
  const value = response.headers.get(OFFLINE_HEADER);
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** A base64url VAPID public key as the bytes PushManager.subscribe takes. */
export function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(key.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
