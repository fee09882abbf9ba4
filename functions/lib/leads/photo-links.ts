import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Addresses through which the dealer opens a lead's photos (docs/decisions/lead-photos.md):
 * /api/lead-photos/<lead id>/<n>?exp=<unix seconds>&sig=<HMAC-SHA256 of "<lead id>/<n>/<exp>">,
 * signed with PHOTO_LINK_SECRET and good for PHOTO_LINK_DAYS (default 14; src/lib/settings/photos.ts). A link names one
 * photo of one lead: changing the lead, the number or the time breaks its signature.
 */

export const PHOTO_PATH = '/api/lead-photos';

function signature(secret: string, leadId: string, n: number, exp: number): string {
  return createHmac('sha256', secret).update(`${leadId}/${n}/${exp}`).digest('base64url');
}

/** The signed address of photo `n` of a lead, good until `expires` (ms). */
export function photoLink(site: string, leadId: string, n: number, expires: number, secret: string): string {
  const exp = Math.floor(expires / 1000);
  const url = new URL(`${PHOTO_PATH}/${encodeURIComponent(leadId)}/${n}`, site);
  url.searchParams.set('exp', String(exp));
  url.searchParams.set('sig', signature(secret, leadId, n, exp));
  return url.href;
}

export type LinkCheck = 'ok' | 'expired' | 'invalid';

/** Whether a link's signature is right (in constant time) and it has not expired. */
export function checkPhotoLink(leadId: string, n: number, exp: string | null, sig: string | null, secret: string, now = Date.now()): LinkCheck {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return 'invalid';
  const expected = Buffer.from(signature(secret, leadId, n, Number(exp)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Number(exp) * 1000 < now ? 'expired' : 'ok';
}
