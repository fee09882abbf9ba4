import type { Store as Blobs } from '@netlify/blobs';
import type { Config } from '@netlify/functions';
import { deliverLead, type DeliveryStatus } from './lib/leads/delivery.ts';
import { leadsEnv } from '../src/lib/settings/mail.ts';
import { Pacer } from './lib/mail/pacer.ts';
import { leadsBlobs, pendingEntries, type PendingEntry } from './lib/leads/blobs.ts';
import { scheduledOnly } from './lib/http/guards.ts';

/**
 * Scheduled every 2 minutes: sends the e-mails of leads still pending (the provider was down,
 * rate-limited or not configured yet), oldest first, each lead no sooner than its backoff
 * allows, until sent. It keeps to the provider's rate (RESEND_RATE_PER_SECOND, default 2 a
 * second, shared with every other kind of e-mail: lib/mail/pacer.ts) and to the scheduled
 * function's 30-second limit: requests start only while one can still finish before
 * RUN_LIMIT_MS, so a run sends a bounded batch and the next run continues with the rest,
 * whatever the backlog. A run with nothing pending returns after one listing of
 * the store (docs/operations.md §What the site costs to run: with a lead's backoff of at most
 * 15 minutes and a run every 2, a lead goes out within about a quarter of an hour of the
 * provider recovering).
 */

/** Scheduled functions get 30 seconds; everything (each request's timeout included) ends by this. */
export const RUN_LIMIT_MS = 25_000;
/** Leads looked at side by side (they share one pace). */
const CONCURRENCY = 4;
/** A pending marker without its lead (the write of the lead failed) is dropped after this. */
const ORPHAN_AFTER_MS = 5 * 60_000;

export type RetrySummary = { pending: number } & Partial<Record<DeliveryStatus, number>>;

export interface RetryOptions {
  /** How long this run may take, in ms (RUN_LIMIT_MS). */
  limitMs?: number;
}

export default async function retryLeads(request?: Request): Promise<Response> {
  const refused = await scheduledOnly(request);
  if (refused) return refused;
  const store = leadsBlobs();
  const summary = await retryPending(store);
  if (summary.sent || summary.failed || summary.deferred) console.info(`[leads] Retry run: ${JSON.stringify(summary)}`);
  return Response.json(summary, { headers: { 'Cache-Control': 'no-store' } });
}

/** One run over the pending leads, oldest first, within the time limit and the provider's pace. */
export async function retryPending(store: Blobs, options: RetryOptions = {}): Promise<RetrySummary> {
  const started = performance.now();
  const entries = await pendingEntries(store);
  const summary: RetrySummary = { pending: entries.length };
  if (entries.length === 0) return summary;
  const env = leadsEnv();

  if (!env.ok || !env.mail) {
    if (entries.length > 0) {
      const why = env.ok ? 'RESEND_API_KEY is not set' : env.error;
      console.info(`[leads] ${entries.length} lead(s) pending; e-mail step skipped: ${why}.`);
    }
    return summary;
  }
  const deadline = started + (options.limitMs ?? RUN_LIMIT_MS);
  const pacer = new Pacer(store, { ratePerSecond: env.mail.ratePerSecond, deadline, timeoutMs: env.mail.timeoutMs });
  const queue = [...entries];
  const count = (status: DeliveryStatus) => (summary[status] = (summary[status] ?? 0) + 1);
  const worker = async () => {
    for (let entry = queue.shift(); entry !== undefined; entry = queue.shift()) {
      if (!pacer.open) {
        count('deferred');
        continue;
      }
      const status = await deliverLead(store, entry.id, { pacer }).catch((error: unknown) => {
        console.error(`[leads] Retry of lead ${entry.id} failed: ${error instanceof Error ? error.message : 'unknown error'}`);
        return 'failed' as const;
      });
      if (status === 'missing') await dropOrphan(store, entry);
      count(status);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return summary;
}

async function dropOrphan(store: Blobs, entry: PendingEntry): Promise<void> {
  const at = entry.at ?? Date.parse((await store.get(entry.key, { type: 'text' })) ?? '');
  if (Number.isFinite(at) && Date.now() - at > ORPHAN_AFTER_MS) await store.delete(entry.key);
}

export const config: Config = { schedule: '*/2 * * * *' };
