import type { Config } from '@netlify/functions';
import { deliverLead, type DeliveryStatus } from './lib/delivery.ts';
import { leadsEnv } from './lib/env.ts';
import { pruneRateRecords } from './lib/rate-limit.ts';
import { keys, leadsStore, pendingIds } from './lib/store.ts';

/**
 * Scheduled every 5 minutes: sends the e-mails of leads still pending (the provider was down,
 * rate-limited or not configured yet), each lead no sooner than its backoff allows, until sent.
 * Also clears rate-limit records of closed windows.
 */

/** Scheduled functions get 30 seconds; stop taking new leads well before that. */
const TIME_BUDGET_MS = 20_000;
const CONCURRENCY = 4;
/** A pending marker without its lead (the write of the lead failed) is dropped after this. */
const ORPHAN_AFTER_MS = 5 * 60_000;

export type RetrySummary = { pending: number } & Partial<Record<DeliveryStatus, number>>;

export default async function retryLeads(_request?: Request): Promise<Response> {
  const store = leadsStore();
  const started = Date.now();
  const ids = await pendingIds(store);
  const summary: RetrySummary = { pending: ids.length };
  const env = leadsEnv();

  if (!env.ok || !env.mail) {
    if (ids.length > 0) {
      const why = env.ok ? 'RESEND_API_KEY is not set' : env.error;
      console.info(`[leads] ${ids.length} lead(s) pending; e-mail step skipped: ${why}.`);
    }
  } else {
    const queue = [...ids];
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        if (Date.now() - started > TIME_BUDGET_MS) return;
        const status = await deliverLead(store, id).catch((error: unknown) => {
          console.error(`[leads] Retry of lead ${id} failed: ${error instanceof Error ? error.message : 'unknown error'}`);
          return 'failed' as const;
        });
        if (status === 'missing') await dropOrphan(id);
        summary[status] = (summary[status] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  }

  await pruneRateRecords(store);
  if (summary.sent || summary.failed) console.info(`[leads] Retry run: ${JSON.stringify(summary)}`);
  return Response.json(summary, { headers: { 'Cache-Control': 'no-store' } });

  async function dropOrphan(id: string) {
    const marker = await store.get(keys.pending(id), { type: 'text' });
    if (marker && Date.now() - Date.parse(marker) > ORPHAN_AFTER_MS) await store.delete(keys.pending(id));
  }
}

export const config: Config = { schedule: '*/5 * * * *' };
