import type { Store as Blobs } from '@netlify/blobs';
import webPush from 'web-push';
import { formLabel } from '../../../src/lib/inbox/labels.ts';
import { leadPath } from '../../../src/lib/inbox/lead-address.ts';
import { pushSettings, type VapidKeys } from '../../../src/lib/settings/push.ts';
import { takeToken } from '../http/rate-limit.ts';
import { interestLabel, type Lead } from '../leads/lead.ts';
import { storeOfLead } from '../stores/lead-store.ts';
import { severalStores } from '../../../src/lib/data/stores.ts';
import { allDevices, DEVICE_LAPSE_MS, pushBlobs, wants, type Device } from './devices.ts';

/**
 * Push notifications to the staff's devices (docs/product.md §Inbox on a phone,
 * docs/decisions/inbox-push.md). web-push builds each request (the VAPID header, the aes128gcm
 * body); it goes out with fetch, so a slow push service is cut off at PUSH_TIMEOUT_MS.
 *
 * What a notification says is lock-screen safe: the form and the person's first name and
 * initial, the department and store; never the message, the phone number or the e-mail address.
 * Its data is the lead's address in the inbox (#/lead/<id>), which the service worker opens.
 *
 * Push has a pace of its own, not the e-mail's (the push services are other services, with no
 * 2-a-second limit): at most PUSH_PACE.max notification rounds a minute across every function
 * instance, kept as the rate limit keeps its places (lib/http/rate-limit.ts) in the push store;
 * a round beyond it is not sent (the lead's e-mail and the inbox still carry it). Each round
 * goes to at most DEVICES_MAX devices, PUSH_PARALLEL at a time. Never a flood.
 */

export const PUSH_PACE = { max: 30, windowMs: 60_000 } as const;
export const PUSH_TIMEOUT_MS = 4_000;
export const PUSH_PARALLEL = 4;
/** A new lead's notification is worth showing for a day; a phone off longer sees it in the inbox. */
export const PUSH_TTL_SECONDS = 86_400;

export interface PushMessage {
  title: string;
  body: string;
  /** The inbox's address of the lead, "/admin/leads#/lead/<id>". */
  url: string;
  /** One notification per lead on a device: a reminder replaces the first. */
  tag: string;
}

export interface PushRound {
  devices: number;
  sent: number;
  /** Devices removed because their push service said they are gone (404, 410) or lapsed. */
  removed: number;
  failed: number;
  /** Why nothing went: push off, the pace spent, no device wants it. */
  skipped?: 'off' | 'paced' | 'no-device';
}

/** "Jane D.": the first name and the initial of the last, as a lock screen may show them. */
export function shortName(firstName: string, lastName: string): string {
  const first = firstName.trim().split(/\s+/)[0] ?? '';
  const initial = lastName.trim().charAt(0).toUpperCase();
  return [first, initial ? `${initial}.` : ''].filter(Boolean).join(' ') || 'A visitor';
}

/** Where the lead goes: its store and department, as devices choose them. */
export function leadTarget(lead: Pick<Lead, 'store' | 'inquiry'>): { store: string; department: string } {
  return { store: storeOfLead(lead).slug, department: lead.inquiry.interest };
}

function place(lead: Pick<Lead, 'store' | 'inquiry'>): string {
  const department = interestLabel(lead.inquiry.interest);
  return severalStores ? `${department} · ${storeOfLead(lead).name}` : department;
}

/** A new lead: "Trade-in: Jane D." / "New sales lead · Burlington". */
export function newLeadMessage(lead: Pick<Lead, 'id' | 'form' | 'store' | 'inquiry'>): PushMessage {
  return {
    title: `${formLabel(lead.form ?? 'contact')}: ${shortName(lead.inquiry.firstName, lead.inquiry.lastName)}`,
    body: `New lead for ${place(lead)}. Open the inbox to answer it.`,
    url: leadPath(lead.id),
    tag: `lead-${lead.id}`,
  };
}

/** The promise's reminder (lib/inbox/reminders.ts): the same lead, still new. */
export function reminderMessage(lead: Pick<Lead, 'id' | 'form' | 'store' | 'inquiry'>, hours: number): PushMessage {
  return {
    title: `Still new: ${formLabel(lead.form ?? 'contact')}: ${shortName(lead.inquiry.firstName, lead.inquiry.lastName)}`,
    body: `A ${place(lead)} lead has waited ${hours} business hours for an answer.`,
    url: leadPath(lead.id),
    tag: `lead-${lead.id}`,
  };
}

type Outcome = 'sent' | 'gone' | 'failed';

/** One device: the request web-push builds, sent with a timeout. 404 and 410: the subscription is gone. */
export async function sendToDevice(device: Pick<Device, 'endpoint' | 'keys'>, message: PushMessage, vapid: VapidKeys): Promise<Outcome> {
  let request;
  try {
    request = webPush.generateRequestDetails({ endpoint: device.endpoint, keys: device.keys }, JSON.stringify(message), {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    });
  } catch {
    return 'gone'; // keys the library cannot encrypt for: the subscription is no use
  }
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
  try {
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      redirect: 'error',
    });
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 404 || response.status === 410) return 'gone';
    return response.ok ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
}

export interface SendOptions {
  store?: Blobs;
  now?: number;
  /** The round's name in the shared pace (a lead's id, a reminder's). */
  round: string;
}

/** Sends `message` to every device that wants a lead of `target`, within the pace; removes the ones that are gone. */
export async function pushToDevices(target: { store: string; department: string }, message: PushMessage, options: SendOptions): Promise<PushRound> {
  const { vapid } = pushSettings();
  if (!vapid) return { devices: 0, sent: 0, removed: 0, failed: 0, skipped: 'off' };
  const store = options.store ?? pushBlobs();
  const now = options.now ?? Date.now();
  const all = await allDevices(store);
  const lapsed = all.filter((entry) => now - Date.parse(entry.device.confirmedAt) > DEVICE_LAPSE_MS);
  await Promise.all(lapsed.map((entry) => store.delete(entry.key)));
  const chosen = all.filter((entry) => !lapsed.includes(entry) && wants(entry.device, target));
  const round: PushRound = { devices: chosen.length, sent: 0, removed: lapsed.length, failed: 0 };
  if (chosen.length === 0) return { ...round, skipped: 'no-device' };
  const pace = await takeToken(store, 'push-pace', options.round, now, PUSH_PACE).catch(() => null);
  if (!pace?.allowed) return { ...round, skipped: 'paced' };
  const queue = [...chosen];
  const worker = async () => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      const outcome = await sendToDevice(entry.device, message, vapid);
      if (outcome === 'sent') round.sent++;
      else if (outcome === 'failed') round.failed++;
      else {
        await store.delete(entry.key).catch(() => undefined);
        round.removed++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUSH_PARALLEL, queue.length) }, worker));
  return round;
}

/** A new lead to the devices of its store and department. Test leads (npm run doctor) buzz nobody. */
export async function notifyNewLead(lead: Lead, options: Omit<SendOptions, 'round'> = {}): Promise<PushRound> {
  if (lead.test) return { devices: 0, sent: 0, removed: 0, failed: 0, skipped: 'no-device' };
  return pushToDevices(leadTarget(lead), newLeadMessage(lead), { ...options, round: lead.id });
}
