import type { Store as Blobs } from '@netlify/blobs';
import { z } from 'zod';
import { nextDatedChange } from '../../../src/lib/units/units.ts';
import type { LotUnit } from '../../../src/lib/units/units.ts';
import { dealerClock } from './plan.ts';
import { updateState, withDeploy } from './record.ts';

/**
 * A production deploy succeeded (the deploy-succeeded event): it counts against the month's
 * budget, its commit is now the deployed one, and the day its pages next change by date is
 * worked out from the lot this function was bundled with, which is the lot the deploy built.
 */

const eventSchema = z.object({
  payload: z.object({
    id: z.string().min(1),
    context: z.string().optional(),
    state: z.string().optional(),
    commit_ref: z.string().nullish(),
  }),
});

export type DeployRecord = { recorded: false; reason: string } | { recorded: true; id: string; commit?: string; nextChange: string | null };

export async function recordDeploy(
  store: Blobs,
  event: unknown,
  lot: { units: readonly Pick<LotUnit, 'status' | 'soldDate'>[]; soldPageDays: number },
  now = Date.now(),
): Promise<DeployRecord> {
  const parsed = eventSchema.safeParse(event);
  if (!parsed.success) return { recorded: false, reason: 'not a deploy event' };
  const { id, context, state, commit_ref: commit } = parsed.data.payload;
  if (context !== 'production') return { recorded: false, reason: 'not a production deploy: it costs no credits' };
  if (state !== undefined && state !== 'ready') return { recorded: false, reason: `the deploy is ${state}` };
  const nextChange = nextDatedChange(lot.units, dealerClock(now).day, lot.soldPageDays);
  await updateState(store, now, (current) => withDeploy(current, { id, at: now, ...(commit ? { commit } : {}), nextChange }));
  return { recorded: true, id, ...(commit ? { commit } : {}), nextChange };
}
