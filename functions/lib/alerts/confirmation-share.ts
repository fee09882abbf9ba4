import type { Store as Blobs } from '@netlify/blobs';
import { utcDay } from '../mail/log.ts';
import { countedPlaceNumber, giveBack, takeCounted } from '../http/rate-limit.ts';

/**
 * Confirmation e-mails have a share of their own of the day's alert mail (docs/product.md
 * §Alerts): anyone can ask for an alert, so requests must not be able to spend what confirmed
 * alerts need. At most a fifth of the daily alert quota (ALERTS_DAILY_QUOTA) goes to
 * confirmations; past it they wait for the next day (the request stays valid for its days),
 * and the rest of the quota stays for alerts. Leads are never held by the alert quota.
 *
 *   confirmations-sent/<YYYY-MM-DD>/place-<n>   one place per confirmation (UTC day, n below the share)
 *
 * A confirmation takes its place before it goes, as the rate limit's places are taken
 * (lib/rate-limit.ts, takeCounted), and gives it back when it does not go: however many requests
 * arrive at once, no more than the share is sent. (Records of the older shape,
 * confirmations-sent/<day>/<time>-<random>, written once a confirmation had gone, still count.)
 */
export const CONFIRMATION_SHARE = 0.2;

const prefix = (now: number) => `confirmations-sent/${utcDay(now)}/`;

/** Confirmations a day may send, for a daily alert quota. */
export function confirmationCap(dailyQuota: number): number {
  return Math.max(1, Math.floor(dailyQuota * CONFIRMATION_SHARE));
}

/** Takes a place in today's share: its key, or null when the share is spent. */
export async function takeConfirmationPlace(store: Blobs, dailyQuota: number, now = Date.now()): Promise<string | null> {
  const day = prefix(now);
  const { blobs } = await store.list({ prefix: day });
  const older = blobs.filter((blob) => countedPlaceNumber(blob.key, day) === null).length;
  const [key] = (await takeCounted(store, day, 1, confirmationCap(dailyQuota) - older)) ?? [];
  return key ?? null;
}

/** Gives a place back: its confirmation did not go. */
export async function giveBackConfirmationPlace(store: Blobs, key: string): Promise<void> {
  await giveBack(store, [key]);
}

/** Deletes the counts of days before today; answers how many went. */
export async function pruneConfirmationCounts(store: Blobs, now = Date.now()): Promise<number> {
  const { blobs } = await store.list({ prefix: 'confirmations-sent/' });
  const old = blobs.filter((blob) => !blob.key.startsWith(prefix(now)));
  await Promise.all(old.map((blob) => store.delete(blob.key)));
  return old.length;
}
