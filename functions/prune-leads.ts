import type { Config } from '@netlify/functions';
import { pages } from '../src/lib/data/pages.ts';
import { pruneRateRecords } from './lib/http/rate-limit.ts';
import { rebuildIndex } from './lib/inbox/summaries.ts';
import { leadsBlobs } from './lib/leads/blobs.ts';
import { pruneExpired } from './lib/leads/retention.ts';
import { scheduledOnly } from './lib/http/guards.ts';

/**
 * Scheduled daily: deletes leads older than leadRetentionMonths of data/pages.json (the period
 * the privacy page states), with their markers and photos, plus photos of requests never sent
 * (after a day), receipt records older than a day and old spam counters, and the lead forms'
 * rate-limit records of closed windows, and logs how many went. Then checks that the inbox's
 * index holds every stored lead (lib/inbox/summaries.ts rebuildIndex), adding at most
 * INDEX_PER_RUN leads a run that it lacks (leads filed before it was kept as leads are filed).
 */
/** Leads a run adds to the index at most: some 2 reads each, well inside a scheduled function's 30 s. */
export const INDEX_PER_RUN = 2_000;

export default async function pruneLeads(request?: Request): Promise<Response> {
  const refused = await scheduledOnly(request);
  if (refused) return refused;
  const months = pages.privacy.leadRetentionMonths;
  const store = leadsBlobs();
  const summary = await pruneExpired(store, Date.now(), months);
  await pruneRateRecords(store);
  const index = await rebuildIndex(store, { limit: INDEX_PER_RUN });
  console.info(
    `[leads] Retention (${months} months): deleted ${summary.leads} lead(s) with ${summary.photos} photo(s), ${summary.uploads} unsent upload(s), ${summary.receipts} receipt record(s), ${summary.spam} spam record(s). Inbox index: ${index.added} lead(s) added, ${index.dropped} dropped, ${index.left} left for the next run.`,
  );
  return Response.json({ retentionMonths: months, deleted: summary, index }, { headers: { 'Cache-Control': 'no-store' } });
}

export const config: Config = { schedule: '30 3 * * *' };
