import type { Config } from '@netlify/functions';
import { scheduledOnly } from './lib/http/guards.ts';
import { rebuildIfDue } from './lib/publishing/publisher.ts';
import { runPublishingJob } from './lib/publishing/run.ts';

/**
 * Once a day, late in the evening in New York: rebuilds the site through the build hook only
 * when the deployed build's pages change by date (a sold unit's page giving way to its 301,
 * docs/product.md §Units) and no deploy of the day has carried the change already (a deploy at
 * a publishing time carries it), within the month's deploy budget (docs/product.md
 * §Publishing). Any other day a run reads the publishing record once and returns.
 */
export async function runDailyRebuild(now = Date.now()): Promise<Response> {
  return runPublishingJob('daily-rebuild', 'Daily rebuild', now, rebuildIfDue);
}

export default async function dailyRebuild(request?: Request): Promise<Response> {
  const refused = await scheduledOnly(request);
  if (refused) return refused;
  return runDailyRebuild();
}

/** 03:30 UTC: 22:30 (winter) or 23:30 (summer) in New York, after the last publishing time. */
export const config: Config = { schedule: '30 3 * * *' };
