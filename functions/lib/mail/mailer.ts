import { Resend } from 'resend';
import type { MailConfig } from '../../../src/lib/settings/mail.ts';
import { giveBackMailQuota, takeMailQuota, type MailRoom } from './quota.ts';
import type { Pacer } from './pacer.ts';

/**
 * A small wrapper around the Resend SDK that answers with a status instead of throwing.
 *
 * One message per request (emails.send), not the batch endpoint: batch.send takes up to 100
 * messages but no attachments (the dealer's message carries the ADF file) and one idempotency
 * key for the whole batch, where each message here needs its own so a retry repeats only what
 * is missing. Every e-mail of the site goes out through `sendMail`: the one quota, the one pace.
 */

export interface OutgoingEmail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
  /** Extra headers, e.g. List-Unsubscribe on an alert. */
  headers?: Record<string, string>;
  /** Resend keeps one message per key for 24 hours: a retry cannot send the same e-mail twice. */
  idempotencyKey: string;
}

/**
 * Whose fault a failure is: the provider's (down, rate-limited, stalled, unreachable,
 * refusing the key) or the message's own (the provider refused its content: 400, 422).
 */
export type Fault = 'provider' | 'message';

export type SendResult =
  | { status: 'sent'; id: string }
  | {
      status: 'failed';
      error: string;
      statusCode: number | null;
      fault: Fault;
      /** From a 429's Retry-After, in seconds. */
      retryAfter?: number;
    };

/** The provider gets this long before the attempt counts as failed (the retry job tries again). */
export const SEND_TIMEOUT_MS = 10_000;

export async function sendEmail(config: MailConfig, email: OutgoingEmail, timeoutMs = config.timeoutMs ?? SEND_TIMEOUT_MS): Promise<SendResult> {
  const signal = AbortSignal.timeout(timeoutMs);
  const timedOut = (): SendResult => ({
    status: 'failed',
    error: `timeout: the provider did not answer within ${formatSeconds(timeoutMs)}`,
    statusCode: null,
    fault: 'provider',
  });
  try {
    const resend = new Resend(config.apiKey, config.baseUrl ? { baseUrl: config.baseUrl } : undefined);
    const { data, error, headers } = await resend.emails.send(
      {
        from: config.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        ...(email.replyTo ? { replyTo: email.replyTo } : {}),
        ...(email.attachments ? { attachments: email.attachments } : {}),
        ...(email.headers ? { headers: email.headers } : {}),
      },
      { idempotencyKey: email.idempotencyKey, signal },
    );
    if (error) {
      // The SDK reports an aborted request as "Unable to fetch data": say what happened.
      if (signal.aborted) return timedOut();
      const retryAfter = Number(headers?.['retry-after']);
      return {
        status: 'failed',
        error: `${error.name}: ${error.message}`,
        statusCode: error.statusCode,
        fault: error.statusCode === 400 || error.statusCode === 422 ? 'message' : 'provider',
        ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
      };
    }
    if (!data?.id) return { status: 'failed', error: 'Resend answered without an e-mail id', statusCode: null, fault: 'provider' };
    return { status: 'sent', id: data.id };
  } catch (error) {
    if (signal.aborted) return timedOut();
    return { status: 'failed', error: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error', statusCode: null, fault: 'provider' };
  }
}

/** Not sent: its room of the day's or the month's count is full (`held`), or no slot in the pace in time (`deferred`). */
export type MailOutcome = SendResult | { status: 'held'; full: 'day' | 'month' } | { status: 'deferred' };

export interface SendMailOptions {
  /** The shared pace (lib/mail/pacer.ts); null only outside the site (a build or a script with no Blobs of the site). */
  pacer: Pacer | null;
  /** Where its recipients take their places in the day's count (lib/mail/quota.ts). */
  room: MailRoom;
  now?: number;
}

/**
 * Every e-mail the site sends goes out here (docs/operations.md §Sending at Resend's pace): its
 * recipients take their places in the day's count (lib/mail/quota.ts, atomically, within the
 * room of its kind) while it waits for its slot in the one pace every sender shares
 * (lib/mail/pacer.ts), then the request. A 429 with Retry-After holds every sender, and an e-mail that
 * did not go gives its places back.
 */
export async function sendMail(config: MailConfig, email: OutgoingEmail, { pacer, room, now = Date.now() }: SendMailOptions): Promise<MailOutcome> {
  // Side by side: the places are taken while the slot comes (a slot they make late is given up
  // for the next; a slot left unused is a gap in the pace).
  const places = takeMailQuota(email.to.length, room, now);
  const [taken, booked] = await Promise.allSettled([places, pacer ? pacer.take(places) : { timeoutMs: config.timeoutMs ?? SEND_TIMEOUT_MS }]);
  if (taken.status === 'rejected') throw taken.reason;
  const quota = taken.value;
  if (!quota.ok) return { status: 'held', full: quota.full };
  let result: MailOutcome = { status: 'deferred' };
  try {
    if (booked.status === 'rejected') throw booked.reason;
    const slot = booked.value;
    if (!slot) return result;
    result = await sendEmail(config, email, slot.timeoutMs);
    if (result.status === 'failed' && result.statusCode === 429 && result.retryAfter) await pacer?.holdFor(result.retryAfter);
    return result;
  } finally {
    if (result.status !== 'sent') await giveBackMailQuota(quota);
  }
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
