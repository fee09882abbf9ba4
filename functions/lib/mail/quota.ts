import { mailQuota, otherMailLimits, type MailQuota } from '../../../src/lib/settings/mail.ts';
import { mailLogBlobs, recipientsOf, utcDay } from './log.ts';
import { countedPlaceNumber, giveBack, takeCounted } from '../http/rate-limit.ts';
import { stamp } from '../leads/blobs.ts';

/**
 * One quota for every e-mail the site sends (docs/operations.md §What the site costs to run):
 * the provider's plan counts every recipient of every message, leads, receipts, alerts and the
 * dealer's notices alike. Leads keep a reserve: everything else goes out only while the day's
 * and the month's counts (lib/mail/log.ts) leave it untouched, so a busy day of alerts never
 * stops a lead. Leads themselves are never held by the site (the provider's own limit is the
 * last word, and a refused lead stays pending and is tried again). Every e-mail takes its places
 * before it goes (lib/mail/mailer.ts, sendMail), so senders racing cannot take more than the room.
 *
 * Settings (src/lib/settings/mail.ts; defaults: Resend's Free plan, 100 a day and 3,000 a month):
 *   MAIL_DAILY_LIMIT, MAIL_MONTHLY_LIMIT      what the provider's plan sends
 *   MAIL_LEAD_RESERVE_DAILY, …_MONTHLY        what is kept for leads (40 and 1,000)
 */

/** Where an e-mail may take its places: `always` (a lead, never held), or within a room of the day and the month. */
export type MailRoom = 'always' | { daily: number; monthly: number };

/** The room of receipts and the dealer's notices: the plan less the leads' reserve. */
export function otherMailRoom(quota: MailQuota = mailQuota()): { daily: number; monthly: number } {
  return otherMailLimits(quota);
}

/** Places taken in the day's count, or which count is full (then nothing was taken). */
export type QuotaTake = { ok: true; keys: string[] } | { ok: false; full: 'day' | 'month' };

/**
 * Counts an e-mail in today's count (UTC) before it goes (lib/mail/log.ts). One within a room
 * takes a numbered place for each recipient, atomically, only while the day's and the month's
 * counts, every kind of e-mail included, stay within the room, however many senders ask at once.
 * One never held (room `always`: a lead) writes one record of its recipients, and a count that
 * cannot be written never stops it. Outside Netlify (a script) there is no count to keep to, and
 * nothing is taken.
 */
export async function takeMailQuota(recipients: number, room: MailRoom, now = Date.now()): Promise<QuotaTake> {
  const n = Math.max(1, Math.floor(recipients));
  try {
    const store = mailLogBlobs();
    const day = utcDay(now);
    const prefix = `sent/${day}/`;
    if (room === 'always') {
      // Never held: one record of its recipients, written before it goes, seen by every taker after.
      const key = `${prefix}${stamp(now)}-${n}-${crypto.randomUUID().slice(0, 8)}`;
      await store.set(key, '');
      return { ok: true, keys: [key] };
    }
    // Earlier days of the month are closed: the month's room left today is fixed, and today's
    // places may go up to the smaller of the two rooms, less what today's records of e-mails
    // never held (and of the older shape) count.
    const { blobs } = await store.list({ prefix: `sent/${day.slice(0, 7)}` });
    let earlier = 0;
    let older = 0;
    for (const { key } of blobs) {
      if (!key.startsWith(prefix)) earlier += recipientsOf(key);
      else if (countedPlaceNumber(key, prefix) === null) older += recipientsOf(key);
    }
    const dayRoom = room.daily - older;
    const monthRoom = room.monthly - earlier - older;
    const keys = await takeCounted(store, prefix, n, Math.min(dayRoom, monthRoom));
    return keys ? { ok: true, keys } : { ok: false, full: monthRoom <= dayRoom ? 'month' : 'day' };
  } catch (error) {
    if (error instanceof Error && error.name === 'MissingBlobsEnvironmentError') return { ok: true, keys: [] };
    if (room !== 'always') throw error;
    console.warn(`[mail] Could not count an e-mail: ${error instanceof Error ? error.message : 'unknown error'}`);
    return { ok: true, keys: [] };
  }
}

/** Gives the places of an e-mail that did not go back to the day's count. */
export async function giveBackMailQuota(take: QuotaTake): Promise<void> {
  if (!take.ok || take.keys.length === 0) return;
  try {
    await giveBack(mailLogBlobs(), take.keys);
  } catch (error) {
    console.warn(`[mail] Could not give back an e-mail's count: ${error instanceof Error ? error.message : 'unknown error'}`);
  }
}
