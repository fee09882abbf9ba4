import type { Config } from '@netlify/functions';
import { scheduledOnly } from './lib/http/guards.ts';
import { publishPending } from './lib/publishing/publisher.ts';
import { runPublishingJob } from './lib/publishing/run.ts';

/**
 * Every hour: at the dealer's publishing times (data/publishing.json, New York time), deploys
 * what editors and the import saved since the last deploy, through the build hook, when the
 * branch's head is not the deployed commit and the month's deploy budget allows
 * (docs/product.md §Publishing). Outside publishing times a run reads nothing.
 */
export async function runPublisher(now = Date.now()): Promise<Response> {
  return runPublishingJob('publisher', 'Publisher', now, publishPending);
}

export default async function publisher(request?: Request): Promise<Response> {
  const refused = await scheduledOnly(request);
  if (refused) return refused;
  return runPublisher();
}

export const config: Config = { schedule: '0 * * * *' };
