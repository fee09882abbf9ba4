import { getStore, type Store as Blobs } from '@netlify/blobs';
import { z } from 'zod';
import type { Plan } from '../../../src/lib/import/reconcile.ts';

/**
 * Every import run is recorded in one site-wide Blobs store (docs/product.md §Import): what it
 * did, held back or why it failed, and which listed units it missed. The next run reads the
 * misses of the last run that imported, so a unit is sold only at its second miss in a row.
 */

export const RUNS_BLOBS = 'import-runs';
/** The runs `npm run import -- --report` lists. */
export const REPORT_RUNS = 20;

export const RunRecord = z.object({
  id: z.string(),
  at: z.string(),
  source: z.string(),
  outcome: z.enum(['imported', 'held-back', 'failed']),
  reason: z.string().optional(),
  dryRun: z.boolean().default(false),
  records: z.number().int().default(0),
  counts: z.object({ added: z.number(), changed: z.number(), sold: z.number(), restored: z.number(), unchanged: z.number(), rejected: z.number() }),
  changes: z.array(z.object({ kind: z.string(), id: z.string(), ref: z.string().optional(), fields: z.array(z.string()) })).default([]),
  rejected: z.array(z.object({ ref: z.string(), column: z.string(), reason: z.string() })).default([]),
  withheld: z.array(z.object({ ref: z.string(), reason: z.string() })).default([]),
  missed: z.array(z.string()).default([]),
  commit: z.string().optional(),
  /** When the dealer was e-mailed about this run (once). */
  mailedAt: z.string().optional(),
});
export type RunRecord = z.infer<typeof RunRecord>;

const MISSED_KEY = 'state/missed';
const runKey = (id: string) => `run/${id}`;

export function importRunsBlobs(): Blobs {
  return getStore({ name: RUNS_BLOBS, consistency: 'strong' });
}

/** The summary line every run ends with. */
export function countsOf(plan: Pick<Plan, 'changes' | 'unchanged' | 'rejected'>): RunRecord['counts'] {
  const count = (kind: string) => plan.changes.filter((change) => change.kind === kind).length;
  return {
    added: count('added'),
    changed: count('changed'),
    sold: count('sold'),
    restored: count('restored'),
    unchanged: plan.unchanged,
    rejected: plan.rejected.length,
  };
}

export function summaryLine(counts: RunRecord['counts']): string {
  return `import: added ${counts.added}, changed ${counts.changed}, sold ${counts.sold}, restored ${counts.restored}, unchanged ${counts.unchanged}, rejected ${counts.rejected}`;
}

/** A run id that sorts by time: 2026-11-26T06-00-01-123Z-ab12. */
export function newRunId(at: Date): string {
  return `${at.toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID().slice(0, 4)}`;
}

export async function saveRun(store: Blobs, run: RunRecord): Promise<void> {
  await store.setJSON(runKey(run.id), run);
}

const LAST_RUN_KEY = 'state/last-run';

/** The newest run in brief, read by /api/health in one read (functions/health.ts). */
export const LastRun = RunRecord.pick({ id: true, at: true, outcome: true, reason: true });
export type LastRun = z.infer<typeof LastRun>;

export async function saveLastRun(store: Blobs, run: RunRecord): Promise<void> {
  const { id, at, outcome, reason } = run;
  await store.setJSON(LAST_RUN_KEY, { id, at, outcome, ...(reason ? { reason } : {}) });
}

export async function lastRun(store: Blobs): Promise<LastRun | null> {
  const parsed = LastRun.safeParse(await store.get(LAST_RUN_KEY, { type: 'json' }));
  return parsed.success ? parsed.data : null;
}

/** Units the last successful pull missed (none before the first). */
export async function missedBefore(store: Blobs): Promise<string[]> {
  const value = (await store.get(MISSED_KEY, { type: 'json' })) as unknown;
  const parsed = z.object({ missed: z.array(z.string()) }).safeParse(value);
  return parsed.success ? parsed.data.missed : [];
}

export async function saveMissed(store: Blobs, missed: readonly string[], at: string): Promise<void> {
  await store.setJSON(MISSED_KEY, { missed, at });
}

/** The latest runs, newest first. */
export async function recentRuns(store: Blobs, limit = REPORT_RUNS): Promise<RunRecord[]> {
  const { blobs } = await store.list({ prefix: 'run/' });
  const keys = blobs
    .map((blob) => blob.key)
    .sort()
    .reverse()
    .slice(0, limit);
  const runs: RunRecord[] = [];
  for (const key of keys) {
    const parsed = RunRecord.safeParse(await store.get(key, { type: 'json' }));
    if (parsed.success) runs.push(parsed.data);
  }
  return runs;
}
