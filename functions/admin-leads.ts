import type { Config } from '@netlify/functions';
import { refuseSpeculation } from './lib/http/guards.ts';
import { z } from 'zod';
import { deliverLead } from './lib/leads/delivery.ts';
import { errorResponse, jsonResponse, methodNotAllowed } from './lib/http/responses.ts';
import { LEAD_ID, readAction, type LeadChangeAnswer, type LeadDetailAnswer, type LeadListAnswer, type ResendAnswer } from './lib/inbox/api.ts';
import { authorize, type InboxRequestContext } from './lib/inbox/auth.ts';
import { leadDetail } from './lib/inbox/detail.ts';
import { changeHandling, LEAD_STATUSES, NOTE_MAX } from './lib/inbox/handling.ts';
import { listLeads, listQueryFrom, responseTimes } from './lib/inbox/list.ts';
import { loadSummaries, reindexLead } from './lib/inbox/summaries.ts';
import { leadsBlobs, readLead } from './lib/leads/blobs.ts';
import { REPLY_CHANNELS } from '../src/lib/inbox/replies.ts';

/**
 * The dealer's inbox API (docs/operations.md §The dealer's inbox), for people with push access
 * to the site's repository (lib/inbox/auth.ts):
 *
 *   GET  /api/admin/leads?department=&form=&status=&store=&q=&page=   the list, with the response times
 *   GET  /api/admin/leads/<id>                                        one lead
 *   POST /api/admin/leads/<id>  {"action":"status","status":"contacted"} | {"action":"note","text":"…"} | {"action":"resend"}
 *                               | {"action":"reply","channel":"call"|"text"|"email"}   a tap on a reply link: the first response
 *
 * Answers are no-store JSON; nothing of a lead is logged.
 */

const actionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('status'), status: z.enum(LEAD_STATUSES) }),
  z.object({ action: z.literal('note'), text: z.string().trim().min(1, 'Write a note first').max(NOTE_MAX) }),
  z.object({ action: z.literal('resend') }),
  z.object({ action: z.literal('reply'), channel: z.enum(REPLY_CHANNELS) }),
]);

export default async function adminLeads(request: Request, context: InboxRequestContext = {}): Promise<Response> {
  const refused = refuseSpeculation(request);
  if (refused) return refused;
  if (request.method !== 'GET' && request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
  const user = await authorize(request, context);
  if (user instanceof Response) return user;
  const store = leadsBlobs();
  const now = Date.now();
  const id = context.params?.id ?? new URL(request.url).pathname.split('/')[4];

  if (!id) {
    if (request.method !== 'GET') return methodNotAllowed(['GET']);
    const query = listQueryFrom(new URL(request.url).searchParams);
    if (!query.success) return errorResponse(400, `${query.error.issues[0]?.path.join('.') ?? 'query'}: ${query.error.issues[0]?.message ?? 'is not valid'}`);
    const summaries = await loadSummaries(store, { waitUntil: context.waitUntil, now });
    return jsonResponse({ user: user.login, ...listLeads(summaries, query.data, now), responseTimes: responseTimes(summaries, now) } satisfies LeadListAnswer);
  }

  if (!LEAD_ID.test(id)) return errorResponse(404, 'No such lead');
  if (request.method === 'GET') {
    const detail = await leadDetail(store, id, now);
    return detail ? jsonResponse({ user: user.login, ...detail } satisfies LeadDetailAnswer) : errorResponse(404, 'No such lead');
  }

  const action = await readAction(request, actionSchema);
  if (action instanceof Response) return action;
  const read = await readLead(store, id);
  if (!read) return errorResponse(404, 'No such lead');
  if (action.action === 'resend') {
    const status = await deliverLead(store, id, { force: true });
    return jsonResponse({ ok: status === 'sent', delivery: status } satisfies ResendAnswer, { status: status === 'sent' || status === 'skipped' ? 200 : 502 });
  }
  const change =
    action.action === 'status'
      ? ({ kind: 'status', status: action.status } as const)
      : action.action === 'reply'
        ? ({ kind: 'reply', channel: action.channel } as const)
        : ({ kind: 'note', text: action.text } as const);
  let result = await changeHandling(store, id, change, user.login, now);
  // A reply adds to whatever else changed meanwhile: it is applied again rather than refused, as its link has opened already.
  for (let retry = 0; !result.ok && change.kind === 'reply' && retry < 3; retry++) result = await changeHandling(store, id, change, user.login, now);
  if (!result.ok) return errorResponse(409, 'Someone else changed this lead just now. Reload it and try again.');
  // The index takes the change (lib/inbox/summaries.ts); its marker keeps it for the next list if this is cut short.
  const indexing = reindexLead(store, read.lead, now).catch(() => undefined);
  if (context.waitUntil) context.waitUntil(indexing);
  else await indexing;
  return jsonResponse({ ok: true, handling: result.handling } satisfies LeadChangeAnswer);
}

export const config: Config = { path: ['/api/admin/leads', '/api/admin/leads/:id'] };
