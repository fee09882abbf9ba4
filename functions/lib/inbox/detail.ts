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
  return { lead, handling: handling.handling, promise: promiseState(summary, now), unit: unitOf(read.lead), photos, delivery: deliveryLog(read.lead) };
}
