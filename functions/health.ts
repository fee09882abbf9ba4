import type { Config } from '@netlify/functions';
import { alertsHealth } from './lib/alerts/sending.ts';
import { alertsBlobs } from './lib/alerts/blobs.ts';
import { carriesHealthToken, pendingAlarmMinutes } from '../src/lib/settings/health.ts';
import { jsonResponse, methodNotAllowed } from './lib/http/responses.ts';
import { leadsBlobs, oldestPending } from './lib/leads/blobs.ts';

/**
 * GET /api/health: for uptime monitors (docs/product.md §Leads). Says how many leads still
 * wait for their e-mail and how long the oldest has waited, with no personal data, and answers
 * 503 when that is longer than HEALTH_PENDING_MAX_MINUTES (default 60) or the lead store cannot
 * be read: e-mail has stopped (a revoked key, an unverified domain) and someone should look.
 * It also counts the alert e-mails waiting and says when the alert quota holds them (held
 * alerts are by design: they wait for the next day and do not make the answer 503).
 *
 * To anyone the answer is the status and `{"ok": …}` alone: counts would tell a stranger whether
 * an address has just asked for an alert, and how busy the dealer is. The figures are for the
 * holder of HEALTH_TOKEN (`Authorization: Bearer <token>`, docs/operations.md §The alarm).
 */
export default async function health(request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  const answer = await report();
  const body = carriesHealthToken(request) ? answer.body : { ok: answer.body.ok };
  return jsonResponse(body, { status: answer.status, headers: answer.status === 503 ? { 'Retry-After': '60' } : {} });
}

async function report(): Promise<{ status: number; body: { ok: boolean } & Record<string, unknown> }> {
  const now = Date.now();
  const limitMinutes = pendingAlarmMinutes();
  const base = { service: 'golf-cart-site', time: new Date(now).toISOString() };
  let pending: Awaited<ReturnType<typeof oldestPending>>;
  try {
    pending = await oldestPending(leadsBlobs());
  } catch {
    return { status: 503, body: { ok: false, ...base, problem: 'The lead store cannot be read.' } };
  }
  const oldestMinutes = pending.oldestAt === null ? null : Math.max(0, Math.floor((now - pending.oldestAt) / 60_000));
  const stale = pending.oldestAt !== null && now - pending.oldestAt > limitMinutes * 60_000;
  const alerts = await alertsHealth(alertsBlobs(), now).catch(() => ({ problem: 'The alert store cannot be read.' }));
  const body = {
    ok: !stale,
    ...base,
    leads: { pending: pending.count, oldestPendingMinutes: oldestMinutes, limitMinutes },
    alerts,
    ...(stale
      ? { problem: `A lead has waited ${oldestMinutes} minutes for its e-mail (limit ${limitMinutes}). Check the e-mail settings and the function log.` }
      : {}),
  };
  return { status: stale ? 503 : 200, body };
}

export const config: Config = { path: '/api/health' };
