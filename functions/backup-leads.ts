import type { Config, Context } from '@netlify/functions';
import { jsonResponse } from './lib/http/responses.ts';
import { scheduledOnly, WAKE_HEADER, wakeSignature } from './lib/http/guards.ts';
import { backupEnv } from '../src/lib/settings/backup.ts';

/**
 * Every night: when the backup's settings are there (BACKUP_S3_…, docs/operations.md §The
 * dealer's archive), wakes the background backup (functions/backup-leads-background.ts), which has
 * the 15 minutes a dealer's photos may take; without them it does nothing. The wake-up is signed
 * with the storage's secret key, which both have, so only this job starts a backup.
 */
export default async function backupLeads(request: Request, context: Pick<Context, 'site'>): Promise<Response> {
  const refused = await scheduledOnly(request);
  if (refused) return refused;
  const env = backupEnv();
  if (env.state === 'off') return jsonResponse({ status: 'off' });
  if (env.state === 'invalid') {
    console.error(`[backup] The backup is not set up right: ${env.error}.`);
    return jsonResponse({ status: 'failed', error: env.error }, { status: 502 });
  }
  const slot = backupSlot();
  try {
    const response = await fetch(new URL('/.netlify/functions/backup-leads-background', context.site.url), {
      method: 'POST',
      headers: { [WAKE_HEADER]: wakeSignature(env.settings.secretAccessKey, slot) },
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    if (response.status !== 202) console.error(`[backup] The background backup answered ${response.status}.`);
    return jsonResponse({ status: 'started', slot, httpStatus: response.status });
  } catch {
    console.error('[backup] The background backup could not be woken.');
    return jsonResponse({ status: 'failed', slot }, { status: 502 });
  }
}

/** The day a backup is for (UTC): the wake-up's signature names it. */
export function backupSlot(now = Date.now()): string {
  return `backup-${new Date(now).toISOString().slice(0, 10)}`;
}

export const config: Config = { schedule: '30 4 * * *' };
