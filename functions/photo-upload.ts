import type { Config, Context } from '@netlify/functions';
import { refuseSpeculation } from './lib/http/guards.ts';
import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_KEY_PATTERN } from '../src/lib/leads/inquiry.ts';
import { photoName, photoType, PHOTO_LIMITS, PHOTO_MESSAGES, UPLOAD_PART_BYTES } from '../src/lib/leads/photos.ts';
import { errorResponse, jsonResponse, methodNotAllowed } from './lib/http/responses.ts';
import { idFromKey, intakeErrors, minutes } from './lib/leads/intake.ts';
import { stagePart, takeUploadRequest } from './lib/leads/photos.ts';
import { clientKey, takeToken } from './lib/http/rate-limit.ts';
import { readCapped } from './lib/http/request.ts';
import { leadsBlobs } from './lib/leads/blobs.ts';

/**
 * POST /api/photo-uploads: a photo of a trade-in or parts request, sent by the island before the
 * request itself (docs/decisions/lead-photos.md). A Netlify function takes at most 6 MB a
 * request (binary: about 4.5 MB), so a photo of up to 10 MB comes in parts of 4 MiB:
 *
 *   ?form=trade-in&index=0&part=0&parts=3&size=9876543&name=IMG_0042.HEIC
 *   Idempotency-Key: the submission's key (the request that follows files under the same lead id)
 *   body: the part's bytes
 *
 * The first part must start like a photo; the last one puts the photo together, checks it,
 * takes its metadata out and stages it for the lead (functions/lib/leads/photos.ts). Answers:
 * 202 while parts are missing, 200 {ok, index, name, bytes} once staged, 400 {error} naming the
 * file when it is no photo, too big or one too many, 413, 415, 429 and 503 as the lead forms do.
 */

/** The forms that take photos, and how many each. */
const FORMS: Readonly<Record<string, number>> = { 'trade-in': PHOTO_LIMITS.maxCount, parts: 1 };
const MAX_PARTS = Math.ceil(PHOTO_LIMITS.maxBytes / UPLOAD_PART_BYTES);

type UploadContext = Partial<Pick<Context, 'ip'>>;

const whole = (value: string | null, min: number, max: number) =>
  value !== null && /^\d{1,9}$/.test(value) && Number(value) >= min && Number(value) <= max ? Number(value) : undefined;

export default async function photoUpload(request: Request, context: UploadContext = {}): Promise<Response> {
  const refused = refuseSpeculation(request);
  if (refused) return refused;
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const url = new URL(request.url);
  const max = FORMS[url.searchParams.get('form') ?? ''];
  if (!max) return errorResponse(400, 'form must be trade-in or parts');
  const key = request.headers.get('idempotency-key');
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) return errorResponse(400, IDEMPOTENCY_KEY_MESSAGE);
  const name = photoName(url.searchParams.get('name') ?? '', 0);
  const parts = whole(url.searchParams.get('parts'), 1, MAX_PARTS);
  const index = whole(url.searchParams.get('index'), 0, 99);
  const part = whole(url.searchParams.get('part'), 0, MAX_PARTS - 1);
  const size = whole(url.searchParams.get('size'), 0, 10 ** 9);
  if (parts === undefined || index === undefined || part === undefined || part >= parts || size === undefined) {
    return errorResponse(400, 'index, part, parts and size must be whole numbers, with part below parts');
  }
  // What can be told before anything is stored: an empty file, one too big, one too many.
  if (size === 0) return errorResponse(400, PHOTO_MESSAGES.empty(name));
  if (size > PHOTO_LIMITS.maxBytes) return errorResponse(400, PHOTO_MESSAGES.tooBig(name, size));
  if (index >= max) return errorResponse(400, PHOTO_MESSAGES.tooMany(name, max));

  const bytes = await readCapped(request, UPLOAD_PART_BYTES);
  if (!bytes) return errorResponse(413, `A part must be at most ${UPLOAD_PART_BYTES} bytes`);
  if (part === 0 && !photoType(bytes.subarray(0, 16))) return errorResponse(400, PHOTO_MESSAGES.notPhoto(name));

  const errors = intakeErrors('request', 'request');
  try {
    const store = leadsBlobs();
    const leadId = await idFromKey(key);
    // Parts of one submission share its place in the rate limit (functions/lib/http/rate-limit.ts).
    const rate = await takeToken(store, await clientKey(context.ip || request.headers.get('x-nf-client-connection-ip') || 'unknown'), leadId);
    if (!rate.allowed) {
      return errorResponse(429, errors.rateLimited(minutes(rate.retryAfterSeconds)), { headers: { 'Retry-After': String(rate.retryAfterSeconds) } });
    }
    if (!(await takeUploadRequest(store, leadId))) {
      return errorResponse(429, 'Too many photo uploads for one request. Please reload the page and send it again.', { headers: { 'Retry-After': '60' } });
    }
    const result = await stagePart(store, { leadId, index, part, parts, name, max }, bytes);
    if (!result.ok) return errorResponse(400, result.error);
    if ('waiting' in result) return jsonResponse({ ok: true, waiting: result.waiting }, { status: 202 });
    return jsonResponse({ ok: true, index, name: result.photo.name, bytes: result.photo.bytes, type: result.photo.type });
  } catch (error) {
    console.error(`[leads] Could not store a photo: ${error instanceof Error ? error.message : 'unknown error'}`);
    return errorResponse(503, errors.unavailable, { headers: { 'Retry-After': '60' } });
  }
}

export const config: Config = { path: '/api/photo-uploads' };
