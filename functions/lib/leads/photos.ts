import type { Store as Blobs } from '@netlify/blobs';
import { checkPhoto, photoName, PHOTO_LIMITS, PHOTO_MESSAGES, UPLOAD_PART_BYTES, type PhotoType } from '../../../src/lib/leads/photos.ts';
import type { PhotoRecord } from './records.ts';
import { cleanPhoto } from './photo-metadata.ts';
import { stamp } from './blobs.ts';

/**
 * Visitors' photos in the leads store (docs/decisions/lead-photos.md). A photo is checked
 * (its first bytes, its size, the count and total of its submission), cleaned of its metadata
 * (photo-metadata.ts) and staged under the submission's lead id until the lead is filed; then
 * it moves beside the lead and is deleted with it. Nothing here is public: the dealer sees a
 * photo through a signed link (photo-links.ts).
 *
 *   uploads/<lead id>/<index>/photo     a checked, cleaned photo waiting for its lead
 *   uploads/<lead id>/<index>/part-<n>  a part of a photo sent in parts (the island, big photos),
 *                                       with its size: parts count against the 30 MB as they arrive
 *   uploads/<lead id>/sent/<time>-<n>   one empty record per upload request of the submission
 *   staged/<time>-<lead id>             when the first part or photo of a submission arrived
 *
 * Everything under uploads/ is temporary and expires whether or not it was finished: the marker
 * is written before the first part or photo of a submission is stored, and the daily prune job
 * deletes a submission's uploads a day after its marker (UPLOAD_TTL_MS). Uploads found without
 * a marker (an older deploy stored parts without one) get one when the job finds them, so they
 * go a day later too.
 *   photos/<lead id>/<n>                a photo of a filed lead
 */

export const UPLOAD_TTL_MS = 24 * 60 * 60_000;

interface PhotoMeta {
  name: string;
  type: PhotoType;
  /** Bytes as stored (without the metadata). */
  bytes: number;
  removed: string[];
}

/** A staged photo also keeps the size the visitor sent: the 30 MB of a request count what was sent. */
interface StagedMeta extends PhotoMeta {
  sent: number;
}

const uploadPrefix = (leadId: string) => `uploads/${leadId}/`;
const stagedKey = (leadId: string, index: number) => `uploads/${leadId}/${index}/photo`;
const partKey = (leadId: string, index: number, part: number) => `uploads/${leadId}/${index}/part-${String(part).padStart(3, '0')}`;
export const photoKey = (leadId: string, n: number) => `photos/${leadId}/${n}`;

/** A photo that is waiting for its lead. */
export interface StagedPhoto extends StagedMeta {
  index: number;
}

export async function stagedPhotos(store: Blobs, leadId: string): Promise<StagedPhoto[]> {
  const { blobs } = await store.list({ prefix: uploadPrefix(leadId) });
  const photos = await Promise.all(
    blobs
      .filter((blob) => blob.key.endsWith('/photo'))
      .map(async (blob) => {
        const index = Number(blob.key.split('/')[2]);
        const entry = await store.getMetadata(blob.key);
        const meta = entry?.metadata as Partial<StagedMeta> | undefined;
        return meta?.type && typeof meta.bytes === 'number'
          ? { index, name: String(meta.name), type: meta.type, bytes: meta.bytes, sent: meta.sent ?? meta.bytes, removed: meta.removed ?? [] }
          : undefined;
      }),
  );
  return photos.filter((photo): photo is StagedPhoto => photo !== undefined).sort((a, b) => a.index - b.index);
}

export type StageResult = { ok: true; photo: StagedPhoto } | { ok: false; error: string };

/**
 * Checks, cleans and stages one photo of a submission at `index` (a photo sent again at the
 * same index replaces the first). `max` is the form's number of photos.
 */
export async function stagePhoto(
  store: Blobs,
  leadId: string,
  index: number,
  rawName: string,
  bytes: Uint8Array,
  max: number,
  now = Date.now(),
): Promise<StageResult> {
  const name = photoName(rawName, index);
  const others = (await stagedPhotos(store, leadId)).filter((photo) => photo.index !== index);
  const verdict = checkPhoto(
    { name, bytes: bytes.length, head: bytes.subarray(0, 16) },
    { count: index >= max ? max : others.length, bytes: others.reduce((sum, photo) => sum + photo.sent, 0) },
    max,
  );
  if (!verdict.ok) return verdict;
  const clean = cleanPhoto(verdict.type, bytes);
  if (!clean.ok) return { ok: false, error: PHOTO_MESSAGES.unreadable(name) };
  const meta: StagedMeta = { name, type: verdict.type, bytes: clean.bytes.length, sent: bytes.length, removed: clean.removed };
  await markUpload(store, leadId, now);
  await store.set(stagedKey(leadId, index), toBlob(clean.bytes), { metadata: { ...meta } });
  return { ok: true, photo: { index, ...meta } };
}

