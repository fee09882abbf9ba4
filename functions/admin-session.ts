import type { Config } from '@netlify/functions';
import { refuseSpeculation } from './lib/http/guards.ts';
import { jsonResponse, methodNotAllowed } from './lib/http/responses.ts';
import type { SessionAnswer } from './lib/inbox/api.ts';
import { localSignInAllowed, type InboxRequestContext } from './lib/inbox/auth.ts';

/**
 * GET /api/admin/session: what the inbox page may offer before anyone signs in: whether the
 * local sign-in works here (`npm start`, asked from this machine by the address it serves on;
 * never on a deploy). No lead data.
 */
export default async function adminSession(request: Request, context: InboxRequestContext = {}): Promise<Response> {
  const refused = refuseSpeculation(request);
  if (refused) return refused;
  if (request.method !== 'GET') return methodNotAllowed(['GET']);
  return jsonResponse({ localSignIn: localSignInAllowed(request, context) } satisfies SessionAnswer);
}

export const config: Config = { path: '/api/admin/session' };
