import type { Store as Blobs } from '@netlify/blobs';
import type { Lead } from '../../functions/lib/leads/lead.ts';
import { fileLead, pendingEntries } from '../../functions/lib/leads/blobs.ts';
import { retryPending, type RetrySummary } from '../../functions/retry-leads.ts';
import { VALID } from './contact-harness.ts';

/** A backlog of pending leads (as an outage leaves it) and the retry runs that clear it. */

/** Files `count` pending leads, one a second before `endAt`, the oldest first. */
export async function fillBacklog(store: Blobs, count: number, endAt = Date.now()): Promise<string[]> {
  const ids: string[] = [];
  const batch = 50;
  for (let start = 0; start < count; start += batch) {
    const leads = Array.from({ length: Math.min(batch, count - start) }, (_, offset): Lead => {
      const i = start + offset;
      return {
        id: `backlog-${String(i).padStart(5, '0')}`,
        receivedAt: new Date(endAt - (count - i) * 1000).toISOString(),
        status: 'pending',
        inquiry: { ...VALID, email: `visitor${i}@example.com` },
        source: { channel: 'json', page: '/contact', utm: {} },
        delivery: { attempts: 0 },
      };
    });
    await Promise.all(leads.map((lead) => fileLead(store, lead)));
    ids.push(...leads.map((lead) => lead.id));
  }
  return ids;
}

export interface BacklogRun {
  ms: number;
  summary: RetrySummary;
}

export interface ClearOptions {
  limitMs?: number;
  maxRuns?: number;
  /**
   * The pause between runs (ms). The schedule starts one a minute; a second is enough for the
   * provider's per-second window to pass, so runs may follow each other that closely here.
   */
  gapMs?: number;
  onRun?: (run: BacklogRun, index: number) => void;
}

/** Runs the retry job again and again until nothing is pending (or `maxRuns`), timing each run. */
export async function clearBacklog(store: Blobs, options: ClearOptions = {}) {
  const runs: BacklogRun[] = [];
  const started = performance.now();
  while (runs.length < (options.maxRuns ?? 10_000)) {
    const runStarted = performance.now();
    const summary = await retryPending(store, { limitMs: options.limitMs });
    const run = { ms: performance.now() - runStarted, summary };
    runs.push(run);
    options.onRun?.(run, runs.length);
    if ((await pendingEntries(store)).length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, options.gapMs ?? 1000));
  }
  return { runs, totalMs: performance.now() - started };
}
