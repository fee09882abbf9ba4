import type { Config } from '@netlify/functions';
import { pruneAlerts } from './lib/alerts/retention.ts';
import { alertsStore } from './lib/alerts/store.ts';
import { scheduledOnly } from './lib/invocation-guard.ts';

/**
 * Scheduled daily: keeps the privacy page's promise for alerts (docs/product.md §Alerts):
 * unconfirmed requests go after their days, alerts after their months, addresses with no alert
 * left with them; old change sets and e-mail counts too. Logs how many went.
 */
export default async function pruneAlertsJob(request?: Request): Promise<Response> {
  const refused = await scheduledOnly(request);
  if (refused) return refused;
  const summary = await pruneAlerts(alertsStore());
  console.info(`[alerts] Retention: ${JSON.stringify(summary)}`);
  return Response.json({ deleted: summary }, { headers: { 'Cache-Control': 'no-store' } });
}

export const config: Config = { schedule: '40 3 * * *' };
