/**
 * The build stays the gate (docs/product.md §Editors): before Netlify builds, this local build
 * plugin checks the data files as the build does and stops the build with the build's own message
 * when they are wrong; when the build fails on the data, it e-mails the dealer the file, the JSON
 * path and the message, through the lead e-mails' mailer. Netlify keeps the last good deploy live.
 * (A deploy-failed notification only carries a summary; the plugin sees the message itself.)
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFacts, deployContext } from '../../src/lib/settings/platform.ts';
import { dataErrorsTo, leadsEnv, type MailConfig } from '../../src/lib/settings/mail.ts';
import { processEnv, type Env } from '../../src/lib/settings/read.ts';
import { siteAddress } from '../../src/lib/settings/site.ts';
import { mailLogBlobs } from '../../functions/lib/mail/log.ts';
import { sendMail, type SendResult } from '../../functions/lib/mail/mailer.ts';
import { Pacer } from '../../functions/lib/mail/pacer.ts';
import { dataProblems } from './data-check.ts';
import { buildFailureEmail } from './email.ts';

const root = join(import.meta.dirname, '..', '..');
const log = (line: string) => console.log(`[build-failure-mail] ${line}`);

interface BuildUtils {
  utils: { build: { failBuild(message: string): never } };
}

/** Stops the build before it starts when the data has a problem, with the build's own message. */
export async function onPreBuild({ utils }: BuildUtils): Promise<void> {
  const problems = await dataProblems(root);
  if (problems.length === 0) return;
  utils.build.failBuild(`Nothing was published: the data files have a problem.\n${problems.join('\n')}`);
}

/** The website of data/dealer.json, unless that file is the one that cannot be read. */
function dealerWebsite(): string | undefined {
  try {
    const { website } = JSON.parse(readFileSync(join(root, 'data', 'dealer.json'), 'utf8')) as { website?: unknown };
    return typeof website === 'string' && URL.canParse(website) ? website : undefined;
  } catch {
    return undefined;
  }
}

/** After a failed build: the dealer gets an e-mail when it failed on the data. */
export async function onError(): Promise<void> {
  const problems = await dataProblems(root);
  if (problems.length === 0) {
    log('The build failed, but not on the data files: no e-mail to the dealer (the deploy log says why).');
    return;
  }
  await mailDealer(problems, processEnv());
}

/**
 * Sends the e-mail of `problems` (the build's messages) to DATA_ERRORS_TO, else LEADS_TO, with the
 * lead e-mails' settings (RESEND_API_KEY, LEADS_FROM). Only a production build mails: a developer's
 * branch or preview is not the dealer's business. Never throws: a failed send is logged.
 */
export async function mailDealer(problems: readonly string[], env: Env): Promise<SendResult | undefined> {
  const context = deployContext(env);
  if (context && context !== 'production') {
    log(`A ${context} build failed on the data: no e-mail (only production builds mail the dealer).`);
    return undefined;
  }
  const settings = leadsEnv(env);
  if (!settings.ok) {
    log(`No e-mail: ${settings.error}`);
    return undefined;
  }
  if (!settings.mail) {
    log('No e-mail: RESEND_API_KEY is not set for builds.');
    return undefined;
  }
  const to = dataErrorsTo(env) ?? settings.mail.to;
  const { deployId, siteName, commit } = buildFacts(env);
  const website = dealerWebsite();
  const { subject, text } = buildFailureEmail(problems, {
    siteUrl: website ? siteAddress(env, website) : undefined,
    deployLog: siteName && deployId ? `https://app.netlify.com/sites/${siteName}/deploys/${deployId}` : undefined,
    commit,
  });
  const key = deployId ?? createHash('sha256').update(text).digest('hex').slice(0, 32);
  // Like every e-mail of the site, counted and in the shared pace when the build reaches the site's
  // Blobs (lib/mail/mailer.ts); never held back by the quota: the dealer must hear that nothing was published.
  const outcome = await sendMail(
    settings.mail,
    { to, subject, text, idempotencyKey: `build-failure-${key}` },
    { pacer: sitePace(settings.mail), room: 'always' },
  );
  const result: SendResult =
    outcome.status === 'sent' || outcome.status === 'failed'
      ? outcome
      : { status: 'failed', error: 'no slot in the e-mail pace in time', statusCode: null, fault: 'provider' };
  log(result.status === 'sent' ? `E-mailed ${to.join(', ')}: ${subject}` : `The e-mail to ${to.join(', ')} failed: ${result.error}`);
  return result;
}

/** How long the e-mail may wait for its slot in the site's pace. */
const PACE_WAIT_MS = 15_000;

/** The site's shared pace, when the build reaches the site's Blobs; without them the e-mail goes at once, alone. */
function sitePace(mail: MailConfig): Pacer | null {
  try {
    return new Pacer(mailLogBlobs(), { ratePerSecond: mail.ratePerSecond, deadline: performance.now() + PACE_WAIT_MS, timeoutMs: mail.timeoutMs });
  } catch (error) {
    if (error instanceof Error && error.name === 'MissingBlobsEnvironmentError') return null;
    throw error;
  }
}