/**
 * One part of a photo the island sends in parts (a function takes at most 6 MB a request).
 * Parts count against the submission's 30 MB as they arrive, finished or not: a part that would
 * make what the submission holds more than that is refused, naming the limit. The last part to
 * arrive puts the photo together, checks and stages it; until then the answer is `waiting`.
 */
export async function stagePart(
  store: Blobs,
  upload: { leadId: string; index: number; part: number; parts: number; name: string; max: number },
  bytes: Uint8Array,
  now = Date.now(),
): Promise<StageResult | { ok: true; waiting: number }> {
  const { leadId, index, part, parts } = upload;
  await markUpload(store, leadId, now);
  const key = partKey(leadId, index, part);
  await store.set(key, toBlob(bytes), { metadata: { bytes: bytes.length } });
  // Stored first, then counted: of parts racing each other, the last one stored sees every other
  // one that stays, so what stays never adds up to more than the limit.
  const held = await heldUploads(store, leadId);
  const others = held.photos.filter((photo) => photo.index !== index).reduce((sum, photo) => sum + photo.bytes, 0);
  if (others + held.parts.reduce((sum, stored) => sum + stored.bytes, 0) > PHOTO_LIMITS.maxTotalBytes) {
    await store.delete(key);
    return { ok: false, error: PHOTO_MESSAGES.tooMuch(photoName(upload.name, index)) };
  }
  // A photo sent again at an index replaces the one staged there, from its first part on.
  if (held.photos.some((photo) => photo.index === index)) await store.delete(stagedKey(leadId, index));
  const mine = held.parts.filter((stored) => stored.index === index);
  if (mine.length < parts) return { ok: true, waiting: parts - mine.length };
  const pieces = await Promise.all(Array.from({ length: parts }, (_, n) => store.get(partKey(leadId, index, n), { type: 'arrayBuffer' })));
  await Promise.all(mine.map((stored) => store.delete(stored.key)));
  if (pieces.some((piece) => piece === null)) return { ok: false, error: PHOTO_MESSAGES.unreadable(photoName(upload.name, index)) };
  const whole = new Uint8Array(pieces.reduce((sum, piece) => sum + (piece?.byteLength ?? 0), 0));
  let at = 0;
  for (const piece of pieces) {
    whole.set(new Uint8Array(piece ?? new ArrayBuffer(0)), at);
    at += piece?.byteLength ?? 0;
  }
  return stagePhoto(store, leadId, index, upload.name, whole, upload.max, now);
}

/**
 * What a submission holds under uploads/: its staged photos (the bytes the visitor sent) and its
 * parts, finished or not, each by index. A part stored without its size (an older deploy) counts
 * as a whole part.
 */
async function heldUploads(
  store: Blobs,
  leadId: string,
): Promise<{ photos: { index: number; bytes: number }[]; parts: { key: string; index: number; bytes: number }[] }> {
  const { blobs } = await store.list({ prefix: uploadPrefix(leadId) });
  const held = await Promise.all(
    blobs.flatMap(({ key }) => {
      const match = /^uploads\/[^/]+\/(\d+)\/(photo|part-\d+)$/.exec(key);
      if (!match) return [];
      return [
        store.getMetadata(key).then((entry) => {
          if (!entry) return null; // gone since the listing (a photo put together, a part refused)
          const meta = entry.metadata as Partial<StagedMeta>;
          const photo = match[2] === 'photo';
          const bytes = photo ? Number(meta.sent ?? meta.bytes ?? 0) : typeof meta.bytes === 'number' ? meta.bytes : UPLOAD_PART_BYTES;
          return { key, index: Number(match[1]), bytes, photo };
        }),
      ];
    }),
  );
  const present = held.filter((entry) => entry !== null);
  return { photos: present.filter((entry) => entry.photo), parts: present.filter((entry) => !entry.photo) };
}

/**
 * Upload requests one submission may make: every part of its photos, and as many again for
 * retries. Copies of a submission share its place in the rate limit (http/rate-limit.ts), so without
 * this one Idempotency-Key could send photos for ever.
 */
