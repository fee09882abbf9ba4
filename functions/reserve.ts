import type { Config, Context } from '@netlify/functions';
import { dealer } from '../src/lib/data/dealer.ts';
import { reservationOptions } from '../src/lib/data/reservation.ts';
import { RESERVATION_FIELDS, reservationSummary, validateReservation, type Reservation, type ReservationErrors } from '../src/lib/reservation.ts';
import { deliverLead } from './lib/delivery.ts';
import { errorResponse, jsonResponse, methodNotAllowed, SECURITY_HEADERS } from './lib/http.ts';
import { botReason, defined, fileOnce, leadIdOf, leadSource, minutes, pick, stringField, type Channel, type LeadOutcome } from './lib/intake.ts';
import type { Lead, LeadSourceRecord } from './lib/lead.ts';
import { clientKey, takeToken } from './lib/rate-limit.ts';
import { storedReservation } from './lib/reservation-record.ts';
import { reservationFormPage, reservationQuotePage, STEP_FIELD } from './lib/reservation-page.ts';
import { readBody } from './lib/request.ts';
import { fileLead, leadsStore, readLead, recordSpam } from './lib/store.ts';

/**
 * POST /api/reserve: a rental reservation request (docs/product.md §Rentals, §Leads). Checked
 * and quoted by the same module as the island on /rentals, then filed like a contact inquiry:
 * stored in Netlify Blobs with interest "rentals" and the quote, answered, then e-mailed.
 *
 * JSON (the island, API clients): 200 {ok, id}, or 4xx {error, errors}.
 * A plain form post (JavaScript off) takes two steps: the first answers a page with the quote
 * worked out here and a Send request button; that post (step=send) files the request and
 * answers 303 to /thank-you. Invalid input answers the form again with its errors.
 */

type Outcome = LeadOutcome<ReservationErrors>;

const phone = dealer.phones.local.display;
export const RESERVE_ERRORS = {
  rateLimited: (minutes: number) =>
    `Too many requests from your connection. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'} or call us at ${phone}.`,
  unavailable: `We could not save your request just now. Please try again in a minute or call us at ${phone}.`,
  keyReused: 'This Idempotency-Key was already used for a different request',
} as const;

const inFlight = new Map<string, Promise<Outcome>>();
const UNAVAILABLE: Outcome = { kind: 'unavailable' };

type ReserveContext = Partial<Pick<Context, 'ip' | 'waitUntil'>>;

const HTML_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

export default async function reserve(request: Request, context: ReserveContext = {}): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await readBody(request);
  if ('error' in body) return errorResponse(body.status, body.error);
  const { channel, fields } = body;
  const source = leadSource(request, fields, channel);
  const now = Date.now();

  // Without JavaScript: the quote first (nothing stored), or the form to change the request.
  if (channel === 'form' && fields[STEP_FIELD] !== 'send') {
    const values = formValues(fields, source);
    if (fields[STEP_FIELD] === 'edit') return html(reservationFormPage({ values, errors: {} }, reservationOptions, dealer), 200);
    const result = validateReservation(pick(fields, RESERVATION_FIELDS), reservationOptions, now);
    if (!result.ok) return html(reservationFormPage({ values, errors: result.errors }, reservationOptions, dealer), 400);
    return html(reservationQuotePage(result.reservation, values, crypto.randomUUID(), dealer), 200);
  }

  const lead = await leadIdOf(request, fields);
  if ('error' in lead) return errorResponse(400, lead.error);
  const { id, keyed } = lead;
  const outcome = await fileOnce(inFlight, id, keyed, () => handle(request, context, fields, source, id, keyed, now), UNAVAILABLE, 'a reservation request');
  return respond(outcome, channel, fields, source);
}

