import { getStore, type Store as Blobs } from '@netlify/blobs';
import { z } from 'zod';
import { LEAD_INTERESTS } from '../../../src/lib/leads/contact-link.ts';
import { stores } from '../../../src/lib/data/stores.ts';
import { httpsUrl } from '../../../src/lib/settings/read.ts';

/**
 * The staff's devices that take push notifications (docs/product.md §Inbox on a phone,
 * docs/decisions/inbox-push.md), in a Netlify Blobs store of their own, one record a device:
 *
 *   devices/<hash of the endpoint>   the subscription, the login that saved it, the hash of the
 *                                    sign-in token it was saved with, the stores and departments
 *                                    it wants, when it was saved and last confirmed
 *
 * The endpoint and keys are the browser's (a push service address and the keys to encrypt for
 * it); no lead data is kept here.
 */

export const PUSH_BLOBS = 'inbox-push';
export const DEVICE_PREFIX = 'devices/';

export function pushBlobs(): Blobs {
  return getStore({ name: PUSH_BLOBS, consistency: 'strong' });
}

/** A device not confirmed by a signed-in inbox for this long stops getting notifications (its record goes). */
export const DEVICE_LAPSE_MS = 30 * 86_400_000;
/** The devices one login may have, and all of them together (a bound on every notification round). */
export const DEVICES_PER_LOGIN = 10;
export const DEVICES_MAX = 100;

const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url')
    .refine((value) => Buffer.from(value, 'base64url').length === bytes, `must be ${bytes} bytes`);

export const STORE_SLUGS = stores.map((store) => store.slug);

/** What the browser's PushSubscription.toJSON() gives, and what the device wants (default: everything the login may see). */
export const subscriptionSchema = z.object({
  subscription: z.object({
    endpoint: httpsUrl('must be the push service address the browser gave').pipe(z.string().max(1000)),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
  }),
  stores: z
    .array(z.enum(STORE_SLUGS as [string, ...string[]]))
    .max(50)
    .optional(),
  departments: z.array(z.enum(LEAD_INTERESTS)).max(20).optional(),
});

export type SubscriptionInput = z.infer<typeof subscriptionSchema>;

export const deviceSchema = z.object({
  endpoint: z.string(),
  keys: z.object({ p256dh: z.string(), auth: z.string() }),
  login: z.string(),
  tokenHash: z.string(),
  /** null: every store (and every store added later). */
  stores: z.array(z.string()).nullable(),
  /** null: every department. */
  departments: z.array(z.string()).nullable(),
  createdAt: z.string(),
  confirmedAt: z.string(),
});

export type Device = z.infer<typeof deviceSchema>;

/** A device's record key: a hash of its endpoint (the endpoint is a capability: it is not a key). */
export async function deviceKey(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`push-endpoint:${endpoint}`));
  return `${DEVICE_PREFIX}${Buffer.from(digest).toString('hex').slice(0, 40)}`;
}

/** Every device, with its key (records that no longer parse are left out). */
export async function allDevices(store: Blobs = pushBlobs()): Promise<{ key: string; device: Device }[]> {
  const { blobs } = await store.list({ prefix: DEVICE_PREFIX });
  const read = await Promise.all(
    blobs.map(async ({ key }) => {
      const parsed = deviceSchema.safeParse(await store.get(key, { type: 'json' }).catch(() => null));
      return parsed.success ? { key, device: parsed.data } : null;
    }),
  );
  return read.filter((entry) => entry !== null);
}

export type SaveResult = { ok: true; device: Device } | { ok: false; error: string };

/** Saves (or confirms again) a device's subscription for `login`. */
export async function saveDevice(
  input: SubscriptionInput,
  login: string,
  tokenHash: string,
  now = Date.now(),
  store: Blobs = pushBlobs(),
): Promise<SaveResult> {
  const key = await deviceKey(input.subscription.endpoint);
  const devices = await allDevices(store);
  const existing = devices.find((entry) => entry.key === key)?.device;
  if (!existing) {
    if (devices.filter((entry) => entry.device.login === login).length >= DEVICES_PER_LOGIN)
      return { ok: false, error: `A sign-in may have notifications on ${DEVICES_PER_LOGIN} devices at most: turn them off on one you no longer use.` };
    if (devices.length >= DEVICES_MAX) return { ok: false, error: `The inbox sends notifications to ${DEVICES_MAX} devices at most.` };
  }
  const at = new Date(now).toISOString();
  const device: Device = {
    endpoint: input.subscription.endpoint,
    keys: { p256dh: input.subscription.keys.p256dh, auth: input.subscription.keys.auth },
    login,
    tokenHash,
    stores: input.stores === undefined ? (existing && existing.login === login ? existing.stores : null) : [...new Set(input.stores)].sort(),
    departments:
      input.departments === undefined ? (existing && existing.login === login ? existing.departments : null) : [...new Set(input.departments)].sort(),
    createdAt: existing?.createdAt ?? at,
    confirmedAt: at,
  };
  await store.setJSON(key, device);
  return { ok: true, device };
}

/** Removes a device by its endpoint; whether there was one. */
export async function removeDevice(endpoint: string, store: Blobs = pushBlobs()): Promise<boolean> {
  const key = await deviceKey(endpoint);
  const had = (await store.getMetadata(key).catch(() => null)) !== null;
  await store.delete(key);
  return had;
}

/** Removes every device saved with a sign-in GitHub no longer lets in (its token's hash); how many went. */
export async function removeDevicesOfToken(tokenHash: string, store: Blobs = pushBlobs()): Promise<number> {
  const gone = (await allDevices(store)).filter((entry) => entry.device.tokenHash === tokenHash);
  await Promise.all(gone.map((entry) => store.delete(entry.key)));
  return gone.length;
}

/** Whether a device wants a lead of this store and department. */
export function wants(device: Pick<Device, 'stores' | 'departments'>, lead: { store: string; department: string }): boolean {
  return (device.stores === null || device.stores.includes(lead.store)) && (device.departments === null || device.departments.includes(lead.department));
}
