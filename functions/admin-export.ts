import type { Config } from '@netlify/functions';
import { refuseSpeculation } from './lib/http/guards.ts';
import { z } from 'zod';
import { DEALER_TIME_ZONE } from '../src/lib/units/build-clock.ts';
import { wallClockAt } from '../src/lib/rentals/quote.ts';
import { SECURITY_HEADERS, errorResponse, methodNotAllowed } from './lib/http/responses.ts';
import { authorize, type InboxRequestContext } from './lib/inbox/auth.ts';
import { eachLimit, loadSummaries } from './lib/inbox/summaries.ts';
import { readHandling, type Handling } from './lib/inbox/handling.ts';
import type { Lead } from './lib/leads/lead.ts';
import { leadsCsv } from './lib/leads/csv.ts';
import { leadsBlobs, readLead } from './lib/leads/blobs.ts';

/**
 * GET /api/admin/export?from=2026-06-01&to=2026-06-30: the leads that arrived on those days (the
 * store's calendar, both days included) as CSV with the dealer's handling of each, the columns of
 * `npm run leads -- export --csv` (lib/lead-csv.ts). The complete archive, photos included, is
 * /api/admin/archive.
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD');
const querySchema = z.object({ from: day, to: day }).refine((value) => value.from <= value.to, { message: '"from" must not be after "to"', path: ['from'] });

/** The instant a calendar day starts in the store's time zone. */
export function dayStart(date: string): number {
  const utc = Date.parse(`${date}T00:00:00Z`);
  return utc - (wallClockAt(utc, DEALER_TIME_ZONE) - utc);
}

export default async function adminExport(request: Request, context: InboxRequestContext = {}): Promise<Response> {
  const refused = refuseSpeculation(request);
  if (refused) return refused;
  if (request.method !== 'GET') return methodNotAllowed(['GET']);
  const user = await authorize(request, context);
  if (user instanceof Response) return user;
  const params = new URL(request.url).searchParams;
  const query = querySchema.safeParse({ from: params.get('from') ?? '', to: params.get('to') ?? '' });
  if (!query.success) return errorResponse(400, `${query.error.issues[0]?.path.join('.') || 'query'}: ${query.error.issues[0]?.message ?? 'is not valid'}`);
  const from = dayStart(query.data.from);
  const until = dayStart(new Date(Date.parse(`${query.data.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10));
  const store = leadsBlobs();
  const wanted = (await loadSummaries(store, { waitUntil: context.waitUntil })).filter((summary) => summary.at >= from && summary.at < until);
  const leads: Lead[] = [];
  const handlings = new Map<string, Handling>();
  await eachLimit(wanted, 16, async (summary) => {
    const [read, handling] = await Promise.all([readLead(store, summary.id).catch(() => null), readHandling(store, summary.id).catch(() => null)]);
    if (!read) return;
    leads.push(read.lead);
    if (handling?.stored) handlings.set(read.lead.id, handling.handling);
  });
  leads.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
  return new Response(leadsCsv(leads, handlings), {
    headers: {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="leads-${query.data.from}-to-${query.data.to}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}

export const config: Config = { path: '/api/admin/export' };
