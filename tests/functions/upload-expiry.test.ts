import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduledInvocation } from '../../functions/lib/http/guards.ts';
import { UPLOAD_REQUESTS_MAX } from '../../functions/lib/leads/photos.ts';
import photoUpload from '../../functions/photo-upload.ts';
import pruneLeads from '../../functions/prune-leads.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { phoneJpeg } from './photo-fixtures.ts';

/**
 * Uploads are temporary whether or not they were finished (docs/product.md §Leads: photos of a
 * request never sent go after a day). A part of a photo that never got its other parts is
 * deleted by the real daily prune job once the upload's lifetime is over.
 */
const { blobs } = functionSandbox({ empty: 'each' });
const T0 = new Date('2025-06-02T14:00:00Z').getTime();
const HOUR = 60 * 60_000;

beforeEach(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const uploads = async () => (await blobs.store.list({ prefix: 'uploads/' })).blobs.map((blob) => blob.key);
const prune = async (at: number) => {
  vi.setSystemTime(at);
  const response = await pruneLeads(scheduledInvocation());
  expect(response.status).toBe(200);
  return ((await response.json()) as { deleted: { uploads: number } }).deleted.uploads;
};

describe('an abandoned upload', () => {
  it('one part of three, never finished: kept within its day, gone after it', async () => {
    const photo = await phoneJpeg();
    const query = new URLSearchParams({ form: 'trade-in', index: '0', part: '1', parts: '3', size: String(photo.length * 3), name: 'IMG_1.jpg' });
    const response = await photoUpload(
      new Request(`http://localhost/api/photo-uploads?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'idempotency-key': 'abandoned-upload-0001' },
        body: new Uint8Array(photo),
      }),
      { ip: '203.0.113.50' },
    );
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ ok: true, waiting: 2 });
    const parts = async () => (await uploads()).filter((key) => key.includes('/part-'));
    expect(await parts()).toHaveLength(1);

    expect(await prune(T0 + 23 * HOUR)).toBe(0);
    expect(await parts()).toHaveLength(1);
    expect(await prune(T0 + 25 * HOUR)).toBe(1);
    expect(await uploads()).toEqual([]);
    expect((await blobs.store.list({ prefix: 'staged/' })).blobs).toEqual([]);
  });

  it('parts stored without a marker (by an older deploy) get their day when the job finds them, then go', async () => {
    await blobs.store.set('uploads/0123456789abcdef0123456789abcdef/0/part-001', new Uint8Array([1, 2, 3]).buffer);
    expect(await prune(T0)).toBe(0);
    expect(await uploads()).toHaveLength(1);
    expect(await prune(T0 + 25 * HOUR)).toBe(1);
    expect(await uploads()).toEqual([]);
  });
});

describe('one Idempotency-Key', () => {
  it(`cannot upload for ever: past ${UPLOAD_REQUESTS_MAX} requests of one submission, 429`, { timeout: 30_000 }, async () => {
    const send = (index: number) =>
      photoUpload(
        new Request(
          `http://localhost/api/photo-uploads?${new URLSearchParams({ form: 'trade-in', index: String(index % 6), part: '1', parts: '3', size: '9000000', name: 'IMG.jpg' })}`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/octet-stream', 'idempotency-key': 'one-key-many-uploads-01' },
            body: new Uint8Array(16),
          },
        ),
        { ip: '203.0.113.51' },
      );
    for (let i = 0; i < UPLOAD_REQUESTS_MAX; i++) expect((await send(i)).status, `request ${i + 1}`).toBe(202);
    const refused = await send(0);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: 'Too many photo uploads for one request. Please reload the page and send it again.' });
  });
});
