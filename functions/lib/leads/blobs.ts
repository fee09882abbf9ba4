import { getStore, type Store as Blobs } from '@netlify/blobs';
import { settleMs } from '../../../src/lib/settings/mail.ts';
import { leadSchema, type Lead } from './lead.ts';

/**
 * Leads live in one site-wide Netlify Blobs store (they survive deploys), read and written
 * with strong consistency so the retry job sees a lead the moment it is stored.
 *
 *   leads/<id>                 the lead (JSON)
 *   received/<time>-<id>       marker: when the lead arrived (retention lists these, not the leads)
 *   pending/<time>-<id>        marker: the lead still has an e-mail to send (the retry job's
 *                              queue, oldest first; older deploys wrote pending/<id>)
 *   receipts/<address hash>    when the visitor's address last got a receipt (one a day)
 *   spam/<time>-<random>       one record per bot attempt (honeypot or too quick)
 *   rate/<client>/slot-<n>     a client's places in the rate limit (http/rate-limit.ts), and
 *   rate/<client>/full         the note a full window leaves: until when, and whose places
 *   photos/<id>/<n>            a visitor's photo of the lead (photos.ts, which also keeps the
 *                              uploads/ and staged/ entries of photos waiting for their lead)
 *   (the provider's pace and the day's e-mail count, shared by every sender, are kept in the
 *   mail log's store: mail/pacer.ts, mail/log.ts)
 *   inbox/…                    the dealer's inbox: each lead's handling and the list's index (inbox/);
 *                              filing and deleting a lead leave an inbox/touched/ marker for the index
 *
 * A double e-mail and conditional writes. Filing a lead (onlyIfNew) and claiming an attempt to
 * send it (onlyIfMatch with the ETag read just before, and a token of its own) decide every
 * race: of two senders (the requests that filed it, the retry job, a resend) that read the same
 * version, one write lands and only its sender sends. The client sends If-None-Match: * or
 * If-Match and the Blobs service applies the condition to the write itself (412 when it lost),
 * with the ETag of the last write, so the answer decides at once, whatever the machine's speed.
 * A refused claim is read back: a write can land and be answered 412 (the client retries a write
 * whose answer was lost), and then the lead carries the claimant's own token. Every try of a
 * message still carries the same idempotency key, and the provider keeps one message per key for
 * 24 hours.
 *
 * The local sandbox (`netlify serve`, @netlify/blobs/server) is weaker: it checks a condition and
 * writes with awaits in between, and derives an ETag from the file's modification time, so
 * writers racing for one key can all be told they won. There, copies of one submission racing
 * each other can each ask the provider, with the one idempotency key. The tests put the service's
 * guarantee in front of it (tests/support/blobs.ts). Only places (the rate limit's, the e-mail
 * count's: rate-limit.ts) and the provider's pace are still read back after a settling time.
 */
export const LEADS_BLOBS = 'leads';

export const keys = {
  lead: (id: string) => `leads/${id}`,
  received: (lead: Pick<Lead, 'id' | 'receivedAt'>) => `received/${stamp(timeOf(lead.receivedAt))}-${lead.id}`,
  pending: (lead: Pick<Lead, 'id' | 'receivedAt'>) => `pending/${stamp(timeOf(lead.receivedAt))}-${lead.id}`,
  legacyPending: (id: string) => `pending/${id}`,
  receipt: (addressHash: string) => `receipts/${addressHash}`,
  spam: (at: number) => `spam/${stamp(at)}-${crypto.randomUUID().slice(0, 8)}`,
  rate: (client: string) => `rate/${client}/`,
  /** The dealer's handling of a lead (inbox/handling.ts): deleted with the lead. */
  handling: (id: string) => `inbox/handling/${id}`,
  /** A change of the lead the inbox's index has yet to take in (inbox/summaries.ts): a key of its own per change. */
  touched: (lead: Pick<Lead, 'id' | 'receivedAt'>, at = Date.now()) =>
    `inbox/touched/${stamp(timeOf(lead.receivedAt))}-${stamp(at)}-${crypto.randomUUID().slice(0, 8)}-${lead.id}`,
} as const;

/** Milliseconds since 1970, zero-padded so that keys sort by time. */
export function stamp(at: number): string {
  return String(Math.max(0, Math.floor(at))).padStart(15, '0');
}

function timeOf(iso: string): number {
  const at = Date.parse(iso);
  return Number.isFinite(at) ? at : 0;
}

/** A marker key "prefix/<time>-<id>" → its time and id (null for another shape). */
export function parseMarker(key: string, prefix: string): { at: number; id: string } | null {
  const match = new RegExp(`^${prefix}/(\\d{15})-(.+)$`).exec(key);
  return match?.[1] && match[2] ? { at: Number(match[1]), id: match[2] } : null;
}

