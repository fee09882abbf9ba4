import type { Config, Context } from '@netlify/functions';
import { dealer } from '../src/lib/data/dealer.ts';
import { cleanText, INQUIRY_FIELDS, validateInquiry, type FieldErrors } from '../src/lib/inquiry.ts';
import { deliverLead } from './lib/delivery.ts';
import { formPage } from './lib/form-page.ts';
import { botReason, defined, fileOnce, leadIdOf, leadSource, minutes, pick, stringField, type Channel, type LeadOutcome } from './lib/intake.ts';
import { errorResponse, jsonResponse, methodNotAllowed, SECURITY_HEADERS } from './lib/http.ts';
import type { Lead, LeadSourceRecord } from './lib/lead.ts';
import { clientKey, takeToken } from './lib/rate-limit.ts';
import { readBody } from './lib/request.ts';
import { fileLead, leadsStore, readLead, recordSpam } from './lib/store.ts';

/**
 * POST /api/contact: the contact inquiry (docs/product.md §Inquiry, §Leads). Validate → store in Netlify Blobs →
 * answer → e-mail (after the answer, through context.waitUntil). JSON gets JSON back; a plain
 * HTML form post (JavaScript off) gets 303 to /thank-you or the form again with its errors.
 */

type Outcome = LeadOutcome<FieldErrors>;

const phone = dealer.phones.local.display;
export const CONTACT_ERRORS = {
  rateLimited: (minutes: number) =>
    `Too many messages from your connection. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'} or call us at ${phone}.`,
  unavailable: `We could not save your message just now. Please try again in a minute or call us at ${phone}.`,
  keyReused: 'This Idempotency-Key was already used for a different inquiry',
} as const;

/** Requests with the same key that arrive at this instance together share one outcome. */
const inFlight = new Map<string, Promise<Outcome>>();
const UNAVAILABLE: Outcome = { kind: 'unavailable' };

type ContactContext = Partial<Pick<Context, 'ip' | 'waitUntil'>>;

export default async function contact(request: Request, context: ContactContext = {}): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await readBody(request);
  if ('error' in body) return errorResponse(body.status, body.error);
  const { channel, fields } = body;

  const lead = await leadIdOf(request, fields);
  if ('error' in lead) return errorResponse(400, lead.error);
  const { id, keyed } = lead;
  const source = leadSource(request, fields, channel);
  const outcome = await fileOnce(inFlight, id, keyed, () => handle(request, context, fields, source, id, keyed), UNAVAILABLE, 'an inquiry');
  return respond(outcome, channel, fields, source);
}

async function handle(
  request: Request,
  context: ContactContext,
  fields: Record<string, unknown>,
  source: LeadSourceRecord,
  id: string,
  keyed: boolean,
): Promise<Outcome> {
  const store = leadsStore();
  const now = Date.now();

  // A repeated submission (same key) gets the first answer and files nothing.
  if (keyed) {
    const first = await readLead(store, id);
    if (first) return sameInquiry(first.lead, fields) ? { kind: 'accepted', id } : { kind: 'conflict', error: CONTACT_ERRORS.keyReused };
  }

  const ip = context.ip || request.headers.get('x-nf-client-connection-ip') || 'unknown';
  const rate = await takeToken(store, await clientKey(ip), id, now);
  if (!rate.allowed) return { kind: 'rate-limited', retryAfterSeconds: rate.retryAfterSeconds };

  // Bot guards, only when the form sends them: a plain API call with the six fields is a lead.
  const bot = botReason(fields);
  if (bot) {
    await recordSpam(store, { at: now, reason: bot, channel: source.channel, page: source.page });
    return { kind: 'accepted', id };
  }

  const result = validateInquiry(pick(fields, INQUIRY_FIELDS));
  if (!result.ok) return { kind: 'invalid', error: result.error, errors: result.errors };

  const lead: Lead = {
    id,
    receivedAt: new Date(now).toISOString(),
    status: 'pending',
    inquiry: result.inquiry,
    source,
    delivery: { attempts: 0 },
  };
  const filed = await fileLead(store, lead);
  if (!filed.created) {
    return !filed.existing || sameInquiry(filed.existing, fields) ? { kind: 'accepted', id } : { kind: 'conflict', error: CONTACT_ERRORS.keyReused };
  }

  // The visitor's answer does not wait for the e-mail; a failed send stays pending for the retry job.
  const sending = deliverLead(store, id).catch((error: unknown) => {
    console.error(`[leads] E-mail step for lead ${id} failed: ${error instanceof Error ? error.message : 'unknown error'}`);
  });
  if (context.waitUntil) context.waitUntil(sending);
  return { kind: 'accepted', id };
}

function respond(outcome: Outcome, channel: Channel, fields: Record<string, unknown>, source: LeadSourceRecord): Response {
  if (channel === 'form') {
    if (outcome.kind === 'accepted')
      return new Response(null, { status: 303, headers: { ...SECURITY_HEADERS, Location: '/thank-you', 'Cache-Control': 'no-store' } });
    return formAnswer(outcome, fields, source);
  }
  switch (outcome.kind) {
    case 'accepted':
      return jsonResponse({ ok: true, id: outcome.id });
    case 'invalid':
      return errorResponse(400, outcome.error);
    case 'conflict':
      return errorResponse(422, outcome.error);
    case 'rate-limited':
      return errorResponse(429, CONTACT_ERRORS.rateLimited(minutes(outcome.retryAfterSeconds)), {
        headers: { 'Retry-After': String(outcome.retryAfterSeconds) },
      });
    case 'unavailable':
      return errorResponse(503, CONTACT_ERRORS.unavailable, { headers: { 'Retry-After': '60' } });
  }
}

/**
 * The no-JavaScript answer: the form again, as a small HTML page of its own. Where the lead came
 * from (page, vehicle, UTM: read from the contact page's address) rides along in hidden fields,
 * since the next post comes from this page.
 */
function formAnswer(outcome: Exclude<Outcome, { kind: 'accepted' }>, fields: Record<string, unknown>, source: LeadSourceRecord): Response {
  const values: Record<string, string> = {
    ...Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, stringField(value) ?? ''])),
    ...defined({ page: source.page, vehicle: source.vehicle, referrer: source.referrer }),
    ...source.utm,
  };
  const status = { invalid: 400, conflict: 422, 'rate-limited': 429, unavailable: 503 }[outcome.kind];
  const notice =
    outcome.kind === 'rate-limited'
      ? CONTACT_ERRORS.rateLimited(minutes(outcome.retryAfterSeconds))
      : outcome.kind === 'unavailable'
        ? CONTACT_ERRORS.unavailable
        : outcome.kind === 'conflict'
          ? outcome.error
          : undefined;
  const html = formPage({ values, errors: outcome.kind === 'invalid' ? outcome.errors : {}, notice, idempotencyKey: crypto.randomUUID() }, dealer);
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  };
  if (outcome.kind === 'rate-limited') headers['Retry-After'] = String(outcome.retryAfterSeconds);
  if (outcome.kind === 'unavailable') headers['Retry-After'] = '60';
  return new Response(html, { status, headers });
}

function sameInquiry(lead: Lead, fields: Record<string, unknown>): boolean {
  const email = stringField(fields.email);
  return email !== undefined && cleanText(email).trim() === lead.inquiry.email;
}

export const config: Config = { path: '/api/contact' };
