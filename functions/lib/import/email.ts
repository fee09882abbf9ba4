import type { Store as Blobs } from '@netlify/blobs';
import { dataErrorsTo, type MailConfig } from '../../../src/lib/settings/mail.ts';
import type { Env } from '../../../src/lib/settings/read.ts';
import { otherMailRoom } from '../mail/quota.ts';
import { sendMail, type SendResult } from '../mail/mailer.ts';
import { Pacer } from '../mail/pacer.ts';
import { recentRuns, saveRun, summaryLine, type RunRecord } from './runs.ts';

/**
 * The dealer hears about a run that needs them (docs/product.md §Import): one that failed, was
 * held back or rejected rows, with every row and reason. One e-mail per run: the run record
 * keeps when it was sent, and Resend's idempotency key stops a repeated send.
 */

export function needsDealer(run: RunRecord): boolean {
  return !run.dryRun && (run.outcome !== 'imported' || run.rejected.length > 0);
}

export function importEmail(run: RunRecord, siteName: string): { subject: string; text: string } {
  const subject =
    run.outcome === 'failed'
      ? `${siteName}: the lot import failed, nothing changed`
      : run.outcome === 'held-back'
        ? `${siteName}: the lot import was held back, nothing changed`
        : `${siteName}: the lot import left out ${run.rejected.length} row${run.rejected.length === 1 ? '' : 's'}`;
  const lines = [`Import run of ${run.at} from ${run.source}.`, ''];
  if (run.reason) lines.push(`${run.outcome === 'held-back' ? 'Held back' : 'Failed'}: ${run.reason}.`, '');
  if (run.outcome === 'held-back') {
    lines.push('What it would have done:');
    for (const change of run.changes) lines.push(`  ${change.kind} ${change.id}${change.ref ? ` (${change.ref})` : ''}`);
    if (run.missed.length > 0) lines.push(`  missing from the feed: ${run.missed.join(', ')}`);
    lines.push('If the lot really is this much smaller, raise "maxShrinkPercent" in the import settings for one run.', '');
  }
  if (run.rejected.length > 0) {
    lines.push('Rows left out (fix them in the feed; the next run picks them up):');
    for (const row of run.rejected) lines.push(`  ${row.ref}, ${row.column}: ${row.reason}`);
    lines.push('');
  }
  if (run.outcome !== 'failed') lines.push(summaryLine(run.counts));
  return { subject, text: `${lines.join('\n')}\n` };
}

/** Sends the run's e-mail once (to DATA_ERRORS_TO, else LEADS_TO) and records that it went. */
export async function mailRunOnce(store: Blobs, run: RunRecord, mail: MailConfig | null, env: Env, siteName: string): Promise<SendResult | undefined> {
  if (!needsDealer(run) || run.mailedAt || !mail) return undefined;
  const to = dataErrorsTo(env) ?? mail.to;
  const { subject, text } = importEmail(run, siteName);
  // A notice to the dealer, as every e-mail: in the shared pace, within the room the leads' reserve leaves (lib/mail/mailer.ts).
  const pacer = new Pacer(store, { ratePerSecond: mail.ratePerSecond, deadline: performance.now() + NOTICE_WAIT_MS, timeoutMs: mail.timeoutMs });
  const outcome = await sendMail(mail, { to, subject, text, idempotencyKey: `import-run-${run.id}` }, { pacer, room: otherMailRoom() });
  const result: SendResult =
    outcome.status === 'sent' || outcome.status === 'failed'
      ? outcome
      : {
          status: 'failed',
          error: outcome.status === 'held' ? "the day's e-mails are spent, less the leads' reserve" : 'no slot in the e-mail pace in time',
          statusCode: null,
          fault: 'provider',
        };
  if (result.status === 'sent') await saveRun(store, { ...run, mailedAt: new Date().toISOString() });
  return result;
}

/** How long the run's e-mail may wait for its slot in the shared pace; one not sent goes with the next run. */
const NOTICE_WAIT_MS = 15_000;

/** Runs looked back on for an e-mail that could not be sent then (the provider was down). */
export const MAIL_LOOKBACK_RUNS = 10;

/** Sends the e-mail of every recent run that needed the dealer and has not reached them yet. */
export async function mailUnsentRuns(store: Blobs, mail: MailConfig | null, env: Env, siteName: string): Promise<void> {
  if (!mail) return;
  for (const run of await recentRuns(store, MAIL_LOOKBACK_RUNS)) {
    if (needsDealer(run) && !run.mailedAt) await mailRunOnce(store, run, mail, env, siteName);
  }
}