export function leadsBlobs(): Blobs {
  return getStore({ name: LEADS_BLOBS, consistency: 'strong' });
}

/**
 * A JSON entry with the ETag its next conditional write needs. Production answers a read with
 * the ETag; the local sandbox's server does not (only its listing carries ETags), and without
 * one a "conditional" write would silently be unconditional, so it is taken from the listing,
 * and the entry read again after it: a write landing in between then makes the ETag older than
 * the entry, and a write conditional on it is refused, never one on a version it did not read.
 */
export async function readJSON(store: Blobs, key: string): Promise<{ data: unknown; etag?: string } | null> {
  const entry = await store.getWithMetadata(key, { type: 'json' });
  if (!entry) return null;
  if (entry.etag) return { data: entry.data, etag: entry.etag };
  const etag = (await store.list({ prefix: key })).blobs.find((blob) => blob.key === key)?.etag || undefined;
  const again = await store.get(key, { type: 'json' });
  return again === null ? null : { data: again, etag };
}

export async function readLead(store: Blobs, id: string): Promise<{ lead: Lead; etag?: string } | null> {
  const entry = await readJSON(store, keys.lead(id));
  if (!entry) return null;
  const parsed = leadSchema.safeParse(entry.data);
  if (!parsed.success) throw new Error(`Stored lead ${id} does not match the lead schema`);
  return { lead: parsed.data, etag: entry.etag };
}

/**
 * Files a new lead: the pending, received and index (touched) markers first, then the lead only
 * if its key is new. A second submission with the same id (the same idempotency key) files
 * nothing and gets the first lead.
 *
 * One lead, one set of markers, whatever the burst: each marker names the arrival of the filing
 * that wrote it, so a filing that did not file the lead takes all of its own away again (the
 * touched one too: folded, it would put the lead in the month of an arrival that is not its
 * own). Where two filings can both land (the local sandbox), `keepOwnMarkers` tidies up after.
 */
export async function fileLead(store: Blobs, lead: Lead): Promise<{ created: true; markers: string[] } | { created: false; existing: Lead | null }> {
  const markers = [keys.pending(lead), keys.received(lead), keys.touched(lead)];
  await Promise.all([store.set(markers[0]!, lead.receivedAt), store.set(markers[1]!, ''), store.set(markers[2]!, '')]);
  const write = await store.setJSON(keys.lead(lead.id), lead, { onlyIfNew: true });
  if (write.modified) return { created: true, markers };
  const existing = await readLead(store, lead.id);
  // This attempt's markers go, unless they are the first lead's own (the same millisecond).
  if (existing && existing.lead.receivedAt !== lead.receivedAt) await Promise.all(markers.map((key) => store.delete(key)));
  if (existing?.lead.status === 'sent') await clearPending(store, existing.lead);
  return { created: false, existing: existing?.lead ?? null };
}

/**
 * After a filing that landed: when the lead now stored arrived at another time, another filing
 * of the same submission landed over this one (the local sandbox checks a condition and writes
 * with awaits in between, so both can be told they filed it), and this filing's markers go, so
 * the lead keeps those of its own arrival. Answers whether the stored lead is this filing's.
 */
export async function keepOwnMarkers(store: Blobs, lead: Lead, markers: readonly string[]): Promise<boolean> {
  const stored = await readLead(store, lead.id).catch(() => null);
  if (!stored || stored.lead.receivedAt === lead.receivedAt) return true;
  await Promise.all(markers.map((key) => store.delete(key)));
  return false;
}

/**
 * The newest lead that arrived since `since` (ms), or null when none did; `hasLeads` says whether
 * the store holds any lead at all (a new site has none yet). For /api/health's quiet-spell
 * alarm (HEALTH_NO_LEAD_DAYS): nothing is written when a lead is filed; the received/ markers are
 * listed by the leading digits of their time, newest first, so a window of N days costs at most
 * 11 small listings and a store with leads in it one or two.
 */
export async function newestLeadSince(store: Blobs, since: number, now: number): Promise<{ at: number | null; hasLeads: boolean }> {
  const digits = Math.max(0, Math.floor(Math.log10(Math.max(1, now - since))));
  const bucket = 10 ** digits;
  for (let index = Math.floor(now / bucket); index >= Math.floor(since / bucket); index--) {
    const prefix = `received/${stamp(index * bucket).slice(0, 15 - digits)}`;
    const { blobs } = await store.list({ prefix });
    const times = blobs.map((blob) => parseMarker(blob.key, 'received')?.at ?? 0).filter((at) => at >= since);
    if (times.length > 0) return { at: Math.max(...times), hasLeads: true };
  }
  for await (const page of store.list({ prefix: 'received/', paginate: true })) return { at: null, hasLeads: page.blobs.length > 0 };
  return { at: null, hasLeads: false };
}

