import type { IncomingMessage } from 'node:http';
import { listen, type Loopback } from './loopback.ts';

/**
 * The mailbox of the function tests: a stand-in for the Resend API on loopback that answers as
 * Resend does and keeps what it was sent; the real resend SDK sends to it (RESEND_BASE_URL).
 */

export interface RecordedEmail {
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    from: string;
    to: string[];
    subject: string;
    text: string;
    html?: string;
    reply_to?: string;
    attachments?: { filename: string; content: string; content_type: string }[];
    headers?: Record<string, string>;
  };
}

export type MailboxMode = 'ok' | 'down' | 'rate-limited';

/** A stand-in for the Resend API: answers like it does and keeps what it was sent. */
export class Mailbox {
  readonly received: RecordedEmail[] = [];
  /** Requests it refused (down or rate-limited), for counting attempts. */
  refused = 0;
  mode: MailboxMode = 'ok';
  /** Refuse (as down) only the messages to this address. */
  downFor: string | undefined;
  /** The Retry-After a rate-limited answer carries, in seconds. */
  retryAfterSeconds = 900;
  /** When set, answers wait for it (to show the visitor's answer does not). */
  hold: Promise<void> | undefined;
  /** Every request as it arrived, answered or not: its idempotency key, recipients and time (ms). */
  readonly requests: { idempotencyKey: string; to: string[]; subject: string; at: number }[] = [];
  /** Like Resend: more than this many requests within one second are answered 429. */
  limitPerSecond: number | undefined;
  /** Messages it refuses as invalid (422), like a provider refusing their content. */
  refuseContent: ((body: RecordedEmail['body']) => boolean) | undefined;
  /** Requests answered 429 because of limitPerSecond. */
  overLimit = 0;
  /**
   * The account's sending domains, as GET /domains lists them (https://resend.com/docs/api-reference/domains/list-domains),
   * and its API keys: a key not named is refused (403 invalid_api_key), a "sending" key may only
   * send (401 restricted_api_key on /domains). Without keys, every key is taken (the lead tests).
   */
  domains: { name: string; status: 'verified' | 'pending' | 'not_started' | 'failed' | 'partially_verified' | 'partially_failed' }[] = [];
  keys: Map<string, 'full' | 'sending'> | undefined;
  private loopback: Loopback | undefined;
  private next = 1;
  url = '';

  async start(): Promise<this> {
    this.loopback = await listen((request, response) => {
      // When the request arrived (its headers), as a provider's rate limiter counts it.
      const arrived = performance.now();
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', async () => {
        const key = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
        const refuse = (status: number, name: string, message: string) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ name, message, statusCode: status }));
        };
        if (this.keys && !this.keys.has(key)) return refuse(403, 'invalid_api_key', 'API key is invalid');
        if (request.method === 'GET' && request.url === '/domains') {
          if (this.keys?.get(key) === 'sending') return refuse(401, 'restricted_api_key', 'This API key is restricted to only send emails');
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({
              object: 'list',
              has_more: false,
              data: this.domains.map((domain, index) => ({
                id: `d${index + 1}-0000-4000-8000-000000000000`,
                name: domain.name,
                status: domain.status,
                created_at: '2026-01-05 10:00:00.000000+00',
                region: 'us-east-1',
                capabilities: { sending: 'enabled', receiving: 'disabled' },
              })),
            }),
          );
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedEmail['body'];
        this.requests.push({ idempotencyKey: String(request.headers['idempotency-key'] ?? ''), to: body.to, subject: body.subject, at: arrived });
        if (this.limitPerSecond !== undefined && this.requests.filter((r) => r.at > arrived - 1000).length > this.limitPerSecond) {
          this.overLimit++;
          response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
          response.end(JSON.stringify({ name: 'rate_limit_exceeded', message: 'Too many requests', statusCode: 429 }));
          return;
        }
        await this.hold;
        if (response.destroyed) return;
        if (this.refuseContent?.(body)) {
          this.refused++;
          response.writeHead(422, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ name: 'validation_error', message: 'The message was refused', statusCode: 422 }));
          return;
        }
        if (this.mode === 'down' || (this.downFor && body.to.includes(this.downFor))) {
          this.refused++;
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ name: 'internal_server_error', message: 'Provider is down', statusCode: 500 }));
          return;
        }
        if (this.mode === 'rate-limited') {
          this.refused++;
          response.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(this.retryAfterSeconds) });
          response.end(JSON.stringify({ name: 'rate_limit_exceeded', message: 'Too many requests', statusCode: 429 }));
          return;
        }
        this.received.push({ path: request.url ?? '', headers: request.headers, body });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ id: `email-${this.next++}` }));
      });
    });
    this.url = this.loopback.url;
    return this;
  }

  /** Back to a provider that answers everything and has received nothing. */
  reset(): void {
    this.received.length = 0;
    this.requests.length = 0;
    this.refused = 0;
    this.overLimit = 0;
    this.mode = 'ok';
    this.downFor = undefined;
    this.retryAfterSeconds = 900;
    this.hold = undefined;
    this.limitPerSecond = undefined;
    this.refuseContent = undefined;
    this.domains = [];
    this.keys = undefined;
  }

  async stop(): Promise<void> {
    await this.loopback?.close();
  }
}

export const MAIL_ENV = {
  RESEND_API_KEY: 're_test_key',
  LEADS_TO: 'sales@dealer.test, owner@dealer.test',
  LEADS_FROM: 'Dealer Website <leads@dealer.test>',
  ADF_TO: 'crm@dealer.test',
  // The suite's mailbox has no rate limit; the backlog tests set their own pace.
  RESEND_RATE_PER_SECOND: '50',
  // One store in one process settles at once: the races of tests/functions/lead-faults.test.ts
  // meet at a busy store and keep the default.
  LEADS_SETTLE_MS: '20',
} as const;

/** Variables a test may set on top of MAIL_ENV; configureMail resets them. */
const EXTRA_ENV = [
  'RESEND_BASE_URL',
  'PHOTO_LINK_SECRET',
  'PHOTO_LINK_DAYS',
  'RECEIPTS',
  'RESEND_TIMEOUT_MS',
  'HEALTH_PENDING_MAX_MINUTES',
  'LEADS_TO_SALES',
  'LEADS_TO_SERVICE',
  'LEADS_TO_PARTS',
  'LEADS_TO_GENERAL',
  'LEADS_TO_RENTALS',
] as const;

/** Points the mailer at the mailbox (or removes the key, for "no e-mail configured"). */
export function configureMail(mailbox: Mailbox | null): void {
  if (!mailbox) {
    for (const name of [...Object.keys(MAIL_ENV), ...EXTRA_ENV]) delete process.env[name];
    return;
  }
  for (const name of EXTRA_ENV) delete process.env[name];
  Object.assign(process.env, MAIL_ENV, { RESEND_BASE_URL: mailbox.url });
}
