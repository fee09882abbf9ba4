import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Addresses through which the dealer opens a lead's photos (docs/decisions/lead-photos.md):
 * /api/lead-photos/<lead id>/<n>?exp=<unix seconds>&sig=<HMAC-SHA256 of "<lead id>/<n>/<exp>">,
 * signed with PHOTO_LINK_SECRET and good for PHOTO_LINK_DAYS (default 14). A link names one
 * photo of one lead: changing the lead, the number or the time breaks its signature.
 */

export const PHOTO_PATH = '/api/lead-photos';

const env = z.object({
  PHOTO_LINK_SECRET: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(32, 'must be at least 32 characters').optional()),
  PHOTO_LINK_DAYS: z.preprocess((value) => (value === '' || value === undefined ? 14 : Number(value)), z.number().int().min(1).max(90)),
});

export type PhotoLinkEnv = { ok: true; secret: string | null; days: number } | { ok: false; error: string };

export function photoLinkEnv(source: Record<string, string | undefined> = process.env): PhotoLinkEnv {
  const parsed = env.safeParse({ PHOTO_LINK_SECRET: source.PHOTO_LINK_SECRET, PHOTO_LINK_DAYS: source.PHOTO_LINK_DAYS });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: `${String(issue?.path[0] ?? 'PHOTO_LINK')} ${issue?.message ?? 'is not valid'}` };
  }
  return { ok: true, secret: parsed.data.PHOTO_LINK_SECRET ?? null, days: parsed.data.PHOTO_LINK_DAYS };
}

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
