import type { Config } from '@netlify/functions';
import { pruneAlerts } from './lib/alerts/retention.ts';
import { alertsBlobs } from './lib/alerts/blobs.ts';
import { scheduledOnly } from './lib/http/guards.ts';
import { pruneRateRecords } from './lib/http/rate-limit.ts';

/**
 * Scheduled daily: keeps the privacy page's promise for alerts (docs/product.md §Alerts):
 * unconfirmed requests go after their days, alerts after their months, addresses with no alert
 * left with them; old change sets and e-mail counts too, and the subscription form's rate-limit
 * records of closed windows. Logs how many went.
 */
export default async function pruneAlertsJob(request?: Request): Promise<Response> {
  const refused = await scheduledOnly(request);
  if (refused) return refused;
  const store = alertsBlobs();
  const summary = await pruneAlerts(store);
  await pruneRateRecords(store);
  console.info(`[alerts] Retention: ${JSON.stringify(summary)}`);
  return Response.json({ deleted: summary }, { headers: { 'Cache-Control': 'no-store' } });
}

export const config: Config = { schedule: '40 3 * * *' };
