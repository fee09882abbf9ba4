import type { Config } from '@netlify/functions';
import { dealer } from '../src/lib/data/dealer.ts';
import { importMapping } from '../src/lib/data/import.ts';
import { carriesHealthToken, healthSettings } from '../src/lib/settings/health.ts';
import { isProduction, type RuntimeDeploy } from '../src/lib/settings/platform.ts';
import { settingsReport } from '../src/lib/settings/production.ts';
import { processEnv } from '../src/lib/settings/read.ts';
import { alertsHealth } from './lib/alerts/sending.ts';
import { alertsBlobs } from './lib/alerts/blobs.ts';
import { readTokenExpiry } from './lib/github/token-expiry.ts';
import { jsonResponse, methodNotAllowed } from './lib/http/responses.ts';
import { importRunsBlobs, lastRun } from './lib/import/runs.ts';
import { LEAD_ID } from './lib/inbox/api.ts';
import { leadsBlobs, newestLeadSince, oldestPending, readLead } from './lib/leads/blobs.ts';
import { publishingBlobs, readState } from './lib/publishing/record.ts';
import { DEVICE_PREFIX, pushBlobs } from './lib/push/devices.ts';
import { pushSettings, pushStateLine } from '../src/lib/settings/push.ts';

/**
 * GET /api/health: for uptime monitors (docs/operations.md §The alarm). It answers 503 when
 * something needs the dealer, and says what to the holder of HEALTH_TOKEN:
 *
 * - a lead has waited for its e-mail longer than HEALTH_PENDING_MAX_MINUTES (default 60), or the
 *   lead store cannot be read: e-mail has stopped (a revoked key, an unverified domain);
 * - a setting is wrong (at once, not when a lead has waited an hour), and, on the production
 *   deploy, one the site needs is missing: alerts without ALERTS_SECRET, photos without
 *   PHOTO_LINK_SECRET … (src/lib/settings/production.ts);
 * - the publisher's or the daily rebuild's last run failed, or the lot import's last run did:
 *   saves or the lot do not go live until it gets through;
 * - GITHUB_TOKEN expires within 14 days (as GitHub told the publisher or the import last);
 * - when the dealer sets HEALTH_NO_LEAD_DAYS, no lead has come in that many days.
 *
 * `push` says whether the staff's devices get notifications (docs/product.md §Inbox on a phone):
 * "on" and how many devices, or "off" and why. Push off is never a 503: e-mail carries every lead.
 *
 * Optional settings that fell back to their defaults are listed as warnings (200). The alert
 * e-mails waiting and the quota that holds them are counted too (held alerts are by design: they
 * wait for the next day and do not make the answer 503).
 *
 * To anyone the answer is the status and `{"ok": …}` alone: counts would tell a stranger whether
 * an address has just asked for an alert, and how busy the dealer is. The holder of HEALTH_TOKEN
 * may also ask where a test lead of `npm run doctor` stands (`?lead=<id>`).
 */
export default async function health(request: Request, context?: { deploy?: RuntimeDeploy }): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  const answer = await report(context?.deploy);
  const figures = carriesHealthToken(request);
  const testLead = figures ? new URL(request.url).searchParams.get('lead') : null;
  const body = figures ? { ...answer.body, ...(testLead !== null ? { lead: await testLeadState(testLead) } : {}) } : { ok: answer.body.ok };
  return jsonResponse(body, { status: answer.status, headers: answer.status === 503 ? { 'Retry-After': '60' } : {} });
}

/** GITHUB_TOKEN is renewed this long before it expires. */
export const TOKEN_WARNING_DAYS = 14;
const DAY_MS = 86_400_000;

async function report(deploy: RuntimeDeploy | undefined): Promise<{ status: number; body: { ok: boolean } & Record<string, unknown> }> {
  const now = Date.now();
  const settings = healthSettings();
  const limitMinutes = settings.pendingMaxMinutes;
  const base = { service: 'golf-cart-site', time: new Date(now).toISOString() };
  let pending: Awaited<ReturnType<typeof oldestPending>>;
  try {
    pending = await oldestPending(leadsBlobs());
  } catch {
    return { status: 503, body: { ok: false, ...base, problems: ['The lead store cannot be read.'] } };
  }
  const problems: string[] = [];
  const oldestMinutes = pending.oldestAt === null ? null : Math.max(0, Math.floor((now - pending.oldestAt) / 60_000));
  if (pending.oldestAt !== null && now - pending.oldestAt > limitMinutes * 60_000)
    problems.push(`A lead has waited ${oldestMinutes} minutes for its e-mail (limit ${limitMinutes}). Check the e-mail settings and the function log.`);

  const env = processEnv();
  const configured = settingsReport(env, { production: isProduction(env, deploy), website: dealer.website });
  problems.push(...configured.problems);

  const [alerts, publishing, imported, token, lastLead, push] = await Promise.all([
    alertsHealth(alertsBlobs(), now).catch(() => ({ problem: 'The alert store cannot be read.' })),
    publishingFailures(now, problems),
    importHealth(problems),
    tokenHealth(now, problems),
    settings.noLeadDays === null ? Promise.resolve(undefined) : quietSpell(now, settings.noLeadDays, problems),
    pushHealth(),
  ]);

  const body = {
    ok: problems.length === 0,
    ...base,
    leads: { pending: pending.count, oldestPendingMinutes: oldestMinutes, limitMinutes },
    alerts,
    push,
    ...(problems.length > 0 ? { problems } : {}),
    ...(configured.warnings.length > 0 ? { warnings: configured.warnings } : {}),
    ...(publishing ? { publishing } : {}),
    ...(imported ? { import: imported } : {}),
    ...(token ? { github: token } : {}),
    ...(lastLead ? { lastLead } : {}),
  };
  return { status: problems.length > 0 ? 503 : 200, body };
}

