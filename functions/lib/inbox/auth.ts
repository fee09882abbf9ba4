import type { Context } from '@netlify/functions';
import { cachedRepositoryAccess, tokenHash } from '../github/permissions.ts';
import { errorResponse } from '../http/responses.ts';
import { addressedToLoopback } from '../http/origin.ts';
import { clientKey, takeToken } from '../http/rate-limit.ts';
import { leadsBlobs } from '../leads/blobs.ts';
import { removeDevicesOfToken } from '../push/devices.ts';
import { githubSettings } from '../../../src/lib/settings/github.ts';
import { isLoopbackAddress, runsLocally } from '../../../src/lib/settings/platform.ts';
import { issueLine, processEnv, type Env } from '../../../src/lib/settings/read.ts';

/**
 * The gate of every /api/admin/... call (docs/operations.md §The dealer's inbox): a rate limit
 * per client, then the GitHub token of the admin's sign-in in `Authorization: Bearer …`, checked
 * with GitHub for push access to the site's repository (github/permissions.ts). No cookies, so a
 * page of another site cannot make the browser call this on the dealer's behalf.
 *
 * Locally (`npm start`) there is no GitHub sign-in: the token LOCAL_TOKEN is accepted when the
 * function runs in Netlify's local server (runsLocally, src/lib/settings/platform.ts), the request
 * comes from this machine AND it is addressed to the loopback name and port the server serves on
 * (lib/http/origin.ts addressedToLoopback): a page on another name resolving to 127.0.0.1 (DNS
 * rebinding) is the browser's own origin and could otherwise send the well-known token. A deploy
 * refuses it like any other bad token.
 */

export type InboxRequestContext = Partial<Pick<Context, 'ip' | 'params' | 'deploy' | 'waitUntil'>>;

export interface InboxUser {
  login: string;
}

export const LOCAL_TOKEN = 'local-sign-in';
export const LOCAL_LOGIN = 'local';

/**
 * Requests an address may make to the inbox's API in a minute: a person working through leads
 * makes a few a minute. Each place is a record the limiter reads (lib/http/rate-limit.ts), so the
 * limit is kept to what a person needs.
 */
export const ADMIN_RATE_LIMIT = { max: 60, windowMs: 60_000 } as const;

/** Whether this request may use the local sign-in: a run on this machine (npm start), asked from this machine, by the name it serves on. */
export function localSignInAllowed(request: Request, context: InboxRequestContext, env: Env = processEnv()): boolean {
  return runsLocally(env, context.deploy) && isLoopbackAddress(context.ip) && addressedToLoopback(request, env);
}

function bearer(request: Request): string | undefined {
  const match = /^Bearer ([\x21-\x7e]{1,512})$/.exec(request.headers.get('authorization') ?? '');
  return match?.[1];
}

/** The hash of the request's sign-in token (lib/github/permissions.ts tokenHash): what a device's push subscription is saved with. */
export async function signInHash(request: Request): Promise<string> {
  return tokenHash(bearer(request) ?? '');
}

const unauthorized = (message: string) => errorResponse(401, message, { headers: { 'WWW-Authenticate': 'Bearer' } });

/** The signed-in person, or the answer that refuses the request. */
export async function authorize(request: Request, context: InboxRequestContext, now = Date.now()): Promise<InboxUser | Response> {
  const ip = context.ip ?? 'unknown';
  const rate = await takeToken(leadsBlobs(), await clientKey(`inbox:${ip}`), crypto.randomUUID(), now, ADMIN_RATE_LIMIT).catch(() => null);
  if (!rate) return errorResponse(503, 'The inbox cannot be opened right now. Try again in a minute.');
  if (!rate.allowed) return errorResponse(429, 'Too many requests. Wait a moment.', { headers: { 'Retry-After': String(rate.retryAfterSeconds) } });
  const token = bearer(request);
  if (!token) return unauthorized('Sign in to read the leads.');
  if (token === LOCAL_TOKEN) {
    return localSignInAllowed(request, context)
      ? { login: LOCAL_LOGIN }
      : unauthorized('The local sign-in works only on this machine, at the address npm start prints, never on the site.');
  }
  const github = githubSettings();
  if (!github.repository || github.issues.length > 0)
    return errorResponse(503, `The inbox is not set up: ${github.issues.map(issueLine).join('; ') || 'ADMIN_REPO names no repository'}.`);
  const access = await cachedRepositoryAccess({ token, ...(github.apiUrl ? { baseUrl: github.apiUrl } : {}) }, github.repository, now);
  if (access.ok) return { login: access.login };
  if (access.reason === 'unavailable') return errorResponse(503, 'GitHub cannot confirm the sign-in right now, so the inbox stays closed. Try again shortly.');
  // GitHub no longer lets this sign-in in: the devices it turned notifications on for stop getting them (docs/product.md §Inbox on a phone).
  const forgetting = tokenHash(token)
    .then((hash) => removeDevicesOfToken(hash))
    .catch(() => undefined);
  if (context.waitUntil) context.waitUntil(forgetting);
  else await forgetting;
  return unauthorized(access.message);
}
