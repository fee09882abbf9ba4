import type { Config } from '@netlify/functions';
import { refuseSpeculation } from './lib/http/guards.ts';
import { z } from 'zod';
import { alertsBlobs } from './lib/alerts/blobs.ts';
import { jsonResponse, methodNotAllowed } from './lib/http/responses.ts';
import { readAction, type DeleteAnswer, type DeletionsAnswer } from './lib/inbox/api.ts';
import { authorize, type InboxRequestContext } from './lib/inbox/auth.ts';
import { deletePerson, deletionRecords, findPerson, type Holdings } from './lib/inbox/privacy.ts';
import { leadsBlobs } from './lib/leads/blobs.ts';

/**
 * A person's privacy request, in the inbox (lib/inbox/privacy.ts):
 *
 *   GET  /api/admin/privacy                                         the deletions done so far (no personal data)
 *   POST /api/admin/privacy {"action":"find","email":"…"}           everything held about an address or {"phone":"…"}
 *   POST /api/admin/privacy {"action":"delete","email":"…","confirm":true}   deletes it and records the deletion
 */

const person = {
  email: z.string().trim().max(254).optional(),
  phone: z.string().trim().max(40).optional(),
};

const requestSchema = z
  .discriminatedUnion('action', [
    z.object({ action: z.literal('find'), ...person }),
    z.object({ action: z.literal('delete'), ...person, confirm: z.literal(true, { error: 'Confirm the deletion first' }) }),
  ])
  .refine((value) => Boolean(value.email) !== Boolean(value.phone), { message: 'Give an e-mail address or a phone number (one of them)' })
  .refine((value) => !value.email || z.email().safeParse(value.email).success, { message: 'That is not an e-mail address', path: ['email'] })
  .refine((value) => !value.phone || value.phone.replace(/\D/g, '').length >= 10, { message: 'A phone number has at least 10 digits', path: ['phone'] });

export default async function adminPrivacy(request: Request, context: InboxRequestContext = {}): Promise<Response> {
  const refused = refuseSpeculation(request);
  if (refused) return refused;
  if (request.method !== 'GET' && request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
  const user = await authorize(request, context);
  if (user instanceof Response) return user;
  if (request.method === 'GET') return jsonResponse({ deletions: await deletionRecords(leadsBlobs()) } satisfies DeletionsAnswer);
  const action = await readAction(request, requestSchema);
  if (action instanceof Response) return action;
  const query = { email: action.email, phone: action.phone };
  if (action.action === 'find') return jsonResponse((await findPerson(leadsBlobs(), alertsBlobs(), query)) satisfies Holdings);
  return jsonResponse({ ok: true, deleted: await deletePerson(leadsBlobs(), alertsBlobs(), query, user.login) } satisfies DeleteAnswer);
}

export const config: Config = { path: '/api/admin/privacy' };
