import type { Store as Blobs } from '@netlify/blobs';
import { refuseSpeculation } from '../http/guards.ts';
import type { Context } from '@netlify/functions';
import { dealer } from '../../../src/lib/data/dealer.ts';
import {
  cleanLine,
  cleanText,
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  IDEMPOTENCY_FIELD,
  IDEMPOTENCY_KEY_MESSAGE,
  IDEMPOTENCY_KEY_PATTERN,
  leadSourceSchema,
  MIN_FILL_MS,
  UTM_FIELDS,
} from '../../../src/lib/leads/inquiry.ts';
import type { Errors, FormResult, Person, Values } from '../../../src/lib/leads/form.ts';
import type { LeadInterest } from '../../../src/lib/leads/contact-link.ts';
import { unitSnapshot } from './catalog.ts';
import { deliverLead } from './delivery.ts';
import { formPage, type PageSpec } from './form-page.ts';
import { errorResponse, jsonResponse, methodNotAllowed, SECURITY_HEADERS } from '../http/responses.ts';
import { carriesHealthToken } from '../../../src/lib/settings/health.ts';
import { TEST_LEAD, type Lead, type LeadSourceRecord } from './lead.ts';
import { attachPhotos, dropUploads, stagedPhotos, stagePhoto, type StagedPhoto } from './photos.ts';
import type { LeadForm } from '../../../src/lib/leads/form-names.ts';
import { dueKey } from '../inbox/reminders.ts';
import { indexFiledLead } from '../inbox/summaries.ts';
import { clientKey, takeToken } from '../http/rate-limit.ts';
import { readBody, type Fields, type PostedFile } from '../http/request.ts';
import { fileLead, keepOwnMarkers, leadsBlobs, readLead, recordSpam } from './blobs.ts';
import { leadStore } from '../stores/lead-store.ts';
import { notifyNewLead } from '../push/notify.ts';

/**
 * The one intake of every lead form (docs/product.md §Leads, docs/decisions/one-lead-intake.md):
 * /api/contact, /api/reserve, /api/trade-in, /api/service-request, /api/parts-request and
 * /api/unit-question are each `intake(form)`. For every form it reads the body (JSON, a plain
 * form post, or multipart with photos), gives a repeated submission its first answer, keeps
 * the rate limit and the bot guards, checks the input with the form's own schema, stages the
 * photos, stores the lead in Netlify Blobs, answers, and e-mails it after the answer. A form
 * brings its schema, how its lead is stored and how its page reads without JavaScript.
 */

export type Channel = LeadSourceRecord['channel'];

/** What happened to a submission, before it becomes a JSON or an HTML answer. */
export type LeadOutcome =
  | { kind: 'accepted'; id: string }
  | { kind: 'invalid'; error: string; errors: Errors; kept: StagedPhoto[] }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'conflict'; error: string }
  | { kind: 'unavailable' };

/** What a form files in the envelope every lead shares (newLead): the visitor's inquiry and the form's own record. */
export interface FormLead {
  inquiry: Lead['inquiry'];
  /** The trade, the service appointment, the parts, the question or the reservation; a store the form decided itself. */
  record?: Partial<Pick<Lead, 'reservation' | 'trade' | 'service' | 'parts' | 'question' | 'store'>>;
}

export interface IntakeForm<V> {
  id: LeadForm;
  /** The lead in the log: "an inquiry", "a trade-in request". */
  what: string;
  /** The answers say "message" (the contact form) or "request". */
  noun: 'message' | 'request';
  /** "This Idempotency-Key was already used for a different inquiry". */
  conflictNoun: 'inquiry' | 'request';
  /** The fields in form order (errors are reported in it). */
  fields: readonly string[];
  /** Whether a 400 JSON answer lists every field's message (`errors`) beside the first (`error`). */
  jsonFieldErrors: boolean;
  /** How many photos the form takes (none when absent). */
  photos?: number;
  validate(fields: Fields, now: number): FormResult<V>;
  /** What a checked submission files: the intake puts it in the envelope (newLead) and adds the unit and photos. */
  lead(value: V): FormLead;
  /** The form's page without JavaScript. */
  page(now: number): PageSpec;
  /** A plain form post's step before filing (the rental quote): the page to answer, or undefined to go on. */
  step?(fields: Fields, values: Values, now: number): Response | undefined;
  /** The unit on the lot the lead is about, when the form names one in its fields. */
  unitOf?(fields: Fields): string | undefined;
}

