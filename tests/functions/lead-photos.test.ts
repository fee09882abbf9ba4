import sharp from 'sharp';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import leadPhoto from '../../functions/lead-photo.ts';
import { attachPhotos, photoKey, stagedPhotos, stagePhoto } from '../../functions/lib/leads/photos.ts';
import { cleanPhoto } from '../../functions/lib/leads/photo-metadata.ts';
import { photoLink } from '../../functions/lib/leads/photo-links.ts';
import { pruneExpired } from '../../functions/lib/leads/retention.ts';
import { fileLead } from '../../functions/lib/leads/blobs.ts';
import type { Lead } from '../../functions/lib/leads/lead.ts';
import { photoType } from '../../src/lib/leads/photos.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { VALID } from './contact-harness.ts';
import { jpegHeadedHtml, jpegZipPolyglot, notAPhoto, phoneHeic, phoneJpeg, phonePng, phoneWebp, PRIVATE_MARKER } from './photo-fixtures.ts';

/**
 * Visitors' photos (docs/product.md §Trading in, docs/decisions/lead-photos.md): what a photo says
 * about its taker is gone before it is stored, the pixels are not touched, and the dealer
 * reaches a photo only through a signed link that expires; retention deletes photos with leads.
 */

const marker = Buffer.from(PRIVATE_MARKER, 'latin1');
const has = (bytes: Uint8Array, needle: Buffer) => Buffer.from(bytes).includes(needle);
const SECRET = 'a-photo-link-secret-of-at-least-32-characters';

