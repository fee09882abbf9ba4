import type { Config, Context } from '@netlify/functions';
import { refuseSpeculation } from './lib/http/guards.ts';
import { z } from 'zod';
import { dealer } from '../src/lib/data/dealer.ts';
import { cleanText, HONEYPOT_FIELD, LIMITS, MESSAGES } from '../src/lib/leads/inquiry.ts';
import { alertFromRequest, titleOf } from './lib/alerts/lot.ts';
import { alertPage, backLinks, p } from './lib/alerts/pages.ts';
import { deliverQueued } from './lib/alerts/sending.ts';
import { alertsBlobs, parseQueueKey } from './lib/alerts/blobs.ts';
import { requestAlert } from './lib/alerts/subscriptions.ts';
import { errorResponse, jsonResponse, methodNotAllowed, SECURITY_HEADERS } from './lib/http/responses.ts';
import { leadSource, minutes, stringField } from './lib/leads/intake.ts';
import { clientKey, takeToken } from './lib/http/rate-limit.ts';
import { readBody } from './lib/http/request.ts';
import { escapeHtml } from './lib/text.ts';

/**
 * POST /api/alerts: a request for an e-mail alert (docs/product.md §Alerts). The form asks for an
 * e-mail address only; hidden fields say which alert (`alert`: inventory, model, price, free,
 * like; `unit` or `model`), and the inventory's filters come from the address of the list the
 * visitor was on. The request is stored and a confirmation e-mail queued; the answer is the
 * same whether or not the address has alerts already: 303 to /alerts/check-your-inbox (a form
 * post) or {"ok": true}.
 */

export const CHECK_INBOX = '/alerts/check-your-inbox';

const phone = dealer.phones.local.display;
export const ALERT_ERRORS = {
  rateLimited: (wait: number) => `Too many requests from your connection. Please try again in ${wait} minute${wait === 1 ? '' : 's'}.`,
  unavailable: `We could not save your request just now. Please try again in a minute or call us at ${phone}.`,
} as const;

const emailSchema = z.email();

type AlertsContext = Partial<Pick<Context, 'ip' | 'waitUntil'>>;

export default async function alerts(request: Request, context: AlertsContext = {}): Promise<Response> {
  const refused = refuseSpeculation(request);
  if (refused) return refused;
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await readBody(request);
  if ('error' in body) return errorResponse(body.status, body.error);
  const { channel, fields } = body;
  const page = leadSource(request, {}, channel).page;
  const referer = page ? new URL(page, request.url) : undefined;

  const email = cleanText(stringField(fields.email) ?? '').trim();
  const wanted = alertFromRequest(fields, referer);
  const problem = !emailSchema.safeParse(email).success || email.length > LIMITS.email ? MESSAGES.email : 'error' in wanted ? wanted.error : undefined;
  if (problem || 'error' in wanted) return refuse(channel, 400, problem ?? MESSAGES.email, fields);

  try {
    const store = alertsBlobs();
    const now = Date.now();
    const ip = context.ip || request.headers.get('x-nf-client-connection-ip') || 'unknown';
    const rate = await takeToken(store, await clientKey(ip), crypto.randomUUID(), now);
    if (!rate.allowed) {
      return refuse(channel, 429, ALERT_ERRORS.rateLimited(minutes(rate.retryAfterSeconds)), fields, { 'Retry-After': String(rate.retryAfterSeconds) });
    }
    // A bot (the hidden field filled in) gets the usual answer; nothing is stored or sent.
    const honeypot = stringField(fields[HONEYPOT_FIELD]);
    if (!honeypot?.trim()) {
      const { queued } = await requestAlert(store, email, wanted.alert, titleOf(wanted.alert), now);
      const entry = queued ? parseQueueKey(queued) : null;
      if (entry) {
        // The visitor's answer does not wait for the e-mail; the scheduled job sends what this cannot.
        const sending = deliverQueued(store, entry, { now }).catch((error: unknown) => {
          console.error(`[alerts] Confirmation e-mail step failed: ${error instanceof Error ? error.message : 'unknown error'}`);
        });
        context.waitUntil?.(sending);
      }
    }
  } catch (error) {
    console.error(`[alerts] Could not store an alert request: ${error instanceof Error ? error.message : 'unknown error'}`);
    return refuse(channel, 503, ALERT_ERRORS.unavailable, fields, { 'Retry-After': '60' });
  }
  if (channel === 'json') return jsonResponse({ ok: true });
  return new Response(null, { status: 303, headers: { ...SECURITY_HEADERS, Location: CHECK_INBOX, 'Cache-Control': 'no-store' } });
}

/**
 * Refused: JSON {"error"}, or for a form post a page saying why: the form again (the same hidden
 * fields) for a bad address, the rate limit or storage down; only the reason for an alert we do not offer.
 */
function refuse(channel: 'json' | 'form', status: number, message: string, fields: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  if (channel === 'json') return errorResponse(status, message, { headers });
  const badAddress = message === MESSAGES.email;
  const notice = badAddress ? '' : `<div class="summary"><h2>Your request was not saved</h2>${p(message)}</div>`;
  if (status === 400 && !badAddress) return alertPage(status, 'E-mail alert', `${notice}${backLinks}`, dealer, headers);
  const hidden = ['alert', 'unit', 'model', 'search', 'brand', 'category', 'price', 'street']
    .filter((name) => stringField(fields[name]) !== undefined)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(stringField(fields[name]) ?? '')}">`)
    .join('');
  const invalid = badAddress ? ' aria-invalid="true" aria-describedby="alert-email-error" autofocus' : '';
  const error = badAddress ? `<p class="error" id="alert-email-error">${escapeHtml(message)}</p>` : '';
  const value = escapeHtml(stringField(fields.email) ?? '');
  const form = `<form method="post" action="/api/alerts" novalidate><div><label for="alert-email">Your e-mail address</label><input id="alert-email" name="email" type="email" autocomplete="email" required maxlength="${LIMITS.email}" value="${value}"${invalid}>${error}</div>${hidden}<div><button type="submit">Alert me</button></div></form>`;
  const intro = p('We ask only for your e-mail address, and send a link to confirm the alert.');
  return alertPage(status, 'E-mail alert', `${intro}${notice}${form}${backLinks}`, dealer, headers);
}

export const config: Config = { path: '/api/alerts' };