type IntakeContext = Partial<Pick<Context, 'ip' | 'waitUntil'>>;

/**
 * The envelope every lead is filed in (docs/product.md §Leads): its id, when it came, pending
 * until its e-mails are sent, the form it came from (none for the contact form, as leads were
 * before there were several forms), the visitor's inquiry and where it came from, and beside
 * them the form's own record.
 */
function newLead(base: Pick<Lead, 'id' | 'receivedAt' | 'source'>, form: LeadForm, { inquiry, record }: FormLead): Lead {
  return {
    id: base.id,
    receivedAt: base.receivedAt,
    status: 'pending',
    ...(form === 'contact' ? {} : { form }),
    inquiry,
    source: base.source,
    delivery: { attempts: 0 },
    ...record,
  };
}

/** The inquiry of a form other than the contact form: the visitor, the department it goes to, and the form's summary with the visitor's note below it. */
export function visitorInquiry(visitor: Person, interest: LeadInterest, summary: string, note?: string): Lead['inquiry'] {
  const { firstName, lastName, email, phone } = visitor;
  return { firstName, lastName, email, phone, interest, message: note ? `${summary}\n\n${note}` : summary };
}

const phone = dealer.phones.local.display;

/** The answers every form gives for the same situations, in its own words. */
export function intakeErrors(noun: string, conflictNoun: string) {
  return {
    rateLimited: (minutes: number) =>
      `Too many ${noun}s from your connection. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'} or call us at ${phone}.`,
    unavailable: `We could not save your ${noun} just now. Please try again in a minute or call us at ${phone}.`,
    keyReused: `This Idempotency-Key was already used for a different ${conflictNoun}`,
  } as const;
}

/** HTML answers (the form again): their own policy, inline styles and posting back only. */
const HTML_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

export function htmlResponse(body: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { ...HTML_HEADERS, ...headers } });
}

export function intake<V>(form: IntakeForm<V>): (request: Request, context?: IntakeContext) => Promise<Response> {
  /** Requests with the same key that reach this instance together share one outcome. */
  const inFlight = new Map<string, Promise<LeadOutcome>>();
  const errors = intakeErrors(form.noun, form.conflictNoun);

  return async function handle(request: Request, context: IntakeContext = {}): Promise<Response> {
    const refused = refuseSpeculation(request);
    if (refused) return refused;
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    // A test lead (npm run doctor) says so, with the site's HEALTH_TOKEN; a visitor never sends the header.
    const test = request.headers.get(TEST_LEAD.header);
    if (test !== null && (test !== TEST_LEAD.value || !carriesHealthToken(request)))
      return errorResponse(403, `A test lead (${TEST_LEAD.header}: ${TEST_LEAD.value}) needs the site's HEALTH_TOKEN in Authorization: Bearer.`);
    const body = await readBody(request, { files: form.photos !== undefined });
    if ('error' in body) return errorResponse(body.status, body.error);
    const { channel, fields, files } = body;
    const source = leadSource(request, fields, channel);
    const now = Date.now();

    const stepped = channel === 'form' ? form.step?.(fields, formValues(fields, source), now) : undefined;
    if (stepped) return stepped;

    // A plain post with photos needs a key of its own: the photos wait under it for the next post.
    if (channel === 'form' && form.photos !== undefined && stringField(fields[IDEMPOTENCY_FIELD]) === undefined && !request.headers.get('idempotency-key')) {
      fields[IDEMPOTENCY_FIELD] = crypto.randomUUID();
    }
    const lead = await leadIdOf(request, fields);
    if ('error' in lead) return errorResponse(400, lead.error);
    const { id, keyed } = lead;
    const outcome = await fileOnce(
      inFlight,
      id,
      keyed,
      () => file(form, request, context, { fields, files, source, id, keyed, now, channel, test: test !== null }),
      form.what,
    );
    return respond(form, errors, outcome, channel, fields, source, now);
  };
}

