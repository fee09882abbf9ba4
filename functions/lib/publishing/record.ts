import { getStore, type Store as Blobs } from '@netlify/blobs';
import { z } from 'zod';
import { readJSON } from '../leads/blobs.ts';
import { budgetMonth } from './plan.ts';

/**
 * The publishing record, one blob (`state`) in the `publishing` store so a scheduled run with
 * nothing to do reads it once (docs/decisions/publishing-within-the-plan.md):
 *
 * - the production deploys of this month (from the deploy-succeeded event), and the deploys the
 *   site asked for that no deploy has answered yet, which count too until they are answered
 *   (an ask whose build never succeeded stops counting after ASK_COUNTS_MS);
 * - the deployed commit and day, and the day its build's next dated change is due;
 * - whether the dealer was told this month that the deploys are spent;
 * - each scheduled job's last failure, until a run of it succeeds (/api/health reports it).
 */

export const PUBLISHING_BLOBS = 'publishing';
export const STATE_KEY = 'state';
/** How long an ask counts without its deploy (a build takes minutes; a failed one is not billed). */
export const ASK_COUNTS_MS = 3 * 60 * 60_000;

const deploySchema = z.object({ id: z.string(), at: z.number(), commit: z.string().optional() });
const askSchema = z.object({ at: z.number(), reason: z.string() });
const failureSchema = z.object({ at: z.number(), reason: z.string() });

/** The scheduled jobs that ask for deploys. */
export type PublishingJob = 'publisher' | 'daily-rebuild';

export const stateSchema = z.object({
  month: z.string(),
  deploys: z.array(deploySchema).default([]),
  asks: z.array(askSchema).default([]),
  deployed: z
    .object({
      id: z.string(),
      at: z.number(),
      commit: z.string().optional(),
      /** YYYY-MM-DD (New York) on which the deployed build's pages change by date; null: none. */
      nextChange: z.string().nullable().default(null),
    })
    .optional(),
  /** The month the dealer was told the deploys are spent. */
  noticeMonth: z.string().optional(),
  /** A job's last run that failed, kept until one of its runs gets through. */
  failures: z.object({ publisher: failureSchema.optional(), 'daily-rebuild': failureSchema.optional() }).optional(),
});

export type PublishingState = z.infer<typeof stateSchema>;
export type Ask = z.infer<typeof askSchema>;

export function publishingBlobs(): Blobs {
  return getStore({ name: PUBLISHING_BLOBS, consistency: 'strong' });
}

/** The record as of `now`: a new month starts with no deploys and no asks. */
export function current(state: PublishingState | null, now: number): PublishingState {
  const month = budgetMonth(now);
  if (!state) return { month, deploys: [], asks: [] };
  const fresh = state.asks.filter((ask) => now - ask.at < ASK_COUNTS_MS && budgetMonth(ask.at) === month);
  return state.month === month ? { ...state, asks: fresh } : { ...state, month, deploys: [], asks: fresh };
}

/** Production deploys this month, the unanswered asks included. */
export function deploysSpent(state: PublishingState): number {
  return state.deploys.length + state.asks.length;
}

function parse(data: unknown): PublishingState | null {
  const parsed = stateSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** One read: the record as of `now`. */
export async function readState(store: Blobs, now: number): Promise<PublishingState> {
  return current(parse(await store.get(STATE_KEY, { type: 'json' })), now);
}

/**
 * Changes the record with `change`, again on a fresh read if someone wrote in between (the
 * deploy event and a scheduled run may meet). Answers the record written.
 */
export async function updateState(store: Blobs, now: number, change: (state: PublishingState) => PublishingState): Promise<PublishingState> {
  for (let tries = 0; ; tries++) {
    const entry = await readJSON(store, STATE_KEY);
    const next = change(current(parse(entry?.data ?? null), now));
    const write = entry?.etag
      ? await store.setJSON(STATE_KEY, next, { onlyIfMatch: entry.etag })
      : await store.setJSON(STATE_KEY, next, entry ? {} : { onlyIfNew: true });
    if (write.modified || tries >= 4) return next;
  }
}

/** A job's run failed: kept until a run of it gets through. */
export function withFailure(state: PublishingState, job: PublishingJob, failure: { at: number; reason: string } | null): PublishingState {
  const { [job]: _old, ...others } = state.failures ?? {};
  return { ...state, failures: failure ? { ...others, [job]: failure } : others };
}

/** A deploy the site asks for counts at once. */
export function withAsk(state: PublishingState, ask: Ask): PublishingState {
  return { ...state, asks: [...state.asks, ask] };
}

/**
 * A production deploy succeeded: it counts (once, however often the event comes), answers the
 * oldest ask, and is now the deployed commit.
 */
export function withDeploy(state: PublishingState, deploy: { id: string; at: number; commit?: string; nextChange: string | null }): PublishingState {
  if (state.deploys.some((known) => known.id === deploy.id)) return state;
  const { nextChange, ...counted } = deploy;
  return {
    ...state,
    deploys: [...state.deploys, counted],
    asks: state.asks.slice(1),
    deployed: { ...counted, nextChange },
  };
}
