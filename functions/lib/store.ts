import { getStore, type Store } from '@netlify/blobs';
import { leadSchema, type Lead } from './lead.ts';

/**
 * Leads live in one site-wide Netlify Blobs store (they survive deploys), read and written
 * with strong consistency so the retry job sees a lead the moment it is stored.
 *
 *   leads/<id>             the lead (JSON)
 *   pending/<id>           marker: the lead still has an e-mail to send (the retry job's queue)
 *   spam/<time>-<random>   one record per bot attempt (honeypot or too quick)
 *   rate/<client>/<time>-… one record per request of a client, for the rate limit
 */
export const STORE_NAME = 'leads';

export const keys = {
  lead: (id: string) => `leads/${id}`,
  pending: (id: string) => `pending/${id}`,
  spam: (at: number) => `spam/${stamp(at)}-${crypto.randomUUID().slice(0, 8)}`,
  rate: (client: string) => `rate/${client}/`,
} as const;

/** Milliseconds since 1970, zero-padded so that keys sort by time. */
export function stamp(at: number): string {
  return String(Math.max(0, Math.floor(at))).padStart(15, '0');
}

export function leadsStore(): Store {
  return getStore({ name: STORE_NAME, consistency: 'strong' });
}

export async function readLead(store: Store, id: string): Promise<{ lead: Lead; etag?: string } | null> {
  const entry = await store.getWithMetadata(keys.lead(id), { type: 'json' });
  if (!entry) return null;
  const parsed = leadSchema.safeParse(entry.data);
  if (!parsed.success) throw new Error(`Stored lead ${id} does not match the lead schema`);
  return { lead: parsed.data, etag: entry.etag };
}

/**
 * Files a new lead: the pending marker first, then the lead only if its key is new. A second
 * submission with the same id (the same idempotency key) files nothing and gets the first lead.
 */
export async function fileLead(store: Store, lead: Lead): Promise<{ created: true } | { created: false; existing: Lead | null }> {
  await store.set(keys.pending(lead.id), lead.receivedAt);
  const write = await store.setJSON(keys.lead(lead.id), lead, { onlyIfNew: true });
  if (write.modified) return { created: true };
  const existing = await readLead(store, lead.id);
  if (existing?.lead.status === 'sent') await store.delete(keys.pending(lead.id));
  return { created: false, existing: existing?.lead ?? null };
}

/** Saves a changed lead unless someone else changed it since it was read (then: saved false). */
export async function saveLead(store: Store, lead: Lead, etag: string | undefined): Promise<{ saved: boolean; etag?: string }> {
  const write = await store.setJSON(keys.lead(lead.id), lead, etag ? { onlyIfMatch: etag } : {});
  if (!write.modified) return { saved: false };
  if (lead.status === 'sent') await store.delete(keys.pending(lead.id));
  return { saved: true, etag: write.etag };
}

/** Ids of the leads that still have an e-mail to send, oldest first. */
export async function pendingIds(store: Store): Promise<string[]> {
  const { blobs } = await store.list({ prefix: 'pending/' });
  return blobs.map((blob) => blob.key.slice('pending/'.length)).sort();
}

/** Every stored lead (for `npm run leads` and tests), oldest first. */
export async function allLeads(store: Store): Promise<Lead[]> {
  const { blobs } = await store.list({ prefix: 'leads/' });
  const leads = await Promise.all(blobs.map(async (blob) => (await readLead(store, blob.key.slice('leads/'.length)))?.lead));
  return leads.filter((lead): lead is Lead => Boolean(lead)).sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
}

export type SpamReason = 'honeypot' | 'too-fast';

/** Counts a bot attempt: one small record, never a lead. */
export async function recordSpam(store: Store, attempt: { at: number; reason: SpamReason; channel: string; page?: string }): Promise<void> {
  await store.setJSON(keys.spam(attempt.at), { ...attempt, at: new Date(attempt.at).toISOString() });
}

export async function spamCount(store: Store): Promise<number> {
  const { blobs } = await store.list({ prefix: 'spam/' });
  return blobs.length;
}
