import type { Store as Blobs } from '@netlify/blobs';
import { z } from 'zod';
import type { PublishedUnit } from '../src/lib/alerts.ts';
import { priceBands, soldPageDays, units } from '../src/lib/data/vehicles.ts';
import { bundledLot } from './lib/alerts/lot.ts';
import { publishLot } from './lib/alerts/matching.ts';
import { runAlerts, type AlertRunSummary } from './lib/alerts/sending.ts';
import { alertsBlobs } from './lib/alerts/blobs.ts';
import { jsonResponse } from './lib/http/responses.ts';
import { deployEventOnly, type DeployContext } from './lib/http/guards.ts';
import { recordDeploy } from './lib/publishing/deploys.ts';
import { publishingBlobs } from './lib/publishing/record.ts';

/**
 * Netlify runs this after every successful deploy (an event-triggered function: its file name is
 * the event's). The lot this function was bundled with is the lot the deploy published: it is
 * compared with the last one published (kept in Blobs), the changes are matched against every
 * confirmed alert, and what fits in this run is sent; the scheduled send-alerts job sends the
 * rest (docs/product.md §Alerts). Every production deploy is also counted against the month's
 * deploy budget, with its commit and the day its pages next change by date (docs/product.md
 * §Publishing). Only production deploys publish to subscribers: deploy
 * previews and branch deploys share the site's Blobs but not its lot. Running twice, or on a
 * replayed event, sends nothing twice.
 *
 * The request body is Netlify's event: {"payload": {"id", "context", "state", …}, "site": {…}}.
 * Only the event of the deploy this function runs in is believed (functions/lib/http/guards.ts):
 * locally (`npm start`, context `dev`) no event publishes; the tests call publishDeploy.
 */

const eventSchema = z.object({ payload: z.object({ id: z.string().min(1), context: z.string().optional(), state: z.string().optional() }) });

/** An event function runs like any synchronous function: well inside its 10 seconds. */
export const EVENT_LIMIT_MS = 7_000;

export type DeployOutcome =
  | { published: false; reason: string }
  | ({ published: true; first: boolean; changes: number } & Partial<Pick<AlertRunSummary, 'queued' | 'matched' | 'sent' | 'held' | 'heldUntil'>>);

/** The deploy's part, on a given lot (the tests pass lots of their own). */
export async function publishDeploy(
  store: Blobs,
  lot: readonly PublishedUnit[],
  event: unknown,
  options: { limitMs?: number; now?: number } = {},
): Promise<DeployOutcome> {
  const parsed = eventSchema.safeParse(event);
  if (!parsed.success) return { published: false, reason: 'not a deploy event: the body has no payload.id' };
  const { id, context, state } = parsed.data.payload;
  if (context !== 'production') return { published: false, reason: `a ${context ?? 'unnamed'} deploy does not publish the lot` };
  if (state !== undefined && state !== 'ready') return { published: false, reason: `the deploy is ${state}, not ready` };
  const now = options.now ?? Date.now();
  const published = await publishLot(store, lot, { deploy: id, now });
  const run = await runAlerts(store, priceBands, { limitMs: options.limitMs ?? EVENT_LIMIT_MS, now });
  const { queued, matched, sent, held, heldUntil } = run;
  console.info(`[alerts] Deploy ${id}: ${published.first ? 'first lot kept' : `${published.changes.length} change(s)`}; ${JSON.stringify(run)}`);
  return { published: true, first: published.first, changes: published.changes.length, queued, matched, sent, held, heldUntil };
}

export default async function deploySucceeded(request: Request, context?: DeployContext): Promise<Response> {
  const refused = await deployEventOnly(request, context);
  if (refused) return refused;
  const event: unknown = await request.json().catch(() => null);
  // Counting the deploy must not keep the lot from its subscribers: a failure is logged, no more.
  const deploy = await recordDeploy(publishingBlobs(), event, { units, soldPageDays }).catch((error: unknown) => {
    console.error(`[publish] The deploy could not be counted: ${error instanceof Error ? error.message : 'unknown error'}`);
    return null;
  });
  if (deploy?.recorded) console.info(`[publish] Deploy ${deploy.id} counted; next dated change: ${deploy.nextChange ?? 'none'}.`);
  const outcome = await publishDeploy(alertsBlobs(), bundledLot(), event);
  return jsonResponse(outcome, { status: outcome.published || !outcome.reason.startsWith('not a deploy event') ? 200 : 400 });
}
