import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPhoto, type CleanResult } from '../../functions/lib/leads/photo-metadata.ts';
import type { PhotoType } from '../../src/lib/leads/photos.ts';
import { craftedHeic, craftedPhotos, filled, phoneHeic, phoneJpeg, phonePng, phoneWebp } from './photo-fixtures.ts';

/**
 * The metadata cleaner reads a visitor's bytes: its work is bounded by the bytes, whatever their
 * tables say (docs/operations.md §What each function trusts). A small file is cleaned or refused
 * within 50 ms of CPU, a 10 MB one within 100 ms. CPU time of the call is measured, not wall
 * time, so a busy machine does not fail the test.
 */
const CPU_LIMIT_MS = 50;
const CPU_LIMIT_10MB_MS = 100;

function timed(type: PhotoType, bytes: Uint8Array): { result: CleanResult; cpuMs: number } {
  const before = process.cpuUsage();
  const result = cleanPhoto(type, bytes);
  const used = process.cpuUsage(before);
  return { result, cpuMs: (used.user + used.system) / 1000 };
}

/**
 * The cleaning call's own CPU time, the least of three runs of the same file: a garbage
 * collection of earlier tests' buffers that falls into one run is not this file's cost.
 */
function leastCpu(type: PhotoType, bytes: Uint8Array): { result: CleanResult; cpuMs: number } {
  const runs = [timed(type, bytes), timed(type, bytes), timed(type, bytes)];
  return runs.reduce((least, run) => (run.cpuMs < least.cpuMs ? run : least));
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
function emptyExtentsHeic(items: number): Buffer {
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
      const { result, cpuMs } = timed('image/heic', emptyExtentsHeic(items));
      expect(result.ok, `${items} items`).toBe(false);
      expect(cpuMs, `${items} items`).toBeLessThan(CPU_LIMIT_MS);
    }
  });

  it('a HEIC whose item count is larger than its table is refused, not walked', () => {
    const file = emptyExtentsHeic(1);
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

// --- 10 MB files: the work is bounded by the bytes ---------------------------------------------

const TEN_MB = 10_000_000;

/** A whole number from 0 to `max`, as often tiny as large (evenly spread over its orders of magnitude). */
const spread = (next: () => number, max: number) => Math.min(max, Math.floor(Math.exp(next() * Math.log(max + 1))) - 1);
const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

/** Bytes written one after another into a buffer of a fixed size. */
class Writer {
  readonly bytes: Buffer;
  at = 0;
  constructor(size: number) {
    this.bytes = Buffer.alloc(size);
  }
  get room(): number {
    return this.bytes.length - this.at;
  }
  put(...values: number[]): this {
    for (const value of values) this.bytes[this.at++] = value;
    return this;
  }
  text(value: string): this {
    this.at += this.bytes.write(value, this.at, 'latin1');
    return this;
  }
  uint(value: number, size: number, little = false): this {
    if (size === 8) this.bytes.writeBigUInt64BE(BigInt(value), this.at);
    else if (size > 0 && little) this.bytes.writeUIntLE(value, this.at, size);
    else if (size > 0) this.bytes.writeUIntBE(value, this.at, size);
    this.at += size;
    return this;
  }
  skip(count: number): this {
    this.at += count;
    return this;
  }
  done(): Buffer {
    return this.bytes.subarray(0, this.at);
  }
}

/**
 * A block of random JPEG structures (segments of every kind, fill bytes, restart markers, EXIF
 * tables, scans with stuffed bytes), each at most `scale` bytes long, about `size` bytes in all.
 */
function jpegBlock(next: () => number, scale: number, size: number): Buffer {
  const out = new Writer(size + 200_000);
  while (out.at < size) {
    const kind = Math.floor(next() * 6);
    if (kind === 1) for (let fill = spread(next, Math.min(scale, 65_535)); fill > 0; fill--) out.put(0xff);
    if (kind === 2) {
      out.put(0xff, 0xd0 + Math.floor(next() * 8));
    } else if (kind === 3) {
      const entries = spread(next, Math.floor(Math.min(scale, 65_000) / 12));
      out
        .put(0xff, 0xe1)
        .uint(2 + 6 + 10 + entries * 12, 2)
        .text('Exif\0\0MM')
        .uint(42, 2)
        .uint(8, 4)
        .uint(entries, 2);
      for (let e = 0; e < entries; e++) out.uint(0x0100 + e, 2).skip(10); // no Orientation among them
    } else if (kind === 4) {
      out.put(0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00);
      for (let length = spread(next, Math.min(scale, 60_000)); length > 0; length--) {
        const byte = Math.floor(next() * 256);
        if (byte === 0xff) out.put(0xff, next() < 0.5 ? 0x00 : 0xd0 + Math.floor(next() * 8));
        else out.put(byte);
      }
    } else {
      const marker = pick(next, [0xe0, 0xe1, 0xe2, 0xed, 0xee, 0xef, 0xfe, 0xdb, 0xc4, 0xc0, 0xdd]);
      const length = 2 + spread(next, Math.min(scale, 65_533));
      out
        .put(0xff, marker)
        .uint(length, 2)
        .skip(length - 2);
    }
  }
  return out.done();
}

/** A block of random PNG chunks (kept, dropped, unknown), each at most `scale` bytes long. */
function pngBlock(next: () => number, scale: number, size: number): Buffer {
  const out = new Writer(size + scale + 12);
  while (out.at < size) {
    const length = spread(next, scale);
    out
      .uint(length, 4)
      .text(pick(next, ['IDAT', 'tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME', 'PLTE', 'zzZz', 'sRGB']))
      .skip(length + 4);
  }
  return out.done();
}

/** A block of random WebP chunks (image, EXIF, XMP, extended headers, unknown; odd sizes padded), each at most `scale` bytes long. */
function webpBlock(next: () => number, scale: number, size: number): Buffer {
  const out = new Writer(size + scale + 10);
  while (out.at < size) {
    const type = pick(next, ['VP8X', 'EXIF', 'XMP ', 'VP8 ', 'VP8L', 'ALPH', 'ICCP', 'ANMF', 'ABCD']);
    const length = type === 'VP8X' ? 10 : spread(next, scale);
    out.text(type).uint(length, 4, true);
    if (type === 'VP8X') out.put(Math.floor(next() * 256)).skip(9);
    else out.skip(length + (length % 2));
  }
  return out.done();
}

const riff = (body: Buffer) => {
  const head = Buffer.from('RIFF\0\0\0\0WEBP', 'latin1');
  head.writeUInt32LE(4 + body.length, 4);
  return head;
};

/**
 * A HEIC with random item tables: item entries of every kind (Exif, XMP, pictures) with ids that
 * repeat, and an item location table of a random version and field sizes whose items lie in
 * random numbers of places, inside the file or not, of random lengths (0: to the end).
 */
function fuzzedHeic(next: () => number): Buffer {
  const out = new Writer(TEN_MB);
  const boxAt = (type: string, version?: number) => {
    const at = out.at;
    out.skip(4).text(type);
    if (version !== undefined) out.put(version, 0, 0, 0);
    return () => out.bytes.writeUInt32BE(out.at - at, at);
  };
  out.uint(24, 4).text('ftypheic').skip(4).text('mif1heic');
  for (let free = spread(next, 50_000); free > 0; free--) out.uint(8, 4).text('free'); // top-level boxes before the tables
  const endMeta = boxAt('meta', 0);
  out.uint(33, 4).text('hdlr').skip(8).text('pict').skip(13);
  const ids = 1 + spread(next, 1_000);
  const endIinf = boxAt('iinf', 0);
  const entries = spread(next, 10_000);
  out.uint(Math.min(entries, 0xffff), 2);
  for (let e = 0; e < entries; e++) {
    const endInfe = boxAt('infe', 2);
    out.uint(1 + Math.floor(next() * ids), 2).skip(2);
    const kind = Math.floor(next() * 3);
    if (kind === 0) out.text('Exif\0');
    else if (kind === 1) out.text(`mime\0${'x'.repeat(spread(next, 300))}${next() < 0.5 ? 'application/rdf+xml' : 'text/plain'}\0`);
    else out.text('hvc1\0');
    endInfe();
  }
  endIinf();
  const version = Math.floor(next() * 3);
  const [offsetSize, lengthSize, baseSize] = [pick(next, [0, 4, 8]), pick(next, [0, 4, 8]), pick(next, [0, 4, 8])];
  const indexSize = version === 0 ? 0 : pick(next, [0, 4]);
  const extentSize = offsetSize + lengthSize + indexSize;
  const endIloc = boxAt('iloc', version);
  out.put((offsetSize << 4) | lengthSize, (baseSize << 4) | indexSize);
  const idSize = version === 2 ? 4 : 2;
  const countAt = out.at;
  out.skip(idSize);
  let items = 0;
  const stop = out.at + spread(next, 2_000_000);
  while (out.at < stop && items < (idSize === 2 ? 0xffff : 1_000_000)) {
    out.uint(1 + Math.floor(next() * ids), idSize);
    if (version >= 1) out.uint(next() < 0.9 ? 0 : 1, 2);
    out.skip(2).uint(spread(next, 1_000), baseSize);
    const extents = extentSize === 0 ? 1 : 1 + spread(next, Math.min(65_534, Math.floor((stop - out.at) / extentSize)));
    out.uint(extents, 2);
    for (let e = 0; e < extents; e++) {
      out.skip(indexSize);
      out.uint(next() < 0.9 ? Math.floor(next() * TEN_MB) : 0xffffffff, offsetSize);
      out.uint(next() < 0.3 ? 0 : spread(next, TEN_MB), lengthSize);
    }
    items++;
  }
  out.bytes.writeUIntBE(items, countAt, idSize);
  endIloc();
  endMeta();
  out.bytes.writeUInt32BE(TEN_MB - out.at, out.at);
  out.bytes.write('mdat', out.at + 4, 'latin1');
  return out.bytes;
}

/** A 10 MB file of `type` made of random structures (seeded): some files all tiny structures, some large ones. */
function fuzzed(type: PhotoType, seed: number): Buffer {
  const next = random(seed);
  if (type === 'image/heic') return fuzzedHeic(next);
  const scale = pick(next, [4, 16, 256, 65_535, 1_000_000]);
  if (type === 'image/jpeg') {
    const block = jpegBlock(next, scale, 200_000);
    return filled(TEN_MB, Buffer.from([0xff, 0xd8]), block, next() < 0.5 ? Buffer.from([0xff, 0xd9]) : new Uint8Array());
  }
  if (type === 'image/png') {
    const block = pngBlock(next, scale, 200_000);
    const head = Buffer.from('\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR\0\0\0\x01\0\0\0\x01\x08\x02\0\0\0\0\0\0\0', 'latin1');
    return filled(TEN_MB, head, block, next() < 0.5 ? Buffer.from('\0\0\0\0IEND\xaeB`\x82', 'latin1') : new Uint8Array());
  }
  const block = webpBlock(next, scale, 200_000);
  const body = filled(TEN_MB - 12, new Uint8Array(), block);
  return Buffer.concat([riff(body.subarray(0, Math.floor(body.length / block.length) * block.length)), body]);
}

describe('the cleaner on 10 MB files: work bounded by the bytes, whatever their tables say', () => {
  const shapes = [...craftedPhotos(4_000_000), ...craftedPhotos(TEN_MB)];

  it.each(shapes.map((shape) => [shape.name, shape] as const))('%s: cleaned or refused within 100 ms of CPU', (_name, shape) => {
    const { cpuMs } = leastCpu(shape.type, shape.make());
    expect(cpuMs).toBeLessThan(CPU_LIMIT_10MB_MS);
  });

  it('a HEIC whose metadata lies in more places than a photo has is refused with a reason (the upload names the file)', () => {
    for (const exifExtents of [[65_535], [65_535, 34_400], [40, 40]]) {
      const { result } = timed('image/heic', craftedHeic({ size: 1_000_000, exifExtents }));
      expect(result, `${exifExtents.join(' + ')} places`).toEqual({ ok: false, reason: 'the metadata lies in more places than a photo has' });
    }
  });

  it('a HEIC whose Exif items lie in overlapping places, to the end, is zeroed from the first place on and accepted', () => {
    const file = craftedHeic({ size: 200_000, exifExtents: [3, 2] });
    const dataAt = file.indexOf(Buffer.from('Exif\0\0MM', 'latin1'));
    const result = cleanPhoto('image/heic', file);
    if (!result.ok) throw new Error(result.reason);
    expect(result.removed).toEqual(['EXIF']);
    expect(Buffer.from(result.bytes.subarray(0, dataAt)).equals(file.subarray(0, dataAt))).toBe(true);
    expect(result.bytes.subarray(dataAt).every((byte) => byte === 0)).toBe(true);
  });

  it('a HEIC whose metadata lies past the end of the file is refused', () => {
    const file = craftedHeic({ size: 10_000, exifExtents: [1] });
    const extent = file.indexOf(Buffer.from('iloc', 'latin1')) + 4 + 4 + 2 + 2 + 2 + 2 + 2 + 2; // version and flags, sizes, count, id, method, data reference, extent count
    file.writeUInt32BE(file.length - 10, extent);
    file.writeUInt32BE(11, extent + 4);
    expect(cleanPhoto('image/heic', file)).toEqual({ ok: false, reason: 'an item lies past the end' });
  });

  it.each(TYPES)('%s: 10 MB files of random structures, tiny to large, each cleaned or refused within 100 ms of CPU', (type) => {
    for (let seed = 1; seed <= 6; seed++) {
      const { cpuMs } = leastCpu(type, fuzzed(type, 1_000 * (TYPES.indexOf(type) + 1) + seed));
      expect(cpuMs, `seed ${seed}`).toBeLessThan(CPU_LIMIT_10MB_MS);
    }
  });
});
