import type { Store as Blobs } from '@netlify/blobs';
import { getStore } from '@netlify/blobs';
import alerts from '../../functions/alerts.ts';
import alertLinksHandler from '../../functions/alert-links.ts';
import { ALERTS_BLOBS, readSubscriber, subscriberHash, type Subscriber } from '../../functions/lib/alerts/blobs.ts';
import { MAIL_LOG_BLOBS } from '../../functions/lib/mail/log.ts';
import { configureMail, type Mailbox, type RecordedEmail } from '../support/mailbox.ts';
import { Client } from './contact-harness.ts';

/**
 * What the alert tests run against, on top of the contact harness: the real subscription and
 * link handlers, the real stores in the local Blobs sandbox, the real resend SDK sending to the
 * recording mailbox.
 */

export const ALERT_ENV = { ALERTS_SECRET: 'test-secret-that-is-at-least-32-characters-long' } as const;
const ALERT_VARIABLES = ['ALERTS_SECRET', 'ALERTS_FROM', 'ALERTS_DAILY_QUOTA', 'ALERTS_MONTHLY_QUOTA'] as const;

/** Mail to the mailbox (no ADF copy), alert links signed; quotas as given (defaults otherwise). */
export function configureAlerts(mailbox: Mailbox | null, quotas: { daily?: number; monthly?: number } = {}): void {
  configureMail(mailbox);
  if (mailbox) delete process.env.ADF_TO;
  for (const name of ALERT_VARIABLES) delete process.env[name];
  Object.assign(process.env, ALERT_ENV);
  if (quotas.daily !== undefined) process.env.ALERTS_DAILY_QUOTA = String(quotas.daily);
  if (quotas.monthly !== undefined) process.env.ALERTS_MONTHLY_QUOTA = String(quotas.monthly);
}

export const alertBlobs = (): Blobs => getStore({ name: ALERTS_BLOBS, consistency: 'strong' });
export const mailLog = (): Blobs => getStore({ name: MAIL_LOG_BLOBS, consistency: 'strong' });

/** Posts the subscription form as a browser does (a same-site Referer: the page it is on). */
export function subscriber(): Client {
  return new Client(alerts, '/api/alerts');
}

export async function subscribe(client: Client, fields: Record<string, string>, page = '/vehicles/x'): Promise<Response> {
  return client.form(fields, { headers: { referer: `http://localhost${page}` } });
}

/** Opens a link of an e-mail (or a page's form action) with the link handler. */
export async function open(url: string, method: 'GET' | 'POST' = 'GET', form?: Record<string, string>): Promise<Response> {
  const target = new URL(url, 'http://localhost');
  const init: RequestInit = { method };
  if (method === 'POST') {
    init.headers = { 'content-type': 'application/x-www-form-urlencoded' };
    init.body = new URLSearchParams(form ?? {}).toString();
  }
  return alertLinksHandler(new Request(`http://localhost${target.pathname}${target.search}`, init));
}

export function mailsTo(mailbox: Mailbox, address: string): RecordedEmail[] {
  return mailbox.received.filter((mail) => mail.body.to.includes(address));
}

/** The first address in a text that starts with `path` (on any origin). */
export function linkIn(text: string, path: string): string {
  const found = text.split(/\s+/).find((word) => word.includes(path));
  if (!found) throw new Error(`No ${path} link in:\n${text}`);
  return found;
}

/** The action of the only form of a page (its one button). */
export function formAction(html: string): string {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('No form on the page');
  return action.replace(/&amp;/g, '&');
}

export async function recordOf(email: string): Promise<Subscriber | null> {
  return (await readSubscriber(alertBlobs(), subscriberHash(email)))?.record ?? null;
}
