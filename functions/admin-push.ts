import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { pushSettings, pushStateLine } from '../src/lib/settings/push.ts';
import { isProduction } from '../src/lib/settings/platform.ts';
import { refuseSpeculation } from './lib/http/guards.ts';
import { errorResponse, jsonResponse, methodNotAllowed } from './lib/http/responses.ts';
import { readAction } from './lib/inbox/api.ts';
import { authorize, signInHash, type InboxRequestContext } from './lib/inbox/auth.ts';
import { pushBlobs, removeDevice, saveDevice, STORE_SLUGS, subscriptionSchema } from './lib/push/devices.ts';
import { LEAD_INTERESTS } from '../src/lib/leads/contact-link.ts';

/**
 * A staff device's push notifications (docs/product.md §Inbox on a phone), for the people the
 * inbox lets in (lib/inbox/auth.ts), called by src/inbox/push-client.ts:
 *
 *   GET    /api/admin/push                                   whether push is on, and the public key to subscribe with
 *   POST   /api/admin/push  {"subscription": {...}, "stores"?: [...], "departments"?: [...]}   saves (or confirms) this device
 *   DELETE /api/admin/push  {"endpoint": "https://…"}         removes it (turning off, signing out)
 *
 * Without the VAPID settings push is off: GET says so, POST answers 409.
 */

const removal = z.object({ endpoint: z.string().min(1, 'Name the device: its subscription endpoint').max(1000) });

export default async function adminPush(request: Request, context: InboxRequestContext = {}): Promise<Response> {
  const refused = refuseSpeculation(request);
  if (refused) return refused;
  if (!['GET', 'POST', 'DELETE'].includes(request.method)) return methodNotAllowed(['GET', 'POST', 'DELETE']);
  const user = await authorize(request, context);
  if (user instanceof Response) return user;
  const settings = pushSettings();

  if (request.method === 'GET') {
    return jsonResponse({
      on: settings.vapid !== null,
      ...(settings.vapid ? { publicKey: settings.vapid.publicKey } : { reason: pushStateLine(settings) }),
      stores: STORE_SLUGS,
      departments: LEAD_INTERESTS,
    });
  }

  if (request.method === 'DELETE') {
    const body = await readAction(request, removal);
    if (body instanceof Response) return body;
    const removed = await removeDevice(body.endpoint, pushBlobs());
    return jsonResponse({ ok: true, removed });
  }

  if (!settings.vapid) return errorResponse(409, 'Notifications are not set up on this site (VAPID settings, docs/go-live.md).');
  const body = await readAction(request, subscriptionSchema);
  if (body instanceof Response) return body;
  // A push service on this machine is a test's stand-in: never one of the site's devices.
  if (isProduction(undefined, context.deploy) && new URL(body.subscription.endpoint).protocol !== 'https:')
    return errorResponse(400, 'subscription.endpoint: must be an https:// URL');
  const saved = await saveDevice(body, user.login, await signInHash(request), Date.now(), pushBlobs());
  if (!saved.ok) return errorResponse(409, saved.error);
  return jsonResponse({ ok: true, stores: saved.device.stores, departments: saved.device.departments }, { status: 201 });
}

export const config: Config = { path: '/api/admin/push' };
