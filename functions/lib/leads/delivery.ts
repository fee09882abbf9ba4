import type { Store as Blobs } from '@netlify/blobs';
import { DEALER_TIME_ZONE } from '../../../src/lib/units/build-clock.ts';
import { adfDocument } from './adf.ts';
import { leadsEnv, recipientsFor, type MailConfig } from '../../../src/lib/settings/mail.ts';
import { siteUrl } from '../../../src/lib/data/site-url.ts';
import { dealerOfLead, storeOfLead } from '../stores/lead-store.ts';
import { storeInbox } from '../../../src/lib/stores/stores.ts';
import { interestLabel, TEST_LEAD, type Lead } from './lead.ts';
import { fallbackEmail, leadEmail } from './email.ts';
import { oneLine } from '../text.ts';
import type { PhotoLinker } from './details.ts';
import { photoLink } from './photo-links.ts';
import { photoLinkEnv } from '../../../src/lib/settings/photos.ts';
import { sendMail, type OutgoingEmail, type SendResult } from '../mail/mailer.ts';
import { otherMailRoom } from '../mail/quota.ts';
import { Pacer } from '../mail/pacer.ts';
import { receiptEmail } from './receipt.ts';
import { clearPending, keys, readJSON, readLead, saveLead } from './blobs.ts';
import { mailboxKey } from '../mail/addresses.ts';

/**
 * Sends a stored lead's e-mails, in this order: the dealer's message (HTML + text, reply-to the
 * visitor, the ADF file attached) to the inbox of the lead's interest; when ADF_TO is set, the
 * ADF document on its own for the CRM; when RECEIPTS=on, the visitor's receipt. Each message is
 * recorded on the lead once sent, so a retry sends only what is still missing, with the same
 * idempotency key each time. A lead with a failed message stays pending with a later
 * nextAttemptAt (backoff) and the reason in lastError. When the dealer's message fails
 * FALLBACK_AFTER times for a reason of its own (it cannot be built, or the provider refuses its
 * content), a plain copy goes instead, so no stored lead waits forever.
 */

/**
 * 2 min, 4, 8, then every 15 minutes until it is sent: once the provider is back, a lead goes
 * out within about a quarter of an hour, whatever the length of the outage (a failed try costs
 * one request to the provider, nothing else).
 */
export const BACKOFF = { firstMs: 2 * 60_000, maxMs: 15 * 60_000 } as const;

/** Failures of the message's own (not the provider's) before the plain copy is sent instead. */
export const FALLBACK_AFTER = 3;

/** A receipt not sent within this long after the inquiry is not sent at all; one address gets one receipt per this long. */
export const RECEIPT_WINDOW_MS = 24 * 60 * 60_000;

export function backoffMs(attempts: number, retryAfterSeconds = 0): number {
  const exponential = Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** Math.max(0, attempts - 1));
  return Math.max(exponential, retryAfterSeconds * 1000);
}

/** `deferred`: the run had no time or rate left to start it; it is due again at once. */
export type DeliveryStatus = 'sent' | 'failed' | 'waiting' | 'skipped' | 'busy' | 'missing' | 'misconfigured' | 'deferred';

export function adfFilename(lead: Lead): string {
  return `lead-${lead.id}.adf.xml`;
}

/**
 * How long the first send of a new lead may wait for its turn at the provider's pace (a burst
 * of leads); a slot further out is left to the retry job. Well inside a function's 60 seconds.
 */
export const FIRST_SEND_WINDOW_MS = 20_000;

export interface DeliverOptions {
  now?: number;
  /** The retry job's pace and deadline; without one, a pace of the lead's own (FIRST_SEND_WINDOW_MS), shared through the store. */
  pacer?: Pacer;
  /** Send now even when the backoff says later (`npm run leads -- resend`). */
  force?: boolean;
}

type Part = 'dealer' | 'crm' | 'fallback' | 'receipt';
type Failure = Extract<SendResult, { status: 'failed' }> & { part: Part };

