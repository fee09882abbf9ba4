import type { Store as Blobs } from '@netlify/blobs';
import { units } from '../../../src/lib/data/vehicles.ts';
import { siteUrl } from '../../../src/lib/data/site-url.ts';
import type { Lead } from '../leads/lead.ts';
import { photoLink } from '../leads/photo-links.ts';
import { photoLinkEnv } from '../../../src/lib/settings/photos.ts';
import { readLead } from '../leads/blobs.ts';
import { readHandling, type Handling } from './handling.ts';
import { promiseState, type PromiseState } from './promise.ts';
import { summarize } from './summaries.ts';
import { dealer } from '../../../src/lib/data/dealer.ts';
import { replies } from '../../../src/lib/data/replies.ts';
import { replyLinks, type ReplyLinks } from '../../../src/lib/inbox/replies.ts';
import { storeOfLead } from '../stores/lead-store.ts';

/**
 * One lead as the inbox shows it: every stored field, the unit it is about with its price then
 * (the lead's snapshot) and now (this build's unit data), links to the visitor's photos that
 * expire within the hour, the delivery log of its e-mails, and the dealer's handling.
 */

/** How long a photo link the inbox hands out stays good. */
export const INBOX_PHOTO_LINK_MS = 60 * 60_000;

export interface UnitNow {
  id: string;
  path: string;
  name: string;
  stockNumber: string;
  priceThen: number | null;
  priceNow: number | null;
  status: string | null;
}

export interface DeliveryEntry {
  message: 'dealer' | 'crm' | 'fallback' | 'receipt';
  sentAt?: string;
  emailId?: string;
  skipped?: string;
}

export interface LeadDetail {
  lead: Omit<Lead, 'delivery'>;
  handling: Handling;
  promise: PromiseState;
  unit: UnitNow | null;
  photos: { n: number; name: string; url: string | null }[];
  delivery: { attempts: number; lastAttemptAt?: string; nextAttemptAt?: string; lastError?: string; sentAt?: string; messages: DeliveryEntry[] };
  /** The first answer in one tap: call, text and e-mail links to the visitor, from the dealer's templates (data/replies.json). */
  reply: ReplyLinks;
}

/** The link without its origin: the inbox opens it on the site it runs on. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

function unitOf(lead: Lead): UnitNow | null {
  const id = lead.unit?.id ?? lead.source.vehicle;
  const now = id ? units.find((unit) => unit.id === id) : undefined;
  if (!lead.unit && !now) return null;
  return {
    id: lead.unit?.id ?? now?.id ?? '',
    path: `/vehicles/${encodeURIComponent(lead.unit?.id ?? now?.id ?? '')}`,
    name: lead.unit?.name ?? now?.name ?? '',
    stockNumber: lead.unit?.stockNumber ?? now?.stockNumber ?? '',
    priceThen: lead.unit?.price ?? null,
    priceNow: now?.price ?? null,
    status: now?.status ?? null,
  };
}

function deliveryLog(lead: Lead): LeadDetail['delivery'] {
  const d = lead.delivery;
  const messages: DeliveryEntry[] = [];
  for (const message of ['dealer', 'crm', 'fallback'] as const) {
    const sent = d[message];
    if (sent) messages.push({ message, sentAt: sent.sentAt, emailId: sent.emailId });
  }
  if (d.receipt) messages.push('skipped' in d.receipt ? { message: 'receipt', skipped: d.receipt.skipped } : { message: 'receipt', ...d.receipt });
  return { attempts: d.attempts, lastAttemptAt: d.lastAttemptAt, nextAttemptAt: d.nextAttemptAt, lastError: d.lastError, sentAt: d.sentAt, messages };
}

function replyOf(lead: Lead, unit: UnitNow | null): ReplyLinks {
  const store = storeOfLead(lead);
  const { interest } = lead.inquiry;
  const phone = interest === 'service' || interest === 'parts' ? store.phones.service : store.phones.main;
  return replyLinks(replies, {
    firstName: lead.inquiry.firstName,
    lastName: lead.inquiry.lastName,
    phone: lead.inquiry.phone,
    email: lead.inquiry.email,
    unit: unit?.name ? { name: unit.name, stockNumber: unit.stockNumber } : null,
    dealer: dealer.name,
    store: { name: store.name, phone: phone.display },
  });
}

export async function leadDetail(store: Blobs, id: string, now = Date.now()): Promise<LeadDetail | null> {
  const [read, handling] = await Promise.all([readLead(store, id), readHandling(store, id)]);
  if (!read) return null;
  const { delivery: _delivery, ...lead } = read.lead;
  const env = photoLinkEnv();
  const secret = env.ok ? env.secret : null;
  const site = siteUrl();
  const photos = (read.lead.photos ?? []).map((photo) => ({
    n: photo.n,
    name: photo.name,
    url: secret ? pathOf(photoLink(site, id, photo.n, now + INBOX_PHOTO_LINK_MS, secret)) : null,
  }));
  const summary = summarize(read.lead, handling.handling);
  const unit = unitOf(read.lead);
  return {
    lead,
    handling: handling.handling,
    promise: promiseState(summary, now),
    unit,
    photos,
    delivery: deliveryLog(read.lead),
    reply: replyOf(read.lead, unit),
  };
}
