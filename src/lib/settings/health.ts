import { createHash, timingSafeEqual } from 'node:crypto';
import { check, issueLine, optional, processEnv, secret, warnOnce, whole, type Env, type SettingIssue } from './read.ts';

/**
 * The settings of GET /api/health (docs/operations.md §The alarm): the token that shows its
 * figures, how long a lead may wait for its e-mail, and, when the dealer sets it, how many days
 * without a lead mean something is wrong.
 */

/** A pending lead older than this (minutes) makes /api/health answer 503. */
export const PENDING_ALARM_DEFAULT_MINUTES = 60;

export interface HealthSettings {
  /** null: the figures go to nobody. */
  token: string | null;
  pendingMaxMinutes: number;
  /** null: no alarm for a quiet spell. */
  noLeadDays: number | null;
  warnings: SettingIssue[];
}

export function healthSettings(env: Env = processEnv()): HealthSettings {
  const warnings: SettingIssue[] = [];
  const token = check(env, 'HEALTH_TOKEN', secret(24, 'e.g. the output of `openssl rand -hex 24`'));
  if (!token.ok) {
    const issue = { ...token.issue, problem: `${token.issue.problem}: the figures are shown to nobody` };
    warnings.push(issue);
    warnOnce(issueLine(issue));
  }
  return {
    token: token.ok ? (token.value ?? null) : null,
    pendingMaxMinutes: optional(env, 'HEALTH_PENDING_MAX_MINUTES', whole(1, 7 * 24 * 60), PENDING_ALARM_DEFAULT_MINUTES, warnings),
    noLeadDays: optional<number | null>(env, 'HEALTH_NO_LEAD_DAYS', whole(1, 365), null, warnings, 'no alarm'),
    warnings,
  };
}

/** HEALTH_PENDING_MAX_MINUTES, or the default when it is unset or wrong. */
export function pendingAlarmMinutes(env: Env = processEnv()): number {
  return healthSettings(env).pendingMaxMinutes;
}

/** Whether a request carries HEALTH_TOKEN in `Authorization: Bearer …` (compared in constant time). */
export function carriesHealthToken(request: Request, env: Env = processEnv()): boolean {
  const token = healthSettings(env).token;
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1]?.trim();
  if (!token || !given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}