interface Submission {
  fields: Fields;
  files: PostedFile[];
  source: LeadSourceRecord;
  id: string;
  keyed: boolean;
  now: number;
  channel: Channel;
  /** A test lead of npm run doctor. */
  test: boolean;
}

async function file<V>(form: IntakeForm<V>, request: Request, context: IntakeContext, submission: Submission): Promise<LeadOutcome> {
  const { fields, files, source, id, keyed, now, channel, test } = submission;
  const store = leadsBlobs();
  const reused = { kind: 'conflict', error: intakeErrors(form.noun, form.conflictNoun).keyReused } as const;

  // A repeated submission (same key) gets the first answer and files nothing.
  if (keyed) {
    const first = await readLead(store, id);
    if (first) return sameSubmission(first.lead, fields) ? { kind: 'accepted', id } : reused;
  }

  const ip = context.ip || request.headers.get('x-nf-client-connection-ip') || 'unknown';
  const rate = await takeToken(store, await clientKey(ip), id, now);
  if (!rate.allowed) return { kind: 'rate-limited', retryAfterSeconds: rate.retryAfterSeconds };

  // Bot guards, only when the form sends them: a plain API call with the fields is a lead.
  const bot = botReason(fields);
  if (bot) {
    await recordSpam(store, { at: now, reason: bot, channel: source.channel, page: source.page });
    return { kind: 'accepted', id };
  }

  // Photos of a plain form post are checked and kept even when another field is wrong.
  const photoErrors: string[] = [];
  if (form.photos !== undefined && files.length > 0) {
    const staged = await stagedPhotos(store, id);
    let index = staged.reduce((next, photo) => Math.max(next, photo.index + 1), 0);
    for (const posted of files.filter((candidate) => candidate.field === 'photos')) {
      const result = await stagePhoto(store, id, index, posted.name, posted.bytes, form.photos, now);
      if (result.ok) index++;
      else photoErrors.push(result.error);
    }
  }

  const result = form.validate(fields, now);
  if (!result.ok || photoErrors.length > 0) {
    const problems: Errors = result.ok ? {} : { ...result.errors };
    if (photoErrors.length > 0) problems.photos = photoErrors.join(' ');
    const first = form.fields.find((name) => problems[name]);
    const kept = form.photos !== undefined ? await stagedPhotos(store, id) : [];
    return { kind: 'invalid', error: (first && problems[first]) || (result.ok ? '' : result.error), errors: problems, kept };
  }

  const lead = newLead({ id, receivedAt: new Date(now).toISOString(), source }, form.id, form.lead(result.value));
  if (test) lead.test = TEST_LEAD.value;
  const unitId = form.unitOf?.(fields) ?? source.vehicle;
  const unit = unitSnapshot(unitId);
  if (unit) lead.unit = unit;
  // The store a form decided itself (a rental's delivering store), else the one the visitor chose.
  lead.store = leadStore(unit ? unitId : undefined, lead.store ?? fields.store).slug;
  if (form.photos !== undefined) {
    const chosen = channel === 'json' ? photoIndexes(fields.photos) : undefined;
    const photos = channel === 'json' && chosen?.length === 0 ? [] : await attachPhotos(store, id, chosen);
    if (photos.length > 0) lead.photos = photos;
  }

  const filed = await fileLead(store, lead);
  if (!filed.created) {
    if (filed.existing && !sameSubmission(filed.existing, fields)) return reused;
    // The same lead filed by a request racing with this one, or by this one (a filing can land
    // and be answered "exists" when the Blobs client retried it): whoever filed it may not be
    // sending it, so a lead still pending is tried from here too. deliverLead leaves a lead
    // whose try is under way or not yet due alone, and its claim lets only one sender send.
    if (filed.existing?.status === 'pending') void startDelivery(store, id, context);
    return { kind: 'accepted', id };
  }
  if (form.photos !== undefined) await dropUploads(store, id);
  // The inbox's reminder if nobody answers it in time (inbox/reminders.ts): a marker named by when.
  const due = dueKey(lead);
  if (due) await store.set(due, '');
  const sending = startDelivery(store, id, context);
  // The staff's devices hear of it beside the e-mail, never in its way (lib/push/notify.ts): not awaited here.
  const pushing = notifyNewLead(lead).catch(() => undefined);
  if (context.waitUntil) context.waitUntil(pushing);
  // Then the lead into the inbox's index (inbox/summaries.ts), after its e-mails so as not to slow
  // them; if this is lost, the next list folds its marker. A filing another one landed over takes
  // its markers away instead (store.ts keepOwnMarkers): one lead, one arrival.
  const markers = due ? [...filed.markers, due] : filed.markers;
  const indexing = sending
    .then(async () => {
      if (await keepOwnMarkers(store, lead, markers)) await indexFiledLead(store, lead);
    })
    .catch(() => undefined);
  if (context.waitUntil) context.waitUntil(indexing);
  return { kind: 'accepted', id };
}

