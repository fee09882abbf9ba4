import type { Store } from '@netlify/blobs';
import { dealer } from '../../src/lib/data/dealer.ts';
import { INTEREST_LABELS } from '../../src/lib/inquiry.ts';
import { adfDocument } from './adf.ts';
import { leadsEnv, type MailConfig } from './env.ts';
import type { Lead } from './lead.ts';
import { leadEmail, oneLine } from './lead-email.ts';
import { sendEmail, type SendResult } from './mailer.ts';
import { keys, readLead, saveLead } from './store.ts';

/**
 * Sends a stored lead's e-mails: the dealer's message (HTML + text, reply-to the visitor, the
 * ADF file attached) and, when ADF_TO is set, the ADF document on its own for the CRM. Each
 * sent message is recorded on the lead, so a retry sends only what is still missing. A lead
 * with a failed message stays pending with a later nextAttemptAt (backoff).
 */

/** 2 min, 4, 8, 16 … then every 4 hours until it is sent. */
export const BACKOFF = { firstMs: 2 * 60_000, maxMs: 4 * 60 * 60_000 } as const;

export function backoffMs(attempts: number, retryAfterSeconds = 0): number {
  const exponential = Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** Math.max(0, attempts - 1));
  return Math.max(exponential, retryAfterSeconds * 1000);
}

/** The site's public origin, for links in the e-mail and the ADF provider URL. */
export function siteOrigin(): string {
  return process.env.SITE_URL || process.env.URL || dealer.website;
}

export type DeliveryStatus = 'sent' | 'failed' | 'waiting' | 'skipped' | 'busy' | 'missing' | 'misconfigured';

export function adfFilename(lead: Lead): string {
  return `lead-${lead.id}.adf.xml`;
}

export async function deliverLead(store: Store, id: string, now = Date.now()): Promise<DeliveryStatus> {
  const env = leadsEnv();
  if (!env.ok) {
    console.error(`[leads] ${env.error}. Lead ${id} stays pending.`);
    return 'misconfigured';
  }
  if (!env.mail) {
    console.info(`[leads] Lead ${id} is stored; RESEND_API_KEY is not set, so the e-mail step is skipped (the lead stays pending).`);
    return 'skipped';
  }
  const read = await readLead(store, id);
  if (!read) return 'missing';
  if (read.lead.status === 'sent') {
    await store.delete(keys.pending(id));
    return 'sent';
  }
  const { delivery } = read.lead;
  if (delivery.nextAttemptAt && Date.parse(delivery.nextAttemptAt) > now) return 'waiting';

  // Claim the attempt: a concurrent run (the retry job, a replayed request) sees the new
  // nextAttemptAt, or loses the write race, and leaves this lead alone.
  const attempts = delivery.attempts + 1;
  const claimed: Lead = {
    ...read.lead,
    delivery: { ...delivery, attempts, lastAttemptAt: new Date(now).toISOString(), nextAttemptAt: new Date(now + backoffMs(attempts)).toISOString() },
  };
  const claim = await saveLead(store, claimed, read.etag);
  if (!claim.saved) return 'busy';

  const results = await sendMissing(claimed, env.mail);
  const failures: Extract<SendResult, { status: 'failed' }>[] = [];
  const sentAt = new Date().toISOString();
  const next: Lead = { ...claimed, delivery: { ...claimed.delivery } };
  for (const { to, result } of results) {
    if (result.status === 'sent') next.delivery[to] = { sentAt, emailId: result.id };
    else failures.push(result);
  }
  const allSent = Boolean(next.delivery.dealer) && (env.mail.adfTo.length === 0 || Boolean(next.delivery.crm));
  if (allSent) {
    next.status = 'sent';
    next.delivery.sentAt = sentAt;
    delete next.delivery.nextAttemptAt;
    delete next.delivery.lastError;
  } else {
    const retryAfter = Math.max(0, ...failures.map((f) => f.retryAfter ?? 0));
    next.delivery.lastError = failures.map((f) => f.error).join('; ') || 'not sent';
    next.delivery.nextAttemptAt = new Date(now + backoffMs(attempts, retryAfter)).toISOString();
    console.warn(`[leads] E-mail for lead ${id} failed (attempt ${attempts}): ${next.delivery.lastError}. Next try after ${next.delivery.nextAttemptAt}.`);
  }
  const saved = await saveLead(store, next, claim.etag);
  if (!saved.saved) console.warn(`[leads] Lead ${id} changed while its e-mail was sent; the retry job will reconcile it.`);
  return allSent ? 'sent' : 'failed';
}

/** Sends the messages the lead still lacks, the dealer's first; stops at the first failure. */
async function sendMissing(lead: Lead, mail: MailConfig): Promise<{ to: 'dealer' | 'crm'; result: SendResult }[]> {
  const site = siteOrigin();
  const adf = adfDocument(lead, dealer, site);
  const adfBytes = new TextEncoder().encode(adf);
  const attachment = { filename: adfFilename(lead), content: adfBytes, contentType: 'application/xml' };
  const results: { to: 'dealer' | 'crm'; result: SendResult }[] = [];
  if (!lead.delivery.dealer) {
    const email = leadEmail(lead, dealer, site);
    results.push({
      to: 'dealer',
      result: await sendEmail(mail, {
        to: mail.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        replyTo: lead.inquiry.email,
        attachments: [attachment],
        idempotencyKey: `lead-${lead.id}-dealer`,
      }),
    });
  }
  // A provider that just refused the first message is not asked again in the same attempt.
  if (results.some((r) => r.result.status === 'failed')) return results;
  if (mail.adfTo.length > 0 && !lead.delivery.crm) {
    const name = oneLine(`${lead.inquiry.firstName} ${lead.inquiry.lastName}`, 80);
    results.push({
      to: 'crm',
      result: await sendEmail(mail, {
        to: mail.adfTo,
        subject: `ADF lead: ${name} (${INTEREST_LABELS[lead.inquiry.interest]})`,
        text: adf,
        attachments: [attachment],
        idempotencyKey: `lead-${lead.id}-crm`,
      }),
    });
  }
  return results;
}