export async function deliverLead(store: Blobs, id: string, options: DeliverOptions = {}): Promise<DeliveryStatus> {
  const now = options.now ?? Date.now();
  const env = leadsEnv();
  if (!env.ok) {
    console.error(`[leads] ${env.error}. Lead ${id} stays pending.`);
    return 'misconfigured';
  }
  if (!env.mail) {
    console.info(`[leads] Lead ${id} is stored; RESEND_API_KEY is not set, so the e-mail step is skipped (the lead stays pending).`);
    return 'skipped';
  }
  const mail = env.mail;
  const read = await readLead(store, id);
  if (!read) return 'missing';
  if (read.lead.status === 'sent') {
    await clearPending(store, read.lead);
    return 'sent';
  }
  const { delivery } = read.lead;
  if (!options.force && delivery.nextAttemptAt && Date.parse(delivery.nextAttemptAt) > now) return 'waiting';
  const pacer =
    options.pacer ?? new Pacer(store, { ratePerSecond: mail.ratePerSecond, deadline: performance.now() + FIRST_SEND_WINDOW_MS, timeoutMs: mail.timeoutMs });
  if (!pacer.open) return 'deferred';

  // Claim the attempt: a concurrent run (the retry job, a replayed request) sees the new
  // nextAttemptAt, or loses the conditional write, and leaves this lead alone. The conditional
  // write decides at once (lib/leads/blobs.ts): of senders that read the same version, one write lands.
  // A refused write is read back: a write can land and still be answered "refused" (the Blobs
  // client retries a write whose answer did not arrive, and the retry is refused), and then the
  // lead carries this attempt's token.
  const attempts = delivery.attempts + 1;
  const token = crypto.randomUUID();
  const claimed: Lead = {
    ...read.lead,
    delivery: {
      ...delivery,
      attempts,
      claim: token,
      lastAttemptAt: new Date(now).toISOString(),
      nextAttemptAt: new Date(now + backoffMs(attempts)).toISOString(),
    },
  };
  const write = await saveLead(store, claimed, read.etag);
  let { etag } = write;
  if (!write.saved) {
    const held = await readLead(store, id);
    if (held?.lead.delivery.claim !== token) return 'busy';
    etag = held.etag;
  }

  const next: Lead = { ...claimed, delivery: { ...claimed.delivery } };
  const outcome = await sendMissing(store, next, mail, now, pacer);
  const d = next.delivery;
  const dealerDone = Boolean(d.dealer || d.fallback);
  const crmDone = mail.adfTo.length === 0 || Boolean(d.crm || d.fallback);
  const allDone = dealerDone && crmDone && Boolean(d.receipt);

  if (allDone) {
    next.status = 'sent';
    d.sentAt = new Date().toISOString();
    delete d.nextAttemptAt;
    delete d.lastError;
    delete d.contentFailures;
  } else if (outcome.failure) {
    const { failure } = outcome;
    if (failure.fault === 'message') d.contentFailures = (d.contentFailures ?? 0) + 1;
    d.lastError = `${failure.part}: ${failure.error}`;
    // "Too many requests" says nothing against the lead: it is due again once the Retry-After has
    // passed (and every sender holds until then: lib/mail/mailer.ts).
    const wait = failure.statusCode === 429 && failure.retryAfter ? failure.retryAfter * 1000 : backoffMs(attempts, failure.retryAfter ?? 0);
    d.nextAttemptAt = new Date(now + wait).toISOString();
    console.warn(`[leads] E-mail for lead ${id} failed (attempt ${attempts}): ${d.lastError}. Next try after ${d.nextAttemptAt}.`);
  } else {
    // Out of time in this run before a message could start: due again, and the try is not counted.
    d.attempts = delivery.attempts;
    delete d.nextAttemptAt;
  }
  delete d.claim;
  const saved = await saveLead(store, next, etag);
  if (!saved.saved) console.warn(`[leads] Lead ${id} changed while its e-mail was sent; the retry job will reconcile it.`);
  return allDone ? 'sent' : outcome.failure ? 'failed' : 'deferred';
}