/**
 * The visitor's answer does not wait for the e-mail; a failed send stays pending for the retry
 * job. Requests racing with this one for the same lead meet at its claim (lib/leads/delivery.ts).
 */
function startDelivery(store: Blobs, id: string, context: IntakeContext): Promise<unknown> {
  const sending = deliverLead(store, id).catch((error: unknown) => {
    console.error(`[leads] E-mail step for lead ${id} failed: ${error instanceof Error ? error.message : 'unknown error'}`);
  });
  if (context.waitUntil) context.waitUntil(sending);
  return sending;
}

/** The staged photos a JSON submission names: `photos: [0, 2]` (indexes of its uploads). */
function photoIndexes(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((item) => (typeof item === 'object' && item !== null ? (item as { index?: unknown }).index : item))
    .filter((item): item is number => Number.isInteger(item));
}

function respond<V>(
  form: IntakeForm<V>,
  errors: ReturnType<typeof intakeErrors>,
  outcome: LeadOutcome,
  channel: Channel,
  fields: Fields,
  source: LeadSourceRecord,
  now: number,
): Response {
  if (channel === 'form') {
    if (outcome.kind === 'accepted')
      return new Response(null, { status: 303, headers: { ...SECURITY_HEADERS, Location: '/thank-you', 'Cache-Control': 'no-store' } });
    const status = { invalid: 400, conflict: 422, 'rate-limited': 429, unavailable: 503 }[outcome.kind];
    const notice =
      outcome.kind === 'rate-limited'
        ? errors.rateLimited(minutes(outcome.retryAfterSeconds))
        : outcome.kind === 'unavailable'
          ? errors.unavailable
          : outcome.kind === 'conflict'
            ? outcome.error
            : undefined;
    // Photos already received stay with the key they were staged under; otherwise a fresh key.
    const keptPhotos = outcome.kind === 'invalid' ? outcome.kept : [];
    const key = keptPhotos.length > 0 ? (stringField(fields[IDEMPOTENCY_FIELD]) ?? crypto.randomUUID()) : crypto.randomUUID();
    const page = formPage(
      form.page(now),
      { values: formValues(fields, source), errors: outcome.kind === 'invalid' ? outcome.errors : {}, notice, idempotencyKey: key, keptPhotos },
      dealer,
    );
    return htmlResponse(page, status, retryAfter(outcome));
  }
  switch (outcome.kind) {
    case 'accepted':
      return jsonResponse({ ok: true, id: outcome.id });
    case 'invalid':
      return form.jsonFieldErrors ? jsonResponse({ error: outcome.error, errors: outcome.errors }, { status: 400 }) : errorResponse(400, outcome.error);
    case 'conflict':
      return errorResponse(422, outcome.error);
    case 'rate-limited':
      return errorResponse(429, errors.rateLimited(minutes(outcome.retryAfterSeconds)), { headers: retryAfter(outcome) });
    case 'unavailable':
      return errorResponse(503, errors.unavailable, { headers: retryAfter(outcome) });
  }
}

function retryAfter(outcome: LeadOutcome): Record<string, string> {
  if (outcome.kind === 'rate-limited') return { 'Retry-After': String(outcome.retryAfterSeconds) };
  if (outcome.kind === 'unavailable') return { 'Retry-After': '60' };
  return {};
}

/** What the visitor sent, as text, plus where the lead came from (carried through the next post). */
export function formValues(fields: Fields, source: LeadSourceRecord): Values {
  return {
    ...Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [name, Array.isArray(value) ? value.map((item) => stringField(item) ?? '') : (stringField(value) ?? '')]),
    ),
    ...defined({ page: source.page, vehicle: source.vehicle, referrer: source.referrer }),
    ...source.utm,
  };
}