export const UPLOAD_REQUESTS_MAX = 2 * PHOTO_LIMITS.maxCount * Math.ceil(PHOTO_LIMITS.maxBytes / UPLOAD_PART_BYTES);

/** Counts an upload request of a submission: false once it has made UPLOAD_REQUESTS_MAX. */
export async function takeUploadRequest(store: Blobs, leadId: string, now = Date.now()): Promise<boolean> {
  const prefix = `${uploadPrefix(leadId)}sent/`;
  const { blobs } = await store.list({ prefix });
  if (blobs.length >= UPLOAD_REQUESTS_MAX) return false;
  await markUpload(store, leadId, now);
  await store.set(`${prefix}${stamp(now)}-${crypto.randomUUID().slice(0, 8)}`, '');
  return true;
}

/** Starts a submission's upload lifetime: its staged/ marker, unless it has one. */
async function markUpload(store: Blobs, leadId: string, now: number): Promise<void> {
  const { blobs } = await store.list({ prefix: 'staged/' });
  if (!blobs.some((blob) => blob.key.endsWith(`-${leadId}`))) await store.set(`staged/${stamp(now)}-${leadId}`, '');
}

/** Moves a submission's staged photos (those listed, or all) beside its lead: their records, in order. */
export async function attachPhotos(store: Blobs, leadId: string, only?: readonly number[]): Promise<PhotoRecord[]> {
  const staged = (await stagedPhotos(store, leadId)).filter((photo) => !only || only.includes(photo.index)).slice(0, PHOTO_LIMITS.maxCount);
  const records: PhotoRecord[] = [];
  for (const [n, photo] of staged.entries()) {
    const data = await store.get(stagedKey(leadId, photo.index), { type: 'arrayBuffer' });
    if (!data) continue;
    const { index: _index, sent: _sent, ...meta } = photo;
    await store.set(photoKey(leadId, n), data, { metadata: { ...meta } });
    records.push({ n, ...meta });
  }
  return records;
}

/** Deletes what a submission staged (after filing, or when it was never sent). */
export async function dropUploads(store: Blobs, leadId: string): Promise<void> {
  const [{ blobs }, markers] = await Promise.all([store.list({ prefix: uploadPrefix(leadId) }), store.list({ prefix: 'staged/' })]);
  await Promise.all(
    [...blobs.map((blob) => blob.key), ...markers.blobs.filter((blob) => blob.key.endsWith(`-${leadId}`)).map((blob) => blob.key)].map((key) =>
      store.delete(key),
    ),
  );
}

export async function deleteLeadPhotos(store: Blobs, leadId: string): Promise<number> {
  const { blobs } = await store.list({ prefix: `photos/${leadId}/` });
  await Promise.all(blobs.map((blob) => store.delete(blob.key)));
  return blobs.length;
}

/** A stored photo as a stream, with what the link answer needs. */
export async function readLeadPhoto(store: Blobs, leadId: string, n: number): Promise<{ body: ReadableStream; meta: PhotoMeta } | null> {
  const entry = await store.getWithMetadata(photoKey(leadId, n), { type: 'stream' });
  if (!entry) return null;
  const meta = entry.metadata as Partial<PhotoMeta>;
  if (!meta.type) return null;
  return {
    body: entry.data,
    meta: { name: String(meta.name ?? `photo-${n + 1}`), type: meta.type, bytes: Number(meta.bytes ?? 0), removed: meta.removed ?? [] },
  };
}

/**
 * Deletes submissions' uploads (parts and photos) a day after their first one arrived, finished
 * or not (their lead was never sent), and starts the lifetime of uploads found without a marker.
 */
export async function pruneUploads(store: Blobs, now = Date.now()): Promise<number> {
  const [{ blobs: markers }, { blobs: uploads }] = await Promise.all([store.list({ prefix: 'staged/' }), store.list({ prefix: 'uploads/' })]);
  const marked = new Set<string>();
  let pruned = 0;
  for (const { key } of markers) {
    const match = /^staged\/(\d{15})-(.+)$/.exec(key);
    if (!match?.[1] || !match[2]) continue;
    marked.add(match[2]);
    if (now - Number(match[1]) < UPLOAD_TTL_MS) continue;
    await dropUploads(store, match[2]);
    pruned++;
  }
  const unmarked = new Set(uploads.map((blob) => blob.key.split('/')[1] ?? '').filter((leadId) => leadId && !marked.has(leadId)));
  await Promise.all([...unmarked].map((leadId) => store.set(`staged/${stamp(now)}-${leadId}`, '')));
  return pruned;
}

function toBlob(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
