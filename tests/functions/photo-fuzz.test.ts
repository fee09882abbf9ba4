import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPhoto, type CleanResult } from '../../functions/lib/leads/photo-metadata.ts';
import type { PhotoType } from '../../src/lib/leads/photos.ts';
import { phoneHeic, phoneJpeg, phonePng, phoneWebp } from './photo-fixtures.ts';

/**
 * The metadata cleaner reads a visitor's bytes: whatever they hold, each file is cleaned or
 * refused within 50 ms of CPU (docs/operations.md §What each function trusts). CPU time of the
 * call is measured, not wall time, so a busy machine does not fail the test.
 */
const CPU_LIMIT_MS = 50;

function timed(type: PhotoType, bytes: Uint8Array): { result: CleanResult; cpuMs: number } {
  const before = process.cpuUsage();
  const result = cleanPhoto(type, bytes);
  const used = process.cpuUsage(before);
  return { result, cpuMs: (used.user + used.system) / 1000 };
}

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0, 0);
  return bytes;
};
const box = (type: string, ...content: Buffer[]) =>
  Buffer.concat([u32(8 + content.reduce((sum, part) => sum + part.length, 0)), Buffer.from(type, 'latin1'), ...content]);
const fullBox = (type: string, version: number, ...content: Buffer[]) => box(type, Buffer.from([version, 0, 0, 0]), ...content);

/**
 * A HEIC whose item table claims `items` items of 65,535 extents each, with offset, length and
 * index sizes of 0: 8 bytes an item, so 50,000 items make a 400 KB file.
 */
function craftedHeic(items: number): Buffer {
  const ftyp = box('ftyp', Buffer.from('heic', 'latin1'), Buffer.alloc(4), Buffer.from('mif1heic', 'latin1'));
  const infe = fullBox('infe', 2, Buffer.from([0, 1, 0, 0]), Buffer.from('Exif\0', 'latin1'));
  const item = Buffer.from([0, 1, 0, 0, 0, 0, 0xff, 0xff]); // id 1, method 0, data reference 0, 65,535 extents
  const count = Buffer.alloc(2);
  count.writeUInt16BE(Math.min(items, 0xffff), 0);
  const iloc = fullBox('iloc', 1, Buffer.from([0x00, 0x00]), count, Buffer.concat(Array.from({ length: items }, () => item)));
  const meta = fullBox('meta', 0, fullBox('iinf', 0, Buffer.from([0, 1]), infe), iloc);
  return Buffer.concat([ftyp, meta, box('mdat', Buffer.from('EXIF-DATA'))]);
}

const samples: Partial<Record<PhotoType, Buffer>> = {};

beforeAll(async () => {
  samples['image/jpeg'] = await phoneJpeg();
  samples['image/png'] = await phonePng();
  samples['image/webp'] = await phoneWebp();
  samples['image/heic'] = phoneHeic();
});

const TYPES: PhotoType[] = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'];

/** Runs every variant through the cleaner: each must answer (cleaned or refused) within the limit. */
function expectBounded(type: PhotoType, variants: Uint8Array[]): { refused: number; slowest: number } {
  let refused = 0;
  let slowest = 0;
  for (const bytes of variants) {
    const { result, cpuMs } = timed(type, bytes);
    slowest = Math.max(slowest, cpuMs);
    if (!result.ok) refused++;
    expect(cpuMs, `${type}, ${bytes.length} bytes`).toBeLessThan(CPU_LIMIT_MS);
  }
  return { refused, slowest };
}

describe('the metadata cleaner on hostile bytes', () => {
  it('a crafted HEIC claiming 65,535 empty extents for each of thousands of items is refused within 50 ms', () => {
    for (const items of [200, 2_000, 50_000]) {
      const { result, cpuMs } = timed('image/heic', craftedHeic(items));
      expect(result.ok, `${items} items`).toBe(false);
      expect(cpuMs, `${items} items`).toBeLessThan(CPU_LIMIT_MS);
    }
  });

  it('a HEIC whose item count is larger than its table is refused, not walked', () => {
    const file = craftedHeic(1);
    const at = file.indexOf(Buffer.from('iloc', 'latin1')) + 4 + 4 + 2; // the item count
    file.writeUInt16BE(0xffff, at);
    const { result } = timed('image/heic', file);
    expect(result).toEqual({ ok: false, reason: 'the item locations are cut off' });
  });

  it('the phone photos still come out clean after the bounds (the budget is far above a real file)', () => {
    for (const type of TYPES) {
      const { result } = timed(type, samples[type] as Buffer);
      expect(result.ok, type).toBe(true);
    }
  });

  it.each(TYPES)('%s cut off at every length: cleaned or refused, each within 50 ms', (type) => {
    const sample = samples[type] as Buffer;
    const cuts = Array.from({ length: Math.min(sample.length, 400) }, (_, n) => Math.floor((n * sample.length) / Math.min(sample.length, 400)));
    const { refused } = expectBounded(
      type,
      cuts.map((length) => sample.subarray(0, length)),
    );
    expect(refused).toBeGreaterThan(0);
  });

  it.each(TYPES)('%s with random bytes overwritten: cleaned or refused, each within 50 ms', (type) => {
    const sample = samples[type] as Buffer;
    const next = random(TYPES.indexOf(type) + 1);
    const variants = Array.from({ length: 300 }, () => {
      const copy = Buffer.from(sample);
      const flips = 1 + Math.floor(next() * 8);
      for (let f = 0; f < flips; f++) copy[Math.floor(next() * Math.min(copy.length, 512))] = Math.floor(next() * 256);
      return copy;
    });
    expectBounded(type, variants);
  });

  it.each(TYPES)('%s headers followed by random bytes, and counts set to their largest: within 50 ms', (type) => {
    const sample = samples[type] as Buffer;
    const next = random(100 + TYPES.indexOf(type));
    const variants: Buffer[] = [];
    for (let n = 0; n < 100; n++) {
      const tail = Buffer.from(Array.from({ length: 64 + Math.floor(next() * 4_000) }, () => Math.floor(next() * 256)));
      variants.push(Buffer.concat([sample.subarray(0, 16), tail]));
    }
    // Every 2- and 4-byte field in the first 400 bytes set to its largest value, one at a time.
    for (let at = 0; at + 4 <= Math.min(sample.length, 400); at += 2) {
      const two = Buffer.from(sample);
      two.writeUInt16BE(0xffff, at);
      const four = Buffer.from(sample);
      four.writeUInt32BE(0xffffffff, at);
      variants.push(two, four);
    }
    expectBounded(type, variants);
  });
});
