import type { Config } from '@netlify/functions';
import { sendReminders } from './lib/inbox/reminders.ts';
import { scheduledOnly } from './lib/http/guards.ts';
import { leadsBlobs } from './lib/leads/blobs.ts';

/**
 * Every 10 minutes: reminds a department of a lead still new past the promise's business hours
 * (lib/inbox/reminders.ts). Nothing due: one listing, nothing more. Logs counts only.
 */
export default async function leadReminders(request?: Request): Promise<Response> {
  const refused = await scheduledOnly(request);
  if (refused) return refused;
  const summary = await sendReminders(leadsBlobs());
  if (summary.sent || summary.failed) console.info(`[inbox] Reminder run: ${JSON.stringify(summary)}`);
  return Response.json(summary, { headers: { 'Cache-Control': 'no-store' } });
}

export const config: Config = { schedule: '*/10 * * * *' };
