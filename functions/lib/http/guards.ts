import { createHmac, timingSafeEqual } from 'node:crypto';
import { isLoopbackAddress, runsLocally } from '../../../src/lib/settings/platform.ts';
import { jsonResponse } from './responses.ts';

/**
 * The functions that are not for visitors (scheduled jobs and the deploy event) refuse a
 * visitor here, whatever the routing in front of them does (docs/operations.md §What each
 * function trusts). Each handler's first line:
 *
 *   const refused = await scheduledOnly(request); if (refused) return refused;
 *   const refused = await deployEventOnly(request, context); if (refused) return refused;
 *
 * A scheduled invocation is what Netlify's scheduler sends: a POST with the header
 * `X-NF-Event: schedule` and the body `{"next_run": "<ISO time>"}`. Locally (`npm start`) a job
 * runs when that is sent from this machine (docs/operations.md §What each function trusts);
 * netlify-cli sets x-nf-client-connection-ip from the connection, whatever the caller sends. On Netlify a published deploy does not route a URL to a
 * scheduled function at all; the shape is checked as well, so that a page elsewhere cannot make
 * a visitor's browser start a job (a custom header needs a CORS preflight, which no function
 * grants) and a bare call by URL does nothing.
 *
 * A deploy event is believed only as far as the platform vouches for it: the deploy a function
 * runs in is given by Netlify's runtime (`context.deploy`, from the x-nf-deploy-* headers
 * Netlify's proxy sets), never by the request body. Locally nothing is a deploy event. An event must
 * name that deploy (its id and its context), so a payload claiming `production` cannot make a
 * deploy preview, a branch deploy or `netlify serve` (context `dev`) publish alerts. On the
 * production deploy itself, the event names what is already published, and publishing it again
 * sends nothing twice (deploy-succeeded.ts).
 */

const notFound = () => jsonResponse({ error: 'Not found' }, { status: 404 });

/** netlify-cli sets this header from the connection itself (after the request's own headers). */
const fromThisMachine = (request: Request) => isLoopbackAddress(request.headers.get('x-nf-client-connection-ip'));

/** The runtime's word on the deploy this function runs in (Netlify's Context, or a test's). */
export interface DeployContext {
  deploy?: { context?: string; id?: string };
}

/** null when `request` is a scheduled invocation, else the answer to give (404: nothing to see here). */
export async function scheduledOnly(request?: Request): Promise<Response | null> {
  if (!request || request.method !== 'POST' || request.headers.get('x-nf-event') !== 'schedule') return notFound();
  // Locally anyone who reaches the port could send that shape: only from this machine.
  if (runsLocally() && !fromThisMachine(request)) return notFound();
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => null);
  const nextRun = body && typeof body === 'object' && 'next_run' in body ? body.next_run : undefined;
  return typeof nextRun === 'string' && Number.isFinite(Date.parse(nextRun)) ? null : notFound();
}

/** A scheduled invocation as Netlify sends it (for tests and the probes). */
export function scheduledInvocation(url = 'http://localhost/.netlify/functions/job', nextRun = new Date(Date.now() + 60_000)): Request {
  return new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-NF-Event': 'schedule' },
    body: JSON.stringify({ next_run: nextRun.toISOString() }),
  });
}

/** null when `request` is the event of the deploy this function runs in, else the answer to give. */
export async function deployEventOnly(request: Request, context: DeployContext = {}): Promise<Response | null> {
  if (request.method !== 'POST') return jsonResponse({ error: 'Method not allowed' }, { status: 405, headers: { Allow: 'POST' } });
  const own = context.deploy;
  // Locally there are no deploy events, and netlify-cli passes a caller's x-nf-deploy-* headers through.
  if (runsLocally() || !own?.id || !own.context) return jsonResponse({ error: 'Not a deploy event of this site' }, { status: 403 });
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => null);
  const payload = body && typeof body === 'object' && 'payload' in body && body.payload && typeof body.payload === 'object' ? body.payload : null;
  // A body that is no event at all is the caller's mistake (400, deploy-succeeded.ts says why).
  if (!payload || !('id' in payload)) return null;
  const claimed = payload as { id?: unknown; context?: unknown };
  if (claimed.id !== own.id || (claimed.context !== undefined && claimed.context !== own.context)) {
    return jsonResponse({ error: 'Not a deploy event of this site' }, { status: 403 });
  }
  return null;
}

/**
 * A background function is started by URL, so a scheduled job that wakes one signs the call with
 * a secret both have (HMAC of the job's time slot): the background function does its work only
 * for a call that carries the signature of the slot that is due now, so a visitor's call does
 * nothing.
 */
export const WAKE_HEADER = 'x-wake-signature';

export function wakeSignature(secret: string, slot: string): string {
  return createHmac('sha256', secret).update(`wake:${slot}`).digest('hex');
}

/** Whether `request` carries the signature of `slot` made with `secret` (false without either). */
export function wokenByJob(request: Request | undefined, secret: string | undefined, slot: string | undefined): boolean {
  if (!request || !secret || !slot) return false;
  const given = Buffer.from(request.headers.get(WAKE_HEADER) ?? '');
  const expected = Buffer.from(wakeSignature(secret, slot));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Whether the browser asks for `request` ahead of a visitor's tap: a speculation rule's prefetch
 * or prerender (`Sec-Purpose: prefetch`, `prefetch;prerender`), or an older `Purpose: prefetch`.
 */
export function isSpeculative(request: Request): boolean {
  const purpose = request.headers.get('sec-purpose') ?? request.headers.get('purpose') ?? '';
  return /(^|[;,\s])prefetch($|[;,\s])/i.test(purpose);
}

/**
 * null for a request a visitor made, else the refusal of a speculative one
 * (docs/decisions/speculative-loading.md): no function that files, changes, signs in or answers
 * with a dealer's data runs for a page nobody opened. The site's rules never speculate these
 * addresses; this holds whatever a page or another site asks for. A 503 that is never stored:
 * Chromium drops the prefetch and the visitor's own navigation asks again. Each such handler's
 * first line:
 *
 *   const refused = refuseSpeculation(request); if (refused) return refused;
 */
export function refuseSpeculation(request: Request): Response | null {
  if (!isSpeculative(request)) return null;
  return jsonResponse({ error: 'Not answered ahead of a visit' }, { status: 503, headers: { 'Cache-Control': 'no-store', Vary: 'Sec-Purpose, Purpose' } });
}
