import type { Config, Context } from '@netlify/functions';
import { importMapping } from '../src/lib/data/import.ts';
import { dueSlot } from '../src/lib/import/schedule.ts';
import { scheduledOnly, WAKE_HEADER, wakeSignature } from './lib/http/guards.ts';
import { importWakeSecret } from '../src/lib/settings/import.ts';

/**
 * Every hour: when it is one of the dealer's import times (data/import.json, in their time zone),
 * wakes the background import (functions/import-lot-background.ts), which has the time a long
 * feed needs. Cron runs in UTC; the dealer's times are checked here and again there. The wake-up
 * is signed with GITHUB_TOKEN, which both have, so only this job can start an import
 * (functions/lib/http/guards.ts).
 */
export default async function importLot(request: Request, context: Context): Promise<Response> {
  const refused = await scheduledOnly(request);
  if (refused) return refused;
  const slot = dueSlot(importMapping, new Date());
  const secret = importWakeSecret();
  if (!slot) return Response.json({ status: 'skipped' }, { headers: { 'Cache-Control': 'no-store' } });
  if (!secret) {
    console.error('[import] GITHUB_TOKEN is not set: the import cannot run.');
    return Response.json({ status: 'failed', slot }, { status: 502, headers: { 'Cache-Control': 'no-store' } });
  }
  try {
    const response = await fetch(new URL('/.netlify/functions/import-lot-background', context.site.url), {
      method: 'POST',
      headers: { [WAKE_HEADER]: wakeSignature(secret, slot) },
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    if (response.status !== 202) console.error(`[import] The background import answered ${response.status}.`);
    return Response.json({ status: 'started', slot, httpStatus: response.status }, { headers: { 'Cache-Control': 'no-store' } });
  } catch {
    console.error('[import] The background import could not be woken.');
    return Response.json({ status: 'failed', slot }, { status: 502, headers: { 'Cache-Control': 'no-store' } });
  }
}

export const config: Config = { schedule: '@hourly' };
