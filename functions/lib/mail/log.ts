import { getStore, type Store as Blobs } from '@netlify/blobs';
import { stamp } from '../leads/blobs.ts';

/**
 * One count of every e-mail the site sends (leads, receipts, confirmations, alerts), kept in
 * Netlify Blobs, for the alert quota (docs/product.md §Alerts). The provider counts each
 * recipient, so each message counts as many as its recipients. No addresses are kept: one empty
 * record per message, its key saying when and how many,
 *
 *   sent/<YYYY-MM-DD>/<time>-<recipients>-<random>     (UTC day)
 *
 * so counting a day or a month is one listing, and two senders never overwrite each other.
 */
export const MAIL_LOG_BLOBS = 'mail-log';

export function mailLogBlobs(): Blobs {
  return getStore({ name: MAIL_LOG_BLOBS, consistency: 'strong' });
}

/** "2025-06-02" (UTC). */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/**
 * Counts a message the provider accepted (lib/mail/mailer.ts calls this after each send). Never
 * throws: a count that cannot be written must not fail the e-mail. Without a Blobs context (a
 * script run outside Netlify) there is no site to count for, and nothing is written.
 */
export async function countSent(recipients: number, at = Date.now()): Promise<void> {
  try {
    const key = `sent/${utcDay(at)}/${stamp(at)}-${Math.max(1, Math.floor(recipients))}-${crypto.randomUUID().slice(0, 8)}`;
    await mailLogBlobs().set(key, '');
  } catch (error) {
    if (error instanceof Error && error.name === 'MissingBlobsEnvironmentError') return;
    console.warn(`[mail] Could not count a sent e-mail: ${error instanceof Error ? error.message : 'unknown error'}`);
  }
}

export interface SentTotals {
  today: number;
  month: number;
}

function recipientsOf(key: string): number {
  const count = Number(key.split('/').pop()?.split('-')[1]);
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
