import type { Store as Blobs } from '@netlify/blobs';
import { receiptsOfLeads, RECEIPT_WINDOW_MS } from './delivery.ts';
import { personAddress } from '../mail/addresses.ts';
import { dropSummaries } from '../inbox/summaries.ts';
import { pruneUploads } from './photos.ts';
import { allLeads, deleteLead, keys, parseMarker, readLead } from './blobs.ts';

/**
 * Keeping the privacy page's promise (docs/product.md §Leads): leads older than
 * leadRetentionMonths (data/pages.json) are deleted with everything stored with them, and a
 * person's leads can be deleted on request by e-mail address or phone number.
 */

/** The moment `months` calendar months before `now` (UTC; the 31st falls back to the month's last day). */
export function retentionCutoff(now: number, months: number): number {
  const date = new Date(now);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

export interface PruneSummary {
  /** Leads deleted (with their markers). */
  leads: number;
  /** Visitors' photos deleted with those leads. */
  photos: number;
  /** Photos sent with a request that was never filed, deleted a day later. */
  uploads: number;
  /** Receipt records (one per address, kept a day) deleted. */
  receipts: number;
  /** Spam counters older than the retention deleted. */
  spam: number;
}

/** Deletes what is older than the retention. Lists marker keys (they carry the time); reads a lead only when it has no marker yet. */
export async function pruneExpired(store: Blobs, now: number, months: number): Promise<PruneSummary> {
  const cutoff = retentionCutoff(now, months);
  const summary: PruneSummary = { leads: 0, photos: 0, uploads: 0, receipts: 0, spam: 0 };
  const deleted = new Set<string>();
  const gone: { id: string; at: number }[] = [];

  const [received, stored] = await Promise.all([store.list({ prefix: 'received/' }), store.list({ prefix: 'leads/' })]);
  const indexed = new Set<string>();
  const markers = received.blobs.flatMap(({ key }) => {
    const marker = parseMarker(key, 'received');
    return marker ? [{ key, ...marker }] : [];
  });
  for (const marker of await oneArrivalEach(store, markers)) {
    indexed.add(marker.id);
    if (marker.at < cutoff) {
      summary.photos += (await deleteLead(store, { id: marker.id, receivedAt: new Date(marker.at).toISOString() })).photos;
      if (!deleted.has(marker.id)) summary.leads++;
      deleted.add(marker.id);
      gone.push({ id: marker.id, at: marker.at });
    }
  }
  // Leads filed before the received/ markers existed: read once, then deleted or given a marker.
  for (const { key } of stored.blobs) {
    const id = key.slice('leads/'.length);
    if (indexed.has(id)) continue;
    const lead = (await readLead(store, id))?.lead;
    if (!lead) continue;
    if (Date.parse(lead.receivedAt) < cutoff) {
      summary.photos += (await deleteLead(store, lead)).photos;
      summary.leads++;
      gone.push({ id: lead.id, at: Date.parse(lead.receivedAt) });
    } else {
      await store.set(keys.received(lead), '');
    }
  }

  // The inbox's index keeps names and addresses too: they go with their leads.
  await dropSummaries(store, gone);
  summary.uploads = await pruneUploads(store, now);

  const receipts = await store.list({ prefix: 'receipts/' });
  for (const { key } of receipts.blobs) {
    const record = (await store.get(key, { type: 'json' })) as { at?: unknown } | null;
    const at = typeof record?.at === 'string' ? Date.parse(record.at) : NaN;
    if (!(now - at < RECEIPT_WINDOW_MS)) {
      await store.delete(key);
      summary.receipts++;
    }
  }

  const spam = await store.list({ prefix: 'spam/' });
  for (const { key } of spam.blobs) {
    const at = Number(key.slice('spam/'.length).split('-')[0]);
    if (!(at >= cutoff)) {
      await store.delete(key);
      summary.spam++;
    }
  }
  return summary;
}

/**
 * One arrival marker per lead: where a lead has several (filings of one submission that the
 * local sandbox let land over each other, or an instance cut short before it tidied up: store.ts
 * keepOwnMarkers), the one of the lead as stored stays and the others go. Reads only those leads.
 */
async function oneArrivalEach(store: Blobs, markers: readonly Arrival[]): Promise<Arrival[]> {
  const byId = new Map<string, Arrival[]>();
  for (const marker of markers) byId.set(marker.id, [...(byId.get(marker.id) ?? []), marker]);
  const kept: Arrival[] = [];
  for (const [id, own] of byId) {
    const lead = own.length > 1 ? (await readLead(store, id).catch(() => null))?.lead : undefined;
    if (!lead) {
      kept.push(...own); // one marker, or a lead gone: each expires as usual
      continue;
    }
    const right: Arrival = { key: keys.received(lead), id, at: Date.parse(lead.receivedAt) };
    if (!own.some((marker) => marker.key === right.key)) await store.set(right.key, '');
    await Promise.all(own.filter((marker) => marker.key !== right.key).map((marker) => store.delete(marker.key)));
    kept.push(right);
  }
  return kept;
}

interface Arrival {
  key: string;
  id: string;
  at: number;
}

export interface DeleteRequest {
  email?: string;
  phone?: string;
}

/** The last 10 digits of a phone number: "+1 (609) 555-0100" and "609.555.0100" are the same person. */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10);
}

/**
 * Whether a lead's (or an index entry's) e-mail and phone are the person's a privacy request is
 * about (docs/product.md §Privacy): the very address, letter case aside (lib/email-address.ts
 * personAddress), or the phone number's 10 digits.
 */
export function isPerson(contact: { email: string; phone: string }, request: DeleteRequest): boolean {
  const email = request.email ? personAddress(request.email) : '';
  const phone = request.phone ? phoneKey(request.phone) : '';
  return Boolean((email && personAddress(contact.email) === email) || (phone.length === 10 && phoneKey(contact.phone) === phone));
}

/** Deletes every lead of one person (and the receipt records sent for them); answers how many leads went. */
export async function deletePersonLeads(store: Blobs, request: DeleteRequest): Promise<{ leads: number }> {
  const leads = (await allLeads(store)).filter((lead) => isPerson(lead.inquiry, request));
  const receipts = await receiptsOfLeads(
    store,
    leads.map((lead) => ({ id: lead.id, email: lead.inquiry.email })),
  );
  for (const lead of leads) await deleteLead(store, lead);
  await dropSummaries(
    store,
    leads.map((lead) => ({ id: lead.id, at: Date.parse(lead.receivedAt) })),
  );
  await Promise.all(receipts.map((key) => store.delete(key)));
  return { leads: leads.length };
}
