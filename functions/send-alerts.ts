import type { Config } from '@netlify/functions';
import { priceBands } from '../src/lib/data/vehicles.ts';
import { runAlerts } from './lib/alerts/sending.ts';
import { alertsBlobs, hasAlertWork } from './lib/alerts/blobs.ts';
import { scheduledOnly } from './lib/http/guards.ts';

/**
 * Scheduled every 5 minutes: finishes matching what the last deploys changed, then sends the
 * queued alert e-mails (confirmations first in line by age, then alerts), oldest first, at the
 * provider's pace, within the alert quota and a subscriber's one e-mail a day; a failed one
 * again after its backoff (docs/product.md §Alerts). With nothing queued and no change left to
 * match, a run returns after one listing of the store.
 */
export default async function sendAlerts(request?: Request): Promise<Response> {
  const refused = await scheduledOnly(request);
  if (refused) return refused;
  const store = alertsBlobs();
  if (!(await hasAlertWork(store))) return Response.json({ queued: 0, matched: 0 }, { headers: { 'Cache-Control': 'no-store' } });
  const summary = await runAlerts(store, priceBands);
  if (summary.sent || summary.failed || summary.held || summary.matched) console.info(`[alerts] Run: ${JSON.stringify(summary)}`);
  return Response.json(summary, { headers: { 'Cache-Control': 'no-store' } });
}

export const config: Config = { schedule: '*/5 * * * *' };