/** A copy of a submission is the same visitor: the e-mail address it was filed with. */
function sameSubmission(lead: Lead, fields: Fields): boolean {
  const email = stringField(fields.email);
  return email !== undefined && cleanText(email).trim() === lead.inquiry.email;
}

export function botReason(fields: Record<string, unknown>): 'honeypot' | 'too-fast' | undefined {
  const honeypot = fields[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== '') return 'honeypot';
  const fill = fields[FILL_TIME_FIELD];
  if (fill !== undefined && fill !== null && fill !== '') {
    const ms = Number(fill);
    if (!Number.isFinite(ms) || ms < MIN_FILL_MS) return 'too-fast';
  }
  return undefined;
}

/**
 * Page, vehicle, referrer and UTM parameters as the island sends them; without JavaScript the
 * form page's own address (the Referer of a same-site form post) supplies page, vehicle and UTM.
 */
export function leadSource(request: Request, fields: Record<string, unknown>, channel: Channel): LeadSourceRecord {
  const sent = leadSourceSchema.parse(pick(fields, ['page', 'vehicle', 'referrer', ...UTM_FIELDS]));
  const referer = sameSiteReferer(request);
  const fromPage = referer ? leadSourceSchema.parse({ page: `${referer.pathname}${referer.search}`, ...Object.fromEntries(referer.searchParams) }) : {};
  const utm: LeadSourceRecord['utm'] = {};
  for (const name of UTM_FIELDS) {
    const value = sent[name] ?? fromPage[name];
    if (value) utm[name] = value;
  }
  const userAgent = cleanLine(request.headers.get('user-agent'), 500);
  return {
    channel,
    ...defined({ page: sent.page ?? fromPage.page, vehicle: sent.vehicle ?? fromPage.vehicle, referrer: sent.referrer, userAgent }),
    utm,
  };
}

function sameSiteReferer(request: Request): URL | undefined {
  const header = request.headers.get('referer');
  if (!header) return undefined;
  try {
    const referer = new URL(header);
    return referer.host === new URL(request.url).host ? referer : undefined;
  } catch {
    return undefined;
  }
}

/** A lead id from an idempotency key: the same key always files under the same id. */
export async function idFromKey(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`lead:${key}`));
  const hex = Buffer.from(digest).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function pick(fields: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.filter((name) => Object.hasOwn(fields, name)).map((name) => [name, fields[name]]));
}

export function defined<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function stringField(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

export function minutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/**
 * The lead id of a request: from its idempotency key (the Idempotency-Key header or the form's
 * hidden field), so a retried request files under the same id, or a new one. A malformed key
 * is the caller's mistake: its message, for a 400.
 */
export async function leadIdOf(request: Request, fields: Record<string, unknown>): Promise<{ id: string; keyed: boolean } | { error: string }> {
  const key = request.headers.get('idempotency-key') ?? stringField(fields[IDEMPOTENCY_FIELD]);
  if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) return { error: IDEMPOTENCY_KEY_MESSAGE };
  return { id: key ? await idFromKey(key) : crypto.randomUUID(), keyed: key !== undefined };
}

/**
 * Runs `work` once for requests with the same key that reach this instance together: the
 * second waits for the first's outcome instead of filing again (a double click). Unkeyed
 * requests always run. `what` names the lead in the log when filing throws.
 */
export async function fileOnce(
  inFlight: Map<string, Promise<LeadOutcome>>,
  id: string,
  keyed: boolean,
  work: () => Promise<LeadOutcome>,
  what: string,
): Promise<LeadOutcome> {
  const running = keyed ? inFlight.get(id) : undefined;
  if (running) return running;
  const promise = work().catch((error: unknown): LeadOutcome => {
    console.error(`[leads] Could not file ${what}: ${error instanceof Error ? error.message : 'unknown error'}`);
    return { kind: 'unavailable' };
  });
  if (!keyed) return promise;
  inFlight.set(id, promise);
  try {
    return await promise;
  } finally {
    inFlight.delete(id);
  }
}
