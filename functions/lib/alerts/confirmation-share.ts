import type { Store as Blobs } from '@netlify/blobs';
import { utcDay } from '../mail/log.ts';
import { stamp } from '../leads/blobs.ts';

/**
 * Confirmation e-mails have a share of their own of the day's alert mail (docs/product.md
 * §Alerts): anyone can ask for an alert, so requests must not be able to spend what confirmed
 * alerts need. At most a fifth of the daily alert quota (ALERTS_DAILY_QUOTA) goes to
 * confirmations; past it they wait for the next day (the request stays valid for its days),
 * and the rest of the quota stays for alerts. Leads are never held by the alert quota.
 *
 *   confirmations-sent/<YYYY-MM-DD>/<time>-<random>   one empty record per confirmation sent (UTC day)
 */
export const CONFIRMATION_SHARE = 0.2;

const prefix = (now: number) => `confirmations-sent/${utcDay(now)}/`;

/** Confirmations a day may send, for a daily alert quota. */
export function confirmationCap(dailyQuota: number): number {
  return Math.max(1, Math.floor(dailyQuota * CONFIRMATION_SHARE));
}

/** Whether another confirmation fits in today's share. */
export async function confirmationRoom(store: Blobs, dailyQuota: number, now = Date.now()): Promise<boolean> {
  const { blobs } = await store.list({ prefix: prefix(now) });
  return blobs.length < confirmationCap(dailyQuota);
}

export async function countConfirmation(store: Blobs, now = Date.now()): Promise<void> {
  await store.set(`${prefix(now)}${stamp(now)}-${crypto.randomUUID().slice(0, 8)}`, '');
}

/** Deletes the counts of days before today; answers how many went. */
export async function pruneConfirmationCounts(store: Blobs, now = Date.now()): Promise<number> {
  const { blobs } = await store.list({ prefix: 'confirmations-sent/' });
  const old = blobs.filter((blob) => !blob.key.startsWith(prefix(now)));
  await Promise.all(old.map((blob) => store.delete(blob.key)));
  return old.length;
}
