import { mailQuota, otherMailLimits, type MailQuota } from '../../../src/lib/settings/mail.ts';
import { mailLogBlobs, sentTotals } from './log.ts';

/**
 * One quota for every e-mail the site sends (docs/operations.md §What the site costs to run):
 * the provider's plan counts every recipient of every message, leads, receipts, alerts and the
 * dealer's notices alike. Leads keep a reserve: everything else goes out only while the day's
 * and the month's counts (lib/mail/log.ts) leave it untouched, so a busy day of alerts never
 * stops a lead. Leads themselves are never held by the site (the provider's own limit is the
 * last word, and a refused lead stays pending and is tried again).
 *
 * Settings (src/lib/settings/mail.ts; defaults: Resend's Free plan, 100 a day and 3,000 a month):
 *   MAIL_DAILY_LIMIT, MAIL_MONTHLY_LIMIT      what the provider's plan sends
 *   MAIL_LEAD_RESERVE_DAILY, …_MONTHLY        what is kept for leads (40 and 1,000)
 */

/** Whether `n` more e-mails other than leads fit today and this month (UTC), leaving the leads' reserve. */
export async function roomForOtherMail(n = 1, now = Date.now(), quota: MailQuota = mailQuota()): Promise<boolean> {
  const limits = otherMailLimits(quota);
  try {
    const totals = await sentTotals(mailLogBlobs(), now);
    return totals.today + n <= limits.daily && totals.month + n <= limits.monthly;
  } catch (error) {
    // Outside Netlify (a script) there is no count to keep to.
    if (error instanceof Error && error.name === 'MissingBlobsEnvironmentError') return true;
    throw error;
  }
}
