import { dealer } from '../../../src/lib/data/dealer.ts';
import { publishing } from '../../../src/lib/data/publishing.ts';
import { leadsEnv, type MailConfig } from '../../../src/lib/settings/mail.ts';
import { otherMailRoom } from '../mail/quota.ts';
import { sendMail, type OutgoingEmail, type SendResult } from '../mail/mailer.ts';
import { Pacer } from '../mail/pacer.ts';
import { publishingEnv } from '../../../src/lib/settings/publishing.ts';
import { saveTokenExpiry, TokenWatch } from '../github/token-expiry.ts';
import type { PublishContext, PublishOutcome } from './publisher.ts';
import { publishingBlobs, updateState, withFailure, type PublishingJob } from './record.ts';

/**
 * What a scheduled publishing job runs with in production: the bundled data/publishing.json,
 * the environment's build hook and GitHub settings, the publishing store and the mailer.
 * Answers null (with why) when the site has no build hook or a bad setting.
 */
export function productionContext(now = Date.now()): { context: PublishContext; watch: TokenWatch } | { context: null; outcome: PublishOutcome } {
  const env = publishingEnv();
  if (!env.ok) return { context: null, outcome: { action: 'failed', reason: env.error } };
  if (!env.config) return { context: null, outcome: { action: 'none', reason: env.why ?? 'not configured' } };
  const leads = leadsEnv();
  const mail = leads.ok ? leads.mail : null;
  const watch = new TokenWatch();
  const { github } = env.config;
  return {
    watch,
    context: {
      store: publishingBlobs(),
      now,
      settings: publishing,
      config: { ...env.config, github: github ? { ...github, seen: watch.seen } : null },
      notify: mail ? (email) => sendNotice(mail, email, now) : null,
      dealerEmail: dealer.email,
      siteName: dealer.shortName,
    },
  };
}

/**
 * One run of a scheduled publishing job in production: what the token's last answer said about
 * its expiry is noted, and a run that could not start (a wrong setting) is kept as the job's
 * failure, as a failed run is (publisher.ts), for /api/health.
 */
export async function runPublishingJob(
  job: PublishingJob,
  label: string,
  now: number,
  step: (context: PublishContext) => Promise<PublishOutcome>,
): Promise<Response> {
  const ready = productionContext(now);
  let outcome: PublishOutcome;
  if (ready.context) {
    outcome = await step(ready.context);
    await saveTokenExpiry(ready.context.store, ready.watch, job, now).catch(() => console.warn(`[publish] ${label}: the token's expiry could not be noted.`));
  } else {
    outcome = ready.outcome;
    const failed = outcome.action === 'failed' ? { at: now, reason: outcome.reason } : null;
    if (failed) await updateState(publishingBlobs(), now, (state) => withFailure(state, job, failed)).catch(() => undefined);
  }
  return outcomeResponse(label, outcome);
}

/** Logs an outcome the way every publishing job does, and answers it as the run's response. */
export function outcomeResponse(job: string, outcome: PublishOutcome): Response {
  if (outcome.action === 'failed') console.error(`[publish] ${job}: ${outcome.reason}.`);
  else if (outcome.action !== 'none') console.info(`[publish] ${job}: ${outcome.action}, ${outcome.reason}.`);
  return Response.json(outcome, { status: outcome.action === 'failed' ? 502 : 200, headers: { 'Cache-Control': 'no-store' } });
}

/** How long a notice may wait for its slot in the shared pace. */
const NOTICE_WAIT_MS = 15_000;

/**
 * The dealer's notice goes the way of every e-mail: within the quota left besides the leads'
 * reserve (lib/mail/quota.ts) and in a slot of the shared pace (lib/mail/pacer.ts).
 */
async function sendNotice(mail: MailConfig, email: OutgoingEmail, now: number): Promise<SendResult> {
  const refused = (error: string): SendResult => ({ status: 'failed', error, statusCode: null, fault: 'provider' });
  const pacer = new Pacer(publishingBlobs(), { ratePerSecond: mail.ratePerSecond, deadline: performance.now() + NOTICE_WAIT_MS, timeoutMs: mail.timeoutMs });
  const result = await sendMail(mail, email, { pacer, room: otherMailRoom(), now });
  if (result.status === 'held') return refused("the day's e-mails are spent, less the leads' reserve");
  if (result.status === 'deferred') return refused('no slot in the e-mail pace in time');
  return result;
}
