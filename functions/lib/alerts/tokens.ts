import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Subscriber } from './blobs.ts';

/**
 * The links of alert e-mails carry a signature (HMAC-SHA256 with ALERTS_SECRET) of what they
 * open: no token is stored, none can be guessed without the secret, and each dies with what it
 * names (the alert, or the subscriber record and its random key). docs/decisions/email-alerts.md.
 */

type Purpose = 'confirm' | 'manage';

function sign(secret: string, purpose: Purpose, parts: readonly string[]): string {
  return createHmac('sha256', secret)
    .update(`${purpose}:${parts.join(':')}`)
    .digest('base64url')
    .slice(0, 32);
}

function matches(token: string, expected: string): boolean {
  const a = Buffer.from(token);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function confirmToken(secret: string, hash: string, record: Pick<Subscriber, 'key'>, alertId: string): string {
  return sign(secret, 'confirm', [hash, record.key, alertId]);
}

export function manageToken(secret: string, hash: string, record: Pick<Subscriber, 'key'>): string {
  return sign(secret, 'manage', [hash, record.key]);
}

export function confirmTokenMatches(secret: string, token: string, hash: string, record: Pick<Subscriber, 'key'>, alertId: string): boolean {
  return matches(token, confirmToken(secret, hash, record, alertId));
}

export function manageTokenMatches(secret: string, token: string, hash: string, record: Pick<Subscriber, 'key'>): boolean {
  return matches(token, manageToken(secret, hash, record));
}

/** The addresses the e-mails link to. */
export const alertLinks = {
  confirm: (site: string, secret: string, hash: string, record: Pick<Subscriber, 'key'>, alertId: string) =>
    `${site}/alerts/confirm?${new URLSearchParams({ s: hash, a: alertId, t: confirmToken(secret, hash, record, alertId) })}`,
  manage: (site: string, secret: string, hash: string, record: Pick<Subscriber, 'key'>) =>
    `${site}/alerts/manage?${new URLSearchParams({ s: hash, t: manageToken(secret, hash, record) })}`,
  /** One-click unsubscribe (RFC 8058): a POST ends every alert; a GET shows the page to manage them. */
  unsubscribe: (site: string, secret: string, hash: string, record: Pick<Subscriber, 'key'>) =>
    `${site}/api/alerts/unsubscribe?${new URLSearchParams({ s: hash, t: manageToken(secret, hash, record) })}`,
} as const;