/**
 * Sends what the lead still lacks, recording each success on `lead`; stops at the first failure
 * (a provider that just refused one message is not asked again in the same attempt) or when the
 * run has no time left. The receipt comes last, so it never holds up the dealer's messages.
 */
async function sendMissing(store: Blobs, lead: Lead, mail: MailConfig, now: number, pacer: Pacer): Promise<{ failure?: Failure }> {
  const d = lead.delivery;
  const send = async (part: Part, email: () => OutgoingEmail): Promise<Failure | 'deferred' | 'quota' | undefined> => {
    let message: OutgoingEmail;
    try {
      message = email();
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
      return { part, status: 'failed', error: `could not build the message: ${reason}`, statusCode: null, fault: 'message' };
    }
    // The lead's own messages are never held by the quota; the receipt keeps to the room the leads' reserve leaves (lib/mail/quota.ts).
    const result = await sendMail(mail, message, { pacer, room: part === 'receipt' ? otherMailRoom() : 'always', now });
    if (result.status === 'held') return 'quota';
    if (result.status === 'deferred') return 'deferred';
    if (result.status === 'failed') return { ...result, part };
    const sent = { sentAt: new Date().toISOString(), emailId: result.id };
    if (part === 'receipt') d.receipt = sent;
    else d[part] = sent;
    return undefined;
  };
  const stop = (result: Failure | 'deferred' | 'quota' | undefined) =>
    result === 'deferred' || result === 'quota' ? {} : result ? { failure: result } : undefined;
  const site = siteUrl();
  // The lead's store: its department's inbox, and the name, address and phone its e-mails give (docs/product.md §Stores).
  const to = recipientsFor(mail, lead.inquiry.interest, storeInbox(storeOfLead(lead), lead.inquiry.interest));
  const atStore = dealerOfLead(lead);

  if (!d.dealer && !d.fallback) {
    const result =
      (d.contentFailures ?? 0) >= FALLBACK_AFTER
        ? await send('fallback', () => ({ to, ...fallbackEmail(lead, d.lastError ?? 'unknown'), idempotencyKey: `lead-${lead.id}-fallback` }))
        : await send('dealer', () => {
            const email = leadEmail(lead, atStore, site, photoLinker(lead, site, now));
            return { to, ...email, replyTo: lead.inquiry.email, attachments: [adfAttachment(lead, site)], idempotencyKey: `lead-${lead.id}-dealer` };
          });
    const stopped = stop(result);
    if (stopped) return stopped;
    delete d.contentFailures;
  }
  if (mail.adfTo.length > 0 && !d.crm && !d.fallback) {
    const stopped = stop(
      await send('crm', () => {
        const name = oneLine(`${lead.inquiry.firstName} ${lead.inquiry.lastName}`, 80);
        const attachment = adfAttachment(lead, site);
        return {
          to: mail.adfTo,
          subject: `${lead.test ? TEST_LEAD.subjectPrefix : ''}ADF lead: ${name} (${interestLabel(lead.inquiry.interest)})`,
          text: new TextDecoder().decode(attachment.content),
          attachments: [attachment],
          idempotencyKey: `lead-${lead.id}-crm`,
        };
      }),
    );
    if (stopped) return stopped;
  }
  if (!d.receipt) {
    const skip = await receiptSkip(store, lead, mail, now);
    if (skip) {
      d.receipt = { skipped: skip, at: new Date(now).toISOString() };
    } else {
      const result = await send('receipt', () => ({
        to: [lead.inquiry.email],
        ...receiptEmail(lead, atStore, site),
        replyTo: atStore.email,
        idempotencyKey: `lead-${lead.id}-receipt`,
      }));
      // A receipt is a courtesy: past the room the leads' reserve leaves, it is left out.
      if (result === 'quota') {
        d.receipt = { skipped: 'quota', at: new Date(now).toISOString() };
        return {};
      }
      // A receipt the provider keeps refusing for its own content is given up, not retried forever.
      if (result && result !== 'deferred' && result.fault === 'message' && (d.contentFailures ?? 0) + 1 >= FALLBACK_AFTER) {
        d.receipt = { skipped: 'refused', at: new Date(now).toISOString() };
        return {};
      }
      const stopped = stop(result);
      if (stopped) return stopped;
    }
  }
  return {};
}

