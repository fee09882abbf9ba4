import { check, issueLine, optional, processEnv, secret, sender, whole, type Env, type SettingIssue } from './read.ts';
import { MAIL_QUOTA_DEFAULTS, mailQuota, otherMailLimits } from './mail.ts';

/**
 * The alert settings (docs/product.md §Alerts): the key that signs every link of an alert e-mail,
 * and the optional sender and quotas. A wrong key is a problem (no link can be signed); a wrong
 * sender or quota falls back to its default with a warning.
 */

/**
 * Resend's free plan sends 100 e-mails a day and 3,000 a month: alerts stop at 60 and 2,000,
 * so 40 a day and 1,000 a month stay for leads. These are the defaults; unset, the alert quota
 * is what the one e-mail quota (mail.ts) leaves besides the leads' reserve.
 */
export const ALERT_QUOTA_DEFAULTS = {
  daily: otherMailLimits(MAIL_QUOTA_DEFAULTS).daily,
  monthly: otherMailLimits(MAIL_QUOTA_DEFAULTS).monthly,
} as const;

export interface AlertsConfig {
  /** null: alert links cannot be made; requests are stored and their e-mails wait. */
  secret: string | null;
  from: string | undefined;
  dailyQuota: number;
  monthlyQuota: number;
}

export type AlertsEnv = ({ ok: true; warnings: SettingIssue[] } & AlertsConfig) | { ok: false; error: string; issues: SettingIssue[] };

/** The alert settings, checked (a wrong key is named, as for the lead settings). */
export function alertsEnv(env: Env = processEnv()): AlertsEnv {
  const key = check(env, 'ALERTS_SECRET', secret(32, 'e.g. the output of `openssl rand -base64 32`'));
  if (!key.ok) return { ok: false, error: `Invalid alert configuration: ${issueLine(key.issue)}`, issues: [key.issue] };
  const warnings: SettingIssue[] = [];
  const room = otherMailLimits(mailQuota(env, warnings));
  return {
    ok: true,
    warnings,
    secret: key.value ?? null,
    from: optional<string | undefined>(env, 'ALERTS_FROM', sender, undefined, warnings, 'LEADS_FROM'),
    dailyQuota: optional(env, 'ALERTS_DAILY_QUOTA', whole(0, 100_000), room.daily, warnings),
    monthlyQuota: optional(env, 'ALERTS_MONTHLY_QUOTA', whole(0, 10_000_000), room.monthly, warnings),
  };
}