describe('taking the metadata out of a photo', () => {
  it('JPEG: EXIF (GPS, camera), XMP and the comment go; the rotation and the pixels stay', async () => {
    const original = await phoneJpeg(6);
    expect(has(original, marker)).toBe(true);
    const result = cleanPhoto('image/jpeg', original);
    if (!result.ok) throw new Error(result.reason);
    expect(has(result.bytes, marker)).toBe(false);
    expect(result.removed.sort()).toEqual(['EXIF', 'XMP', 'comment']);
    const meta = await sharp(Buffer.from(result.bytes)).metadata();
    expect(meta.orientation).toBe(6);
    const [before, after] = await Promise.all([sharp(original).raw().toBuffer(), sharp(Buffer.from(result.bytes)).raw().toBuffer()]);
    expect(after.equals(before)).toBe(true);
  });

  it('PNG: the eXIf and text chunks go; the image decodes the same', async () => {
    const original = await phonePng();
    const result = cleanPhoto('image/png', original);
    if (!result.ok) throw new Error(result.reason);
    expect(has(result.bytes, marker)).toBe(false);
    expect(result.removed.sort()).toEqual(['EXIF', 'text']);
    expect((await sharp(Buffer.from(result.bytes)).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true);
  });

  it('WebP: the EXIF chunk goes and the header no longer announces it', async () => {
    const original = await phoneWebp();
    expect(has(original, marker)).toBe(true);
    const result = cleanPhoto('image/webp', original);
    if (!result.ok) throw new Error(result.reason);
    expect(has(result.bytes, marker)).toBe(false);
    expect(result.removed).toEqual(['EXIF']);
    expect(Buffer.from(result.bytes).readUInt32LE(4)).toBe(result.bytes.length - 8);
    expect((result.bytes[20] ?? 0) & 0x08).toBe(0);
    expect((await sharp(Buffer.from(result.bytes)).metadata()).exif).toBeUndefined();
    expect((await sharp(Buffer.from(result.bytes)).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true);
  });

  it('HEIC: the EXIF item is overwritten with zeros where it lies; the picture data and the layout stay', () => {
    const original = phoneHeic();
    expect(photoType(original)).toBe('image/heic');
    const result = cleanPhoto('image/heic', original);
    if (!result.ok) throw new Error(result.reason);
    expect(result.removed).toEqual(['EXIF']);
    expect(result.bytes.length).toBe(original.length);
    expect(has(result.bytes, marker)).toBe(false);
    expect(has(result.bytes, Buffer.from('HEVC-CODED-PICTURE-DATA'.repeat(8)))).toBe(true);
  });

  it('a file glued to a JPEG is cut off; a file that only starts like one is refused', async () => {
    const polyglot = await jpegZipPolyglot();
    const result = cleanPhoto('image/jpeg', polyglot);
    if (!result.ok) throw new Error(result.reason);
    expect(result.removed).toContain('data after the image');
    expect(has(result.bytes, Buffer.from('<script>'))).toBe(false);
    expect(Buffer.from(result.bytes.subarray(-2)).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    expect(cleanPhoto('image/jpeg', jpegHeadedHtml).ok).toBe(false);
  });
});

describe('staging, filing, linking and deleting photos', () => {
  const { blobs } = functionSandbox({ empty: 'each' });
  beforeEach(() => {
    process.env.PHOTO_LINK_SECRET = SECRET;
  });

  const lead = (id: string, receivedAt: string, photos: Lead['photos']): Lead => ({
    id,
    receivedAt,
    status: 'sent',
    form: 'trade-in',
    inquiry: { ...VALID, interest: 'sales' },
    source: { channel: 'json', utm: {} },
    delivery: { attempts: 1 },
    photos,
  });

  it('a photo is checked by its content, cleaned, staged under its submission and moved beside the lead', async () => {
    const leadId = '11111111-2222-4333-8444-555555555555';
    expect(await stagePhoto(blobs.store, leadId, 0, 'IMG_0001.jpg', await phoneJpeg(), 6)).toMatchObject({
      ok: true,
      photo: { index: 0, type: 'image/jpeg', removed: ['EXIF', 'XMP', 'comment'] },
    });
    expect(await stagePhoto(blobs.store, leadId, 1, 'scan.jpg', notAPhoto, 6)).toEqual({
      ok: false,
      error: 'scan.jpg is not a JPEG, PNG, WebP or HEIC photo. Choose a photo file instead.',
    });
    expect(await stagePhoto(blobs.store, leadId, 1, 'trick.jpg', jpegHeadedHtml, 6)).toEqual({
      ok: false,
      error: 'trick.jpg could not be read as a photo. Save it again as a JPEG and choose it again.',
    });
    expect((await stagedPhotos(blobs.store, leadId)).map((photo) => photo.name)).toEqual(['IMG_0001.jpg']);
    const records = await attachPhotos(blobs.store, leadId);
    expect(records).toMatchObject([{ n: 0, name: 'IMG_0001.jpg', type: 'image/jpeg' }]);
    const stored = await blobs.store.get(photoKey(leadId, 0), { type: 'arrayBuffer' });
    expect(has(new Uint8Array(stored ?? new ArrayBuffer(0)), marker)).toBe(false);
  });

  it('a signed link opens the photo; expired, tampered and another lead’s links do not', async () => {
    const id = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    const other = 'ffffffff-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    await stagePhoto(blobs.store, id, 0, 'side.jpg', await phoneJpeg(), 6);
    await fileLead(blobs.store, lead(id, new Date().toISOString(), await attachPhotos(blobs.store, id)));
    await stagePhoto(blobs.store, other, 0, 'front.png', await phonePng(), 6);
    await fileLead(blobs.store, lead(other, new Date().toISOString(), await attachPhotos(blobs.store, other)));

    const open = async (href: string) => {
      const url = new URL(href);
      const [, , , leadId = '', n = ''] = url.pathname.split('/');
      return leadPhoto(new Request(url), { params: { lead: leadId, n } });
    };
    const valid = await open(photoLink('http://localhost', id, 0, Date.now() + 60_000, SECRET));
    expect(valid.status).toBe(200);
    expect(valid.headers.get('content-type')).toBe('image/jpeg');
    expect(valid.headers.get('x-content-type-options')).toBe('nosniff');
    expect(valid.headers.get('content-security-policy')).toContain('sandbox');
    expect(valid.headers.get('cache-control')).toBe('private, no-store');
    const body = new Uint8Array(await valid.arrayBuffer());
    expect(photoType(body)).toBe('image/jpeg');
    expect(has(body, marker)).toBe(false);

    const expired = await open(photoLink('http://localhost', id, 0, Date.now() - 1000, SECRET));
    expect(expired.status).toBe(410);
    // It names where the photo is now, not a command that does not exist.
    expect(await expired.json()).toEqual({ error: 'This photo link has expired. Open the lead in the inbox (/admin/leads): its photos are there.' });
    const tampered = new URL(photoLink('http://localhost', id, 0, Date.now() + 60_000, SECRET));
    tampered.searchParams.set('exp', String(Number(tampered.searchParams.get('exp')) + 86_400));
    expect((await open(tampered.href)).status).toBe(403);
    // The other lead's photo through this lead's signature: the path is part of what is signed.
    const borrowed = new URL(photoLink('http://localhost', id, 0, Date.now() + 60_000, SECRET));
    borrowed.pathname = `/api/lead-photos/${other}/0`;
    expect((await open(borrowed.href)).status).toBe(403);
    expect((await open(photoLink('http://localhost', id, 0, Date.now() + 60_000, 'another-secret-that-is-32-characters-long'))).status).toBe(403);
    expect((await open(photoLink('http://localhost', id, 3, Date.now() + 60_000, SECRET))).status).toBe(404);
  });

  it('retention deletes a lead’s photos with the lead, and photos of requests never sent after a day', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const old = '22222222-3333-4444-8555-666666666666';
    const young = '33333333-3333-4444-8555-666666666666';
    const unsent = '44444444-3333-4444-8555-666666666666';
    const now = Date.parse('2027-03-01T12:00:00Z');
    for (const id of [old, young]) await stagePhoto(blobs.store, id, 0, 'a.jpg', await phoneJpeg(), 6, now);
    await fileLead(blobs.store, lead(old, '2024-01-15T10:00:00Z', await attachPhotos(blobs.store, old)));
    await fileLead(blobs.store, lead(young, '2027-02-01T10:00:00Z', await attachPhotos(blobs.store, young)));
    await stagePhoto(blobs.store, unsent, 0, 'b.jpg', await phoneJpeg(), 6, now - 25 * 60 * 60_000);

    const summary = await pruneExpired(blobs.store, now, 24);
    expect(summary).toMatchObject({ leads: 1, photos: 1, uploads: 1 });
    expect(await blobs.store.get(photoKey(old, 0))).toBeNull();
    expect(await blobs.store.get(photoKey(young, 0))).not.toBeNull();
    expect((await blobs.store.list({ prefix: `uploads/${unsent}/` })).blobs).toHaveLength(0);
  });

  it('photo links are not made without a secret of 32 characters or more', async () => {
    delete process.env.PHOTO_LINK_SECRET;
    const response = await leadPhoto(new Request('http://localhost/api/lead-photos/x/0'), { params: { lead: 'x', n: '0' } });
    expect(response.status).toBe(503);
  });
});