/** Saves a changed lead unless someone else changed it since it was read (then: saved false). */
export async function saveLead(store: Blobs, lead: Lead, etag: string | undefined): Promise<{ saved: boolean; etag?: string }> {
  const write = await store.setJSON(keys.lead(lead.id), lead, etag ? { onlyIfMatch: etag } : {});
  if (!write.modified) return { saved: false };
  if (lead.status === 'sent') await clearPending(store, lead);
  return { saved: true, etag: write.etag };
}

/**
 * Deletes every pending marker of the lead: its own, and any that filings racing with it left
 * under another millisecond (the local sandbox lets two conditional writes both succeed).
 */
export async function clearPending(store: Blobs, lead: Pick<Lead, 'id' | 'receivedAt'>): Promise<void> {
  const { blobs } = await store.list({ prefix: 'pending/' });
  const others = blobs.filter((blob) => parseMarker(blob.key, 'pending')?.id === lead.id).map((blob) => blob.key);
  await Promise.all([...new Set([keys.pending(lead), keys.legacyPending(lead.id), ...others])].map((key) => store.delete(key)));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** After `waitMs` (at least the settling time), whether `key` still holds `token`. */
export async function confirmWrite(store: Blobs, key: string, token: string, waitMs = 0): Promise<boolean> {
  await sleep(Math.max(settleMs(), waitMs));
  return (await store.get(key, { type: 'text' })) === token;
}

export interface PendingEntry {
  key: string;
  id: string;
  /** When the lead arrived (ms); null for a marker of the older shape, until read. */
  at: number | null;
}

/** The leads that still have an e-mail to send, oldest first (older-shape markers first of all). */
export async function pendingEntries(store: Blobs): Promise<PendingEntry[]> {
  const { blobs } = await store.list({ prefix: 'pending/' });
  const entries = blobs.map(({ key }): PendingEntry => {
    const marker = parseMarker(key, 'pending');
    return marker ? { key, ...marker } : { key, id: key.slice('pending/'.length), at: null };
  });
  return entries.sort((a, b) => (a.at ?? -1) - (b.at ?? -1) || a.id.localeCompare(b.id));
}

/** Ids of the leads that still have an e-mail to send, oldest first. */
export async function pendingIds(store: Blobs): Promise<string[]> {
  return (await pendingEntries(store)).map((entry) => entry.id);
}

/** When the oldest pending lead arrived (ms), or null when none is pending. */
export async function oldestPending(store: Blobs): Promise<{ count: number; oldestAt: number | null }> {
  const entries = await pendingEntries(store);
  let oldestAt: number | null = null;
  for (const entry of entries) {
    const at = entry.at ?? timeOf((await store.get(entry.key, { type: 'text' })) ?? '');
    if (oldestAt === null || at < oldestAt) oldestAt = at;
  }
  return { count: entries.length, oldestAt };
}

/** Every stored lead (for `npm run leads` and tests), oldest first. */
export async function allLeads(store: Blobs): Promise<Lead[]> {
  const { blobs } = await store.list({ prefix: 'leads/' });
  const leads = await Promise.all(blobs.map(async (blob) => (await readLead(store, blob.key.slice('leads/'.length)))?.lead));
  return leads.filter((lead): lead is Lead => Boolean(lead)).sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
}

/** Deletes a lead and everything stored with it (its markers and its photos), then marks it gone for the inbox's index. */
export async function deleteLead(store: Blobs, lead: Pick<Lead, 'id' | 'receivedAt'>): Promise<{ photos: number }> {
  const photos = await store.list({ prefix: `photos/${lead.id}/` });
  await Promise.all([
    clearPending(store, lead),
    store.delete(keys.received(lead)),
    store.delete(keys.handling(lead.id)),
    ...photos.blobs.map((blob) => store.delete(blob.key)),
  ]);
  await store.delete(keys.lead(lead.id));
  await store.set(keys.touched(lead), '');
  return { photos: photos.blobs.length };
}

export type SpamReason = 'honeypot' | 'too-fast';

/** Counts a bot attempt: one small record, never a lead. */
export async function recordSpam(store: Blobs, attempt: { at: number; reason: SpamReason; channel: string; page?: string }): Promise<void> {
  await store.setJSON(keys.spam(attempt.at), { ...attempt, at: new Date(attempt.at).toISOString() });
}

export async function spamCount(store: Blobs): Promise<number> {
  const { blobs } = await store.list({ prefix: 'spam/' });
  return blobs.length;
}