/** Push: on with its devices counted, or off and why (`wrong`: a VAPID setting is set but wrong). */
async function pushHealth(): Promise<{ state: 'on'; devices: number | null } | { state: 'off'; reason: string; wrong: boolean }> {
  const settings = pushSettings();
  if (!settings.vapid) return { state: 'off', reason: pushStateLine(settings).replace(/^off: /, ''), wrong: settings.issues.length > 0 };
  const devices = await pushBlobs()
    .list({ prefix: DEVICE_PREFIX })
    .then(({ blobs }) => blobs.length)
    .catch(() => null);
  return { state: 'on', devices };
}

const when = (at: number) => new Date(at).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

/** The publishing jobs' failures kept in the publishing record (functions/lib/publishing/publisher.ts). */
async function publishingFailures(now: number, problems: string[]): Promise<Record<string, unknown> | undefined> {
  const state = await readState(publishingBlobs(), now).catch(() => null);
  if (!state) {
    problems.push('The publishing record cannot be read.');
    return undefined;
  }
  const failures = Object.entries(state.failures ?? {}).flatMap(([job, failure]) =>
    failure ? [{ job, at: new Date(failure.at).toISOString(), reason: failure.reason }] : [],
  );
  for (const failure of failures)
    problems.push(
      `The ${failure.job} failed at ${when(Date.parse(failure.at))}: ${failure.reason}. Saved changes wait until a run gets through (publish by hand: docs/editors.md §Publishing).`,
    );
  return failures.length > 0 ? { failures } : undefined;
}

/** The lot import's last run, while the import is on (data/import.json). */
async function importHealth(problems: string[]): Promise<Record<string, unknown> | undefined> {
  if (!importMapping.enabled) return undefined;
  const run = await lastRun(importRunsBlobs()).catch(() => null);
  if (!run) return { lastRun: null };
  if (run.outcome === 'failed')
    problems.push(`The lot import failed at ${when(Date.parse(run.at))}: ${run.reason ?? 'no reason recorded'} (npm run import -- --report).`);
  return { lastRun: run };
}

/** GITHUB_TOKEN's expiry, as GitHub last told the publisher or the import. */
async function tokenHealth(now: number, problems: string[]): Promise<Record<string, unknown> | undefined> {
  const record = await readTokenExpiry(publishingBlobs()).catch(() => null);
  if (!record) return undefined;
  if (record.expiresAt) {
    const expires = Date.parse(record.expiresAt);
    const days = Math.floor((expires - now) / DAY_MS);
    if (expires <= now)
      problems.push(
        `GITHUB_TOKEN expired on ${when(expires)}: saves no longer go live and the import stops. Make a new token and set it (docs/go-live.md, step 2).`,
      );
    else if (expires - now < TOKEN_WARNING_DAYS * DAY_MS)
      problems.push(`GITHUB_TOKEN expires on ${when(expires)}, in ${days} day(s): make a new token and set it before then (docs/go-live.md, step 2).`);
  }
  return { tokenExpiresAt: record.expiresAt, seenAt: record.seenAt };
}

/** Whether a lead has come within HEALTH_NO_LEAD_DAYS (a site with no lead yet is not alarmed). */
async function quietSpell(now: number, limitDays: number, problems: string[]): Promise<Record<string, unknown>> {
  const newest = await newestLeadSince(leadsBlobs(), now - limitDays * DAY_MS, now).catch(() => null);
  if (!newest) {
    problems.push('The lead store cannot be listed.');
    return { limitDays };
  }
  if (newest.at === null && newest.hasLeads)
    problems.push(`No lead has come in ${limitDays} days (HEALTH_NO_LEAD_DAYS): send the contact form yourself and check that it arrives.`);
  return { at: newest.at === null ? null : new Date(newest.at).toISOString(), limitDays, ...(newest.hasLeads ? {} : { none: 'no lead yet' }) };
}

/**
 * Where a test lead of `npm run doctor` stands (`?lead=<id>`, with the token): pending until its
 * e-mails are sent, then sent; null for a lead that is not a test lead (real leads stay private).
 */
async function testLeadState(id: string): Promise<{ id: string; status: string; attempts: number; lastError?: string; sentAt?: string } | null> {
  if (!LEAD_ID.test(id)) return null;
  const read = await readLead(leadsBlobs(), id).catch(() => null);
  if (!read?.lead.test) return null;
  const { status, delivery } = read.lead;
  return {
    id,
    status,
    attempts: delivery.attempts,
    ...(delivery.lastError ? { lastError: delivery.lastError } : {}),
    ...(delivery.sentAt ? { sentAt: delivery.sentAt } : {}),
  };
}

export const config: Config = { path: '/api/health' };
