import { dealer } from '../../../src/lib/data/dealer.ts';
import { publishing } from '../../../src/lib/data/publishing.ts';
import { leadsEnv } from '../env.ts';
import { sendEmail } from '../mailer.ts';
import { publishingEnv } from './env.ts';
import type { PublishContext, PublishOutcome } from './publisher.ts';
import { publishingStore } from './record.ts';

/**
 * What a scheduled publishing job runs with in production: the bundled data/publishing.json,
 * the environment's build hook and GitHub settings, the publishing store and the mailer.
 * Answers null (with why) when the site has no build hook or a bad setting.
 */
export function productionContext(now = Date.now()): { context: PublishContext } | { context: null; outcome: PublishOutcome } {
  const env = publishingEnv();
  if (!env.ok) return { context: null, outcome: { action: 'failed', reason: env.error } };
  if (!env.config) return { context: null, outcome: { action: 'none', reason: env.why ?? 'not configured' } };
  const leads = leadsEnv();
  const mail = leads.ok ? leads.mail : null;
  return {
    context: {
      store: publishingStore(),
      now,
      settings: publishing,
      config: env.config,
      notify: mail ? (email) => sendEmail(mail, email) : null,
      dealerEmail: dealer.email,
      siteName: dealer.shortName,
    },
  };
}

/** Logs an outcome the way every publishing job does, and answers it as the run's response. */
export function outcomeResponse(job: string, outcome: PublishOutcome): Response {
  if (outcome.action === 'failed') console.error(`[publish] ${job}: ${outcome.reason}.`);
  else if (outcome.action !== 'none') console.info(`[publish] ${job}: ${outcome.action}, ${outcome.reason}.`);
  return Response.json(outcome, { status: outcome.action === 'failed' ? 502 : 200, headers: { 'Cache-Control': 'no-store' } });
}