async function handle(
  request: Request,
  context: ReserveContext,
  fields: Record<string, unknown>,
  source: LeadSourceRecord,
  id: string,
  keyed: boolean,
  now: number,
): Promise<Outcome> {
  const store = leadsStore();

  // A repeated submission (same key) gets the first answer and files nothing.
  if (keyed) {
    const first = await readLead(store, id);
    if (first) return sameRequest(first.lead, fields) ? { kind: 'accepted', id } : { kind: 'conflict', error: RESERVE_ERRORS.keyReused };
  }

  const ip = context.ip || request.headers.get('x-nf-client-connection-ip') || 'unknown';
  const rate = await takeToken(store, await clientKey(ip), id, now);
  if (!rate.allowed) return { kind: 'rate-limited', retryAfterSeconds: rate.retryAfterSeconds };

  const bot = botReason(fields);
  if (bot) {
    await recordSpam(store, { at: now, reason: bot, channel: source.channel, page: source.page });
    return { kind: 'accepted', id };
  }

  const result = validateReservation(pick(fields, RESERVATION_FIELDS), reservationOptions, now);
  if (!result.ok) return { kind: 'invalid', error: result.error, errors: result.errors };

  const lead = reservationLead(result.reservation, id, now, source);
  const filed = await fileLead(store, lead);
  if (!filed.created) {
    return !filed.existing || sameRequest(filed.existing, fields) ? { kind: 'accepted', id } : { kind: 'conflict', error: RESERVE_ERRORS.keyReused };
  }

  const sending = deliverLead(store, id).catch((error: unknown) => {
    console.error(`[leads] E-mail step for lead ${id} failed: ${error instanceof Error ? error.message : 'unknown error'}`);
  });
  if (context.waitUntil) context.waitUntil(sending);
  return { kind: 'accepted', id };
}

/** The lead of a checked request: the contact fields, interest rentals, and the quote. */
export function reservationLead(reservation: Reservation, id: string, now: number, source: LeadSourceRecord): Lead {
  const { input, quote } = reservation;
  const summary = `Rental reservation request: ${reservationSummary(quote)}.`;
  return {
    id,
    receivedAt: new Date(now).toISOString(),
    status: 'pending',
    inquiry: {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      interest: 'rentals',
      message: input.note ? `${summary}\n\n${input.note}` : summary,
    },
    source,
    delivery: { attempts: 0 },
    reservation: storedReservation(reservation),
  };
}

function respond(outcome: Outcome, channel: Channel, fields: Record<string, unknown>, source: LeadSourceRecord): Response {
  if (channel === 'form') {
    if (outcome.kind === 'accepted')
      return new Response(null, { status: 303, headers: { ...SECURITY_HEADERS, Location: '/thank-you', 'Cache-Control': 'no-store' } });
    const status = { invalid: 400, conflict: 422, 'rate-limited': 429, unavailable: 503 }[outcome.kind];
    const notice =
      outcome.kind === 'rate-limited'
        ? RESERVE_ERRORS.rateLimited(minutes(outcome.retryAfterSeconds))
        : outcome.kind === 'unavailable'
          ? RESERVE_ERRORS.unavailable
          : outcome.kind === 'conflict'
            ? outcome.error
            : undefined;
    const page = reservationFormPage(
      { values: formValues(fields, source), errors: outcome.kind === 'invalid' ? outcome.errors : {}, notice },
      reservationOptions,
      dealer,
    );
    return html(page, status, retryAfter(outcome));
  }
  switch (outcome.kind) {
    case 'accepted':
      return jsonResponse({ ok: true, id: outcome.id });
    case 'invalid':
      return jsonResponse({ error: outcome.error, errors: outcome.errors }, { status: 400 });
    case 'conflict':
      return errorResponse(422, outcome.error);
    case 'rate-limited':
      return errorResponse(429, RESERVE_ERRORS.rateLimited(minutes(outcome.retryAfterSeconds)), { headers: retryAfter(outcome) });
    case 'unavailable':
      return errorResponse(503, RESERVE_ERRORS.unavailable, { headers: retryAfter(outcome) });
  }
}

function retryAfter(outcome: Outcome): Record<string, string> {
  if (outcome.kind === 'rate-limited') return { 'Retry-After': String(outcome.retryAfterSeconds) };
  if (outcome.kind === 'unavailable') return { 'Retry-After': '60' };
  return {};
}

function html(body: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { ...HTML_HEADERS, ...headers } });
}

/** What the visitor sent, as text, plus where the lead came from (carried through the next post). */
function formValues(fields: Record<string, unknown>, source: LeadSourceRecord): Record<string, string> {
  return {
    ...Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, stringField(value) ?? ''])),
    ...defined({ page: source.page, referrer: source.referrer }),
    ...source.utm,
  };
}

function sameRequest(lead: Lead, fields: Record<string, unknown>): boolean {
  return stringField(fields.email)?.trim() === lead.inquiry.email;
}

export const config: Config = { path: '/api/reserve' };
