import type { Store as Blobs } from '@netlify/blobs';
import type { ImportMapping } from '../../../data/schemas/import.ts';
import type { Model } from '../../../data/schemas/models.ts';
import { feedPhotoHosts, type ImportStore } from '../../../src/lib/import/feed-unit.ts';
import { reconcile, type Plan } from '../../../src/lib/import/reconcile.ts';
import type { FeedResult } from './feed.ts';
import { photoHostsProblem, type HostLookup } from './photo-hosts.ts';
import { countsOf, missedBefore, newRunId, saveLastRun, saveMissed, saveRun, type RunRecord } from './runs.ts';

/**
 * One import run, the same locally (`npm run import`) and in production (the scheduled
 * function): the feed as read, the hosts of its photos resolved, the lot as it is, the plan, then
 * the files written (a folder or one commit) and the run recorded (docs/product.md §Import).
 */

/** Where the unit files are: read them, let `build` decide, write what it answers (or nothing). */
export interface LotAccess {
  apply(build: (units: Readonly<Record<string, unknown>>) => Plan): Promise<{ ok: true; plan: Plan; commit?: string } | { ok: false; message: string }>;
}

export interface RunInput {
  mapping: ImportMapping;
  feed: FeedResult;
  lot: LotAccess;
  /** The runs store; none keeps no record (and no memory of misses). */
  store?: Blobs;
  /** Where the feed came from, for the record. */
  source: string;
  models: readonly Model[];
  brandNames: Readonly<Record<string, string>>;
  /** Ids a new unit must not take (removed units). */
  reservedIds?: readonly string[];
  /** The site's stores, for the feed's location codes. */
  stores?: readonly ImportStore[];
  now: Date;
  /** Writes nothing and records nothing. */
  dryRun?: boolean;
  /** The dealer's calendar day (YYYY-MM-DD) of `now`. */
  today: string;
  /** How the photo hosts are resolved (the system's resolver unless a test stands in). */
  lookup?: HostLookup;
}

export interface RunOutput {
  run: RunRecord;
  plan?: Plan;
}

export async function runImport(input: RunInput): Promise<RunOutput> {
  const base = {
    id: newRunId(input.now),
    at: input.now.toISOString(),
    source: input.source,
    dryRun: input.dryRun ?? false,
    changes: [],
    rejected: [],
    withheld: [],
    missed: [],
    counts: { added: 0, changed: 0, sold: 0, restored: 0, unchanged: 0, rejected: 0 },
  };
  const record = async (run: RunRecord): Promise<RunRecord> => {
    if (input.store && !run.dryRun) {
      await saveRun(input.store, run);
      await saveLastRun(input.store, run);
    }
    return run;
  };
  if (!input.feed.ok) return { run: await record({ ...base, outcome: 'failed', reason: input.feed.message, records: 0 }) };
  const feed = input.feed;
  const hostProblem = await photoHostsProblem(feedPhotoHosts(feed.rows, input.mapping), input.lookup);
  if (hostProblem) return { run: await record({ ...base, outcome: 'failed', reason: hostProblem, records: feed.records, withheld: feed.withheld }) };
  const before = input.store ? await missedBefore(input.store) : [];
  const applied = await input.lot.apply((units) =>
    reconcile({
      rows: feed.rows,
      units,
      models: input.models,
      brandNames: input.brandNames,
      mapping: input.mapping,
      today: input.today,
      missedBefore: before,
      reservedIds: input.reservedIds ?? [],
      stores: input.stores ?? [],
    }),
  );
  if (!applied.ok) return { run: await record({ ...base, outcome: 'failed', reason: applied.message, records: feed.records, withheld: feed.withheld }) };
  const { plan } = applied;
  if (plan.outcome === 'imported' && input.store && !input.dryRun) await saveMissed(input.store, plan.missed, base.at);
  const run: RunRecord = {
    ...base,
    outcome: plan.outcome,
    ...(plan.reason ? { reason: plan.reason } : {}),
    records: feed.records,
    counts: countsOf(plan),
    changes: plan.changes,
    rejected: plan.rejected,
    withheld: feed.withheld,
    missed: plan.missed,
    ...(applied.commit ? { commit: applied.commit } : {}),
  };
  return { run: await record(run), plan };
}