/** Signed links to the lead's photos, good for PHOTO_LINK_DAYS from this send (none without PHOTO_LINK_SECRET). */
function photoLinker(lead: Lead, site: string, now: number): PhotoLinker {
  const env = photoLinkEnv();
  if (!lead.photos?.length) return () => undefined;
  if (!env.ok) {
    console.warn(`[leads] Lead ${lead.id}: no photo links in the e-mail, ${env.error}.`);
    return () => undefined;
  }
  const { secret } = env;
  if (!secret) return () => undefined;
  const expires = now + env.days * 86_400_000;
  const until = new Intl.DateTimeFormat('en-US', { timeZone: DEALER_TIME_ZONE, dateStyle: 'medium' }).format(new Date(expires));
  return (n) => ({ url: photoLink(site, lead.id, n, expires, secret), expires: until });
}

function adfAttachment(lead: Lead, site: string): { filename: string; content: Uint8Array; contentType: string } {
  return { filename: adfFilename(lead), content: new TextEncoder().encode(adfDocument(lead, dealerOfLead(lead), site)), contentType: 'application/xml' };
}

// --- The visitor's receipt: on, in time, and one per address per day --------------------------

/**
 * Why no receipt goes for this lead, or undefined when one should (and this lead holds the day's
 * slot). Whether the day's e-mails leave it room is decided as it goes (`send`).
 */
async function receiptSkip(store: Blobs, lead: Lead, mail: MailConfig, now: number): Promise<'off' | 'expired' | 'daily-limit' | undefined> {
  // A test lead (npm run doctor) answers nobody.
  if (!mail.receipts || lead.test) return 'off';
  const received = Date.parse(lead.receivedAt);
  if (!Number.isFinite(received) || now - received > RECEIPT_WINDOW_MS) return 'expired';
  return (await claimReceipt(store, lead.inquiry.email, lead.id, now)) ? undefined : 'daily-limit';
}

/** A stable, non-reversible name for an inbox (lib/mail/addresses.ts: one receipt a day per inbox, whatever +tag). */
export async function addressHash(email: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`lead-receipt:${mailboxKey(email)}`));
  return Buffer.from(digest).toString('hex').slice(0, 40);
}

/**
 * The receipt records sent for these leads, for a privacy request (docs/product.md §Privacy). A
 * record is kept per inbox (addressHash) and names the lead it was sent for: it is a person's
 * only when that lead is theirs, never because another form of their address shares the inbox.
 */
export async function receiptsOfLeads(store: Blobs, leads: readonly { id: string; email: string }[]): Promise<string[]> {
  const ids = new Set(leads.map((lead) => lead.id));
  const candidates = new Set(await Promise.all(leads.map(async (lead) => keys.receipt(await addressHash(lead.email)))));
  const held = await Promise.all(
    [...candidates].map(async (key) => {
      const record = (await store.get(key, { type: 'json' }).catch(() => null)) as { leadId?: unknown } | null;
      return typeof record?.leadId === 'string' && ids.has(record.leadId) ? key : null;
    }),
  );
  return held.filter((key): key is string => key !== null);
}

/** Takes the address's receipt slot for 24 hours (or finds it already this lead's): true when this lead may send. */
async function claimReceipt(store: Blobs, email: string, leadId: string, now: number): Promise<boolean> {
  const key = keys.receipt(await addressHash(email));
  const entry = await readJSON(store, key);
  const record = entry?.data as { at?: unknown; leadId?: unknown } | undefined;
  if (record?.leadId === leadId) return true;
  const at = typeof record?.at === 'string' ? Date.parse(record.at) : NaN;
  if (entry && Number.isFinite(at) && now - at < RECEIPT_WINDOW_MS) return false;
  const value = { at: new Date(now).toISOString(), leadId };
  const write = await store.setJSON(key, value, entry?.etag ? { onlyIfMatch: entry.etag } : { onlyIfNew: true });
  return write.modified;
}
