import type { Store as Blobs } from '@netlify/blobs';
import { deleteSubscriber, subscriberOf } from '../alerts/blobs.ts';
import { receiptsOfLeads } from '../leads/delivery.ts';
import { personAddress } from '../mail/addresses.ts';
import { isPerson } from '../leads/retention.ts';
import { deleteLead, readLead, stamp } from '../leads/blobs.ts';
import { dropSummaries, eachLimit, loadSummaries } from './summaries.ts';

/**
 * A person's request about their data (docs/product.md §Privacy): everything the site holds
 * about an e-mail address or a phone number, and its deletion. One rule says whose a record is:
 * the very address asked about, letter case aside, never another form of it (`bob+other@…`,
 * `b.ob@gmail.com` may be someone else: lib/email-address.ts personAddress), or the phone's 10
 * digits. What is held:
 *
 * - leads whose e-mail or phone is theirs (found through the inbox's index), with their photos,
 *   handling notes and index entries;
 * - the receipt records sent for those leads (each names its lead; kept a day);
 * - the alert subscription of each of their addresses (the asked one and their leads'), when
 *   the record is that address's: a record is kept per inbox, and one made by `bob@…` is not
 *   found by `bob+other@…`;
 * - the mail log keeps no addresses (mail-log.ts): nothing of theirs is there.
 *
 * A deletion leaves a record without personal data: when, who asked for it in the inbox, and
 * how many of each thing went,
 *
 *   inbox/deletions/<time>-<random>   { at, by, leads, photos, receipts, subscriptions }
 */

export interface PersonQuery {
  email?: string;
  phone?: string;
}

export interface Holdings {
  leads: { id: string; receivedAt: string; form: string; department: string; photos: number }[];
  photos: number;
  receipts: number;
  /** Alert subscriptions: one record per address, with its alerts. */
  subscriptions: { alerts: number }[];
  /** Mail log entries about them: always 0, the log keeps no addresses. */
  mailLog: 0;
}

/** The person's records, by the one rule above. */
async function gather(leadsBlobs: Blobs, alertsBlobs: Blobs, query: PersonQuery) {
  const summaries = (await loadSummaries(leadsBlobs)).filter((summary) => isPerson(summary, query));
  const leads: Holdings['leads'] = [];
  const found: { id: string; receivedAt: string; email: string }[] = [];
  await eachLimit(summaries, 8, async (summary) => {
    const read = await readLead(leadsBlobs, summary.id).catch(() => null);
    if (!read || !isPerson(read.lead.inquiry, query)) return;
    found.push({ id: read.lead.id, receivedAt: read.lead.receivedAt, email: read.lead.inquiry.email });
    leads.push({ id: summary.id, receivedAt: read.lead.receivedAt, form: summary.form, department: summary.department, photos: read.lead.photos?.length ?? 0 });
  });
  leads.sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
  const receiptKeys = await receiptsOfLeads(leadsBlobs, found);
  const addresses = new Set([...(query.email ? [personAddress(query.email)] : []), ...found.map((lead) => personAddress(lead.email))]);
  const subscribers = new Map<string, { hash: string; email: string; alerts: number }>();
  for (const address of addresses) {
    const subscriber = await subscriberOf(alertsBlobs, address).catch(() => null);
    if (subscriber) subscribers.set(subscriber.hash, { hash: subscriber.hash, email: address, alerts: subscriber.record.alerts.length });
  }
  return { leads, found, receiptKeys, subscribers: [...subscribers.values()] };
}

export async function findPerson(leadsBlobs: Blobs, alertsBlobs: Blobs, query: PersonQuery): Promise<Holdings> {
  const { leads, receiptKeys, subscribers } = await gather(leadsBlobs, alertsBlobs, query);
  return {
    leads,
    photos: leads.reduce((sum, lead) => sum + lead.photos, 0),
    receipts: receiptKeys.length,
    subscriptions: subscribers.map(({ alerts }) => ({ alerts })),
    mailLog: 0,
  };
}

export interface DeletionRecord {
  at: string;
  by: string;
  leads: number;
  photos: number;
  receipts: number;
  subscriptions: number;
}

export const DELETIONS_PREFIX = 'inbox/deletions/';

/** Deletes everything findPerson finds and records the deletion (counts only). */
export async function deletePerson(leadsBlobs: Blobs, alertsBlobs: Blobs, query: PersonQuery, by: string, now = Date.now()): Promise<DeletionRecord> {
  const { found, receiptKeys, subscribers } = await gather(leadsBlobs, alertsBlobs, query);
  let photos = 0;
  for (const lead of found) photos += (await deleteLead(leadsBlobs, lead)).photos;
  await dropSummaries(
    leadsBlobs,
    found.map((lead) => ({ id: lead.id, at: Date.parse(lead.receivedAt) })),
  );
  await Promise.all(receiptKeys.map((key) => leadsBlobs.delete(key)));
  for (const subscriber of subscribers) await deleteSubscriber(alertsBlobs, subscriber.hash, subscriber.email);
  const record: DeletionRecord = {
    at: new Date(now).toISOString(),
    by,
    leads: found.length,
    photos,
    receipts: receiptKeys.length,
    subscriptions: subscribers.length,
  };
  await leadsBlobs.setJSON(`${DELETIONS_PREFIX}${stamp(now)}-${crypto.randomUUID().slice(0, 8)}`, record);
  return record;
}

/** The deletion records, newest first. */
export async function deletionRecords(leadsBlobs: Blobs): Promise<DeletionRecord[]> {
  const { blobs } = await leadsBlobs.list({ prefix: DELETIONS_PREFIX });
  const records = await Promise.all(blobs.map((blob) => leadsBlobs.get(blob.key, { type: 'json' }) as Promise<DeletionRecord | null>));
  return records.filter((record): record is DeletionRecord => record !== null).sort((a, b) => b.at.localeCompare(a.at));
}
