import type { Config, Context } from '@netlify/functions';
import { refuseSpeculation } from './lib/http/guards.ts';
import { BASE_SECURITY_HEADERS } from '../src/lib/site/security-headers.ts';
import { errorResponse, methodNotAllowed } from './lib/http/responses.ts';
import { readLeadPhoto } from './lib/leads/photos.ts';
import { checkPhotoLink } from './lib/leads/photo-links.ts';
import { photoLinkEnv } from '../src/lib/settings/photos.ts';
import { leadsBlobs } from './lib/leads/blobs.ts';

/**
 * GET /api/lead-photos/<lead id>/<n>?exp=…&sig=…: one photo of a lead, for the dealer who has
 * the signed link from the lead's e-mail (docs/decisions/lead-photos.md). A tampered link, a
 * link of another lead or photo: 403; an expired one: 410 (the lead in the dealer's inbox,
 * /admin/leads, shows its photos through fresh links). The photo is streamed (functions answer
 * up to 20 MB that way) as the image it is, never as a page: nosniff and a sandboxing policy.
 */

type PhotoContext = Partial<Pick<Context, 'params'>>;

/** An expired link says where the photo is now: the lead in the inbox, which signs fresh links as it shows them. */
export const EXPIRED_LINK = 'This photo link has expired. Open the lead in the inbox (/admin/leads): its photos are there.';

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export default async function leadPhoto(request: Request, context: PhotoContext = {}): Promise<Response> {
  const refused = refuseSpeculation(request);
  if (refused) return refused;
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  const url = new URL(request.url);
  const [lead = '', n = ''] = context.params?.lead !== undefined ? [context.params.lead, context.params.n ?? ''] : url.pathname.split('/').slice(3);
  const env = photoLinkEnv();
  if (!env.ok || !env.secret) return errorResponse(503, 'Photo links are not set up on this site (PHOTO_LINK_SECRET).');
  if (!ID.test(lead) || !/^\d{1,2}$/.test(n)) return errorResponse(404, 'No such photo');
  const check = checkPhotoLink(lead, Number(n), url.searchParams.get('exp'), url.searchParams.get('sig'), env.secret);
  if (check === 'invalid') return errorResponse(403, 'This photo link is not valid.');
  if (check === 'expired') return errorResponse(410, EXPIRED_LINK);
  const photo = await readLeadPhoto(leadsBlobs(), lead, Number(n)).catch(() => null);
  if (!photo) return errorResponse(404, 'No such photo');
  const filename = photo.meta.name.replace(/[^\w.-]+/g, '_');
  return new Response(request.method === 'HEAD' ? null : photo.body, {
    status: 200,
    headers: {
      ...BASE_SECURITY_HEADERS,
      'Content-Type': photo.meta.type,
      'Content-Disposition': `inline; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; sandbox; frame-ancestors 'none'",
      'Cross-Origin-Resource-Policy': 'same-origin',
    },
  });
}

export const config: Config = { path: '/api/lead-photos/:lead/:n' };
