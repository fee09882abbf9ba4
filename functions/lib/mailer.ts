import { Resend } from 'resend';
import type { MailConfig } from './env.ts';

/** A small wrapper around the Resend SDK that answers with a status instead of throwing. */

export interface OutgoingEmail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
  /** Resend keeps one message per key for 24 hours: a retry cannot send the same e-mail twice. */
  idempotencyKey: string;
}

export type SendResult =
  | { status: 'sent'; id: string }
  | { status: 'failed'; error: string; statusCode: number | null; /** From a 429's Retry-After, in seconds. */ retryAfter?: number };

/** The provider gets this long before the attempt counts as failed (the retry job tries again). */
export const SEND_TIMEOUT_MS = 10_000;

export async function sendEmail(config: MailConfig, email: OutgoingEmail): Promise<SendResult> {
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
      },
      { idempotencyKey: email.idempotencyKey, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
    );
    if (error) {
      const retryAfter = Number(headers?.['retry-after']);
      return {
        status: 'failed',
        error: `${error.name}: ${error.message}`,
        statusCode: error.statusCode,
        ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
      };
    }
    if (!data?.id) return { status: 'failed', error: 'Resend answered without an e-mail id', statusCode: null };
    return { status: 'sent', id: data.id };
  } catch (error) {
    return { status: 'failed', error: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error', statusCode: null };
  }
}
