import { getStore, type Store as Blobs } from '@netlify/blobs';

/**
 * One count of every e-mail the site sends (leads, receipts, confirmations, alerts, the dealer's
 * notices), kept in Netlify Blobs, for the one e-mail quota (lib/mail-quota.ts, docs/product.md
 * §Alerts). The provider counts each recipient. No addresses are kept, only small records, each
 * written before its e-mail goes and deleted when it does not go (UTC day):
 *
 *   sent/<YYYY-MM-DD>/place-<n>                         one recipient of an e-mail kept within a room,
 *                                                       a numbered place taken as the rate limit's are
 *                                                       (lib/rate-limit.ts, takeCounted)
 *   sent/<YYYY-MM-DD>/<time>-<recipients>-<random>      an e-mail never held (a lead), its recipients
 *                                                       (older deploys wrote one for every e-mail, once sent)
 *
 * Counting a day or a month is one listing.
 */
export const MAIL_LOG_BLOBS = 'mail-log';

export function mailLogBlobs(): Blobs {
  return getStore({ name: MAIL_LOG_BLOBS, consistency: 'strong' });
}

/** "2025-06-02" (UTC). */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

export interface SentTotals {
  today: number;
  month: number;
}

/** Recipients a record counts: one for a place, the number its key names for any other. */
export function recipientsOf(key: string): number {
  const name = key.split('/').pop() ?? '';
  if (name.startsWith('place-')) return 1;
  const count = Number(name.split('-')[1]);
  return Number.isFinite(count) && count > 0 ? count : 1;
}

/** E-mails (recipients) sent today and this month, UTC. */
export async function sentTotals(store: Blobs, now = Date.now()): Promise<SentTotals> {
  const day = utcDay(now);
  const { blobs } = await store.list({ prefix: `sent/${day.slice(0, 7)}` });
  let today = 0;
  let month = 0;
  for (const { key } of blobs) {
    const n = recipientsOf(key);
    month += n;
    if (key.startsWith(`sent/${day}/`)) today += n;
  }
  return { today, month };
}

/** Deletes the counts of months before the previous one; answers how many records went. */
export async function pruneMailLog(store: Blobs, now = Date.now()): Promise<number> {
  const date = new Date(now);
  const keep = utcDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1)).slice(0, 7);
  const { blobs } = await store.list({ prefix: 'sent/' });
  const old = blobs.filter(({ key }) => key.slice('sent/'.length, 'sent/'.length + 7) < keep);
  await Promise.all(old.map(({ key }) => store.delete(key)));
  return old.length;
}
