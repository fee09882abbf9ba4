import { z } from 'zod';
import { mailLogBlobs, sentTotals } from './log.ts';

/**
 * One quota for every e-mail the site sends (docs/operations.md §What the site costs to run):
 * the provider's plan counts every recipient of every message, leads, receipts, alerts and the
 * dealer's notices alike. Leads keep a reserve: everything else goes out only while the day's
 * and the month's counts (lib/mail/log.ts) leave it untouched, so a busy day of alerts never
 * stops a lead. Leads themselves are never held by the site (the provider's own limit is the
 * last word, and a refused lead stays pending and is tried again).
 *
 * Settings (defaults: Resend's Free plan, 100 a day and 3,000 a month):
 *   MAIL_DAILY_LIMIT, MAIL_MONTHLY_LIMIT      what the provider's plan sends
 *   MAIL_LEAD_RESERVE_DAILY, …_MONTHLY        what is kept for leads (40 and 1,000)
 */

export const MAIL_QUOTA_DEFAULTS = { daily: 100, monthly: 3000, leadReserveDaily: 40, leadReserveMonthly: 1000 } as const;

const count = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(10_000_000, 'must be at most 10000000')
    .optional(),
);

const schema = z.object({
  MAIL_DAILY_LIMIT: count,
  MAIL_MONTHLY_LIMIT: count,
  MAIL_LEAD_RESERVE_DAILY: count,
  MAIL_LEAD_RESERVE_MONTHLY: count,
});

export interface MailQuota {
  daily: number;
  monthly: number;
  leadReserveDaily: number;
  leadReserveMonthly: number;
}

export type MailQuotaEnv = ({ ok: true } & MailQuota) | { ok: false; error: string };

export function mailQuotaEnv(source: Record<string, string | undefined> = process.env): MailQuotaEnv {
  const result = schema.safeParse(Object.fromEntries(Object.keys(schema.shape).map((name) => [name, source[name]])));
  if (!result.success) {
    const problems = [...new Set(result.error.issues.map((issue) => `${String(issue.path[0] ?? 'environment')} ${issue.message}`))];
    return { ok: false, error: `Invalid e-mail quota: ${problems.join('; ')}` };
  }
  const env = result.data;
  return {
    ok: true,
    daily: env.MAIL_DAILY_LIMIT ?? MAIL_QUOTA_DEFAULTS.daily,
    monthly: env.MAIL_MONTHLY_LIMIT ?? MAIL_QUOTA_DEFAULTS.monthly,
    leadReserveDaily: env.MAIL_LEAD_RESERVE_DAILY ?? MAIL_QUOTA_DEFAULTS.leadReserveDaily,
    leadReserveMonthly: env.MAIL_LEAD_RESERVE_MONTHLY ?? MAIL_QUOTA_DEFAULTS.leadReserveMonthly,
  };
}

/** What e-mails other than leads may use of the day and the month: the plan less the leads' reserve. */
export function otherMailLimits(quota: MailQuota): { daily: number; monthly: number } {
  return { daily: Math.max(0, quota.daily - quota.leadReserveDaily), monthly: Math.max(0, quota.monthly - quota.leadReserveMonthly) };
}

/** Whether `n` more e-mails other than leads fit today and this month (UTC), leaving the leads' reserve. */
export async function roomForOtherMail(n = 1, now = Date.now(), quota: MailQuotaEnv = mailQuotaEnv()): Promise<boolean> {
  const limits = otherMailLimits(quota.ok ? quota : MAIL_QUOTA_DEFAULTS);
  try {
    const totals = await sentTotals(mailLogBlobs(), now);
    return totals.today + n <= limits.daily && totals.month + n <= limits.monthly;
  } catch (error) {
    // Outside Netlify (a script) there is no count to keep to.
    if (error instanceof Error && error.name === 'MissingBlobsEnvironmentError') return true;
    throw error;
  }
}
