import {
  cleanLine,
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  IDEMPOTENCY_FIELD,
  IDEMPOTENCY_KEY_MESSAGE,
  IDEMPOTENCY_KEY_PATTERN,
  leadSourceSchema,
  MIN_FILL_MS,
  UTM_FIELDS,
} from '../../src/lib/inquiry.ts';
import type { LeadSourceRecord } from './lead.ts';

/**
 * The steps every lead intake shares (/api/contact, /api/reserve): the bot guards, where the
 * lead came from, the lead id of an idempotency key, and small helpers for posted fields.
 */

export type Channel = LeadSourceRecord['channel'];

/** What happened to a lead request (inquiry or reservation), before it becomes a JSON or an HTML answer. */
export type LeadOutcome<FieldErrors> =
  | { kind: 'accepted'; id: string }
  | { kind: 'invalid'; error: string; errors: FieldErrors }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'conflict'; error: string }
  | { kind: 'unavailable' };

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
 * contact page's own address (the Referer of a same-site form post) supplies page, vehicle and UTM.
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
 * Runs `file` once for requests with the same key that reach this instance together: the
 * second waits for the first's outcome instead of filing again (a double click). Unkeyed
 * requests always run. `what` names the request in the log when filing throws.
 */
export async function fileOnce<T>(
  inFlight: Map<string, Promise<T>>,
  id: string,
  keyed: boolean,
  file: () => Promise<T>,
  unavailable: T,
  what: string,
): Promise<T> {
  const running = keyed ? inFlight.get(id) : undefined;
  if (running) return running;
  const promise = file().catch((error: unknown) => {
    console.error(`[leads] Could not file ${what}: ${error instanceof Error ? error.message : 'unknown error'}`);
    return unavailable;
  });
  if (!keyed) return promise;
  inFlight.set(id, promise);
  try {
    return await promise;
  } finally {
    inFlight.delete(id);
  }
}
