import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { PhotoType } from '../../src/lib/leads/photos.ts';

/**
 * Photos as phones make them, for the lead photo tests: real JPEG, PNG and WebP files (drawn by
 * sharp) carrying the metadata a visitor would not want to hand over, and a HEIC file built box
 * by box (ISO base media format) with an EXIF item. Each carries the marker text PRIVATE_MARKER
 * in its metadata, so a test can tell whether any of it survived.
 */

export const PRIVATE_MARKER = 'GPS 39.9929N 74.7879W Jane Visitor iPhone';

const image = () => sharp({ create: { width: 96, height: 64, channels: 3, background: '#2f855a' } });

const ascii = (text: string) => Buffer.from(`${text}\0`, 'latin1');

/** A big-endian TIFF block: IFD0 with Orientation, Make and a GPS IFD pointer; the GPS IFD with a datum naming the place. */
function exifTiff(orientation: number): Buffer {
  const make = ascii(PRIVATE_MARKER);
  const datum = ascii(PRIVATE_MARKER);
  // Layout: header (8) | IFD0: count (2) + 3 entries (36) + next (4) | make | GPS IFD: count + 1 entry + next | datum
  const ifd0 = 8;
  const makeAt = ifd0 + 2 + 3 * 12 + 4;
  const gpsAt = makeAt + make.length;
  const datumAt = gpsAt + 2 + 12 + 4;
  const tiff = Buffer.alloc(datumAt + datum.length);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(ifd0, 4);
  tiff.writeUInt16BE(3, ifd0);
  const entry = (at: number, tag: number, type: number, count: number, value: number, short = false) => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    if (short) tiff.writeUInt16BE(value, at + 8);
    else tiff.writeUInt32BE(value, at + 8);
  };
  entry(ifd0 + 2, 0x010f, 2, make.length, makeAt); // Make (ASCII)
  entry(ifd0 + 14, 0x0112, 3, 1, orientation, true); // Orientation
  entry(ifd0 + 26, 0x8825, 4, 1, gpsAt); // GPS IFD
  make.copy(tiff, makeAt);
  tiff.writeUInt16BE(1, gpsAt);
  tiff.writeUInt16BE(0x0012, gpsAt + 2); // GPSMapDatum
  tiff.writeUInt16BE(2, gpsAt + 4);
  tiff.writeUInt32BE(datum.length, gpsAt + 6);
  tiff.writeUInt32BE(datumAt, gpsAt + 10);
  datum.copy(tiff, datumAt);
  return tiff;
}

function app1(payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xffe1, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** A phone's JPEG: EXIF with GPS and the camera, XMP, a comment, taken sideways (Orientation 6). */
export async function phoneJpeg(orientation = 6): Promise<Buffer> {
  const plain = await image().jpeg({ quality: 80 }).toBuffer();
  const exif = app1(Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifTiff(orientation)]));
  const xmp = app1(Buffer.from(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><rdf:Description exif:GPSLatitude="${PRIVATE_MARKER}"/></x:xmpmeta>`, 'latin1'));
  const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, PRIVATE_MARKER.length + 2]), Buffer.from(PRIVATE_MARKER, 'latin1')]);
  return Buffer.concat([plain.subarray(0, 2), exif, xmp, comment, plain.subarray(2)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG with an eXIf chunk and a text chunk, after its header. */
export async function phonePng(): Promise<Buffer> {
  const plain = await image().png().toBuffer();
  const ihdrEnd = 8 + 8 + 13 + 4;
  return Buffer.concat([
    plain.subarray(0, ihdrEnd),
    pngChunk('eXIf', exifTiff(1)),
    pngChunk('tEXt', Buffer.from(`Comment\0${PRIVATE_MARKER}`, 'latin1')),
    plain.subarray(ihdrEnd),
  ]);
}

/** A WebP with EXIF (sharp writes the VP8X header and the EXIF chunk). */
export async function phoneWebp(): Promise<Buffer> {
  return image()
    .webp()
    .withExif({ IFD0: { Copyright: PRIVATE_MARKER } })
    .toBuffer();
}

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

const fullBox = (type: string, version: number, ...content: Buffer[]) => box(type, Buffer.from([version, 0, 0, 0]), ...content);

/**
 * A HEIC as an iPhone lays it out: ftyp, meta (hdlr, pitm, iinf with the picture item and an
 * Exif item, iloc pointing into mdat), mdat with the coded picture and the EXIF block.
 */
export function phoneHeic(): Buffer {
  const picture = Buffer.from('HEVC-CODED-PICTURE-DATA'.repeat(8), 'latin1');
  const exif = Buffer.concat([Buffer.from([0, 0, 0, 6]), Buffer.from('Exif\0\0', 'latin1'), exifTiff(1)]);
  const infe = (id: number, type: string) => fullBox('infe', 2, Buffer.from([0, id, 0, 0]), Buffer.from(type, 'latin1'), Buffer.from('\0', 'latin1'));
  const ftyp = box('ftyp', Buffer.from('heic', 'latin1'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic', 'latin1'));
  const build = (mdatAt: number) => {
    // iloc version 0: offset_size 4, length_size 4, base_offset_size 0; two items, one extent each.
    const iloc = fullBox(
      'iloc',
      0,
      Buffer.from([0x44, 0x00, 0, 2]),
      Buffer.from([0, 1, 0, 0, 0, 1]),
      u32(mdatAt + 8),
      u32(picture.length),
      Buffer.from([0, 2, 0, 0, 0, 1]),
      u32(mdatAt + 8 + picture.length),
      u32(exif.length),
    );
    const meta = fullBox(
      'meta',
      0,
      fullBox('hdlr', 0, Buffer.alloc(4), Buffer.from('pict', 'latin1'), Buffer.alloc(12), Buffer.from('\0', 'latin1')),
      fullBox('pitm', 0, Buffer.from([0, 1])),
      fullBox('iinf', 0, Buffer.from([0, 2]), infe(1, 'hvc1'), infe(2, 'Exif')),
      iloc,
    );
    return Buffer.concat([ftyp, meta]);
  };
  const head = build(build(0).length);
  return Buffer.concat([head, box('mdat', picture, exif)]);
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value, 0);
  return bytes;
}

/** A PDF under a photo's name. */
export const notAPhoto = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** A file that starts like a JPEG and is a web page after that. */
export const jpegHeadedHtml = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from('<html><script>alert(document.cookie)</script></html>', 'latin1'),
]);

/** A real JPEG with a ZIP archive holding a web page glued to its end (a polyglot). */
export async function jpegZipPolyglot(): Promise<Buffer> {
  const zipLike = Buffer.concat([
    Buffer.from('PK\x03\x04', 'latin1'),
    Buffer.from('<html><script>alert(1)</script></html>', 'latin1'),
    Buffer.from('PK\x05\x06', 'latin1'),
    Buffer.alloc(18),
  ]);
  return Buffer.concat([await phoneJpeg(1), zipLike]);
}

/** A valid JPEG padded (in a comment-free way: an APP15 segment per 64 KB) to `bytes` bytes. */
export async function jpegOfSize(bytes: number): Promise<Buffer> {
  const plain = await image().jpeg().toBuffer();
  const segments: Buffer[] = [];
  let size = plain.length;
  while (size + 4 < bytes) {
    const length = Math.min(65_535, bytes - size - 2);
    if (length < 2) break;
    const segment = Buffer.alloc(length + 2);
    segment.writeUInt16BE(0xffef, 0);
    segment.writeUInt16BE(length, 2);
    segments.push(segment);
    size += length + 2;
  }
  return Buffer.concat([plain.subarray(0, 2), ...segments, plain.subarray(2)]);
}

// --- Crafted files: the most work a file's tables can ask of the cleaner ---------------------

/**
 * `head`, then as many whole copies of `unit` as fit, then `tail`, then zeros: `size` bytes in
 * all (zeros after a JPEG's or PNG's end, or a WebP's RIFF, are data after the image).
 */
export function filled(size: number, head: Uint8Array, unit: Uint8Array, tail: Uint8Array = new Uint8Array()): Buffer {
  const file = Buffer.alloc(size);
  file.set(head, 0);
  const start = head.length;
  const region = unit.length === 0 ? 0 : Math.floor((size - tail.length - start) / unit.length) * unit.length;
  if (region > 0) {
    file.set(unit, start);
    // Doubling copies: a 10 MB file is written in a few dozen calls.
    for (let written = unit.length; written < region; written += Math.min(written, region - written))
      file.copyWithin(start + written, start, start + Math.min(written, region - written));
  }
  file.set(tail, start + region);
  return file;
}

const bytesOf = (...parts: (number[] | string | Buffer)[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

export interface CraftedHeic {
  /** Bytes of the whole file (the media data box pads it). */
  size: number;
  /** The Exif items: how many extents each lies in. */
  exifExtents: number[];
  /**
   * Bytes of each extent's offset and length fields (0: not written, so the length is 0, "to the
   * end"; without an offset field the item's base offset says where the media data starts).
   */
  offsetSize?: 0 | 4 | 8;
  lengthSize?: 0 | 4 | 8;
  /** The item location table's version (2 has 32-bit item ids and counts). */
  version?: 0 | 1 | 2;
  /** The same item id for every item (a table that places one item many times). */
  sameId?: boolean;
}

/**
 * A HEIC whose Exif items are placed in many extents, each from the start of the media data
 * with length 0 ("to the end of the file"): before the cleaner merged them, each extent zeroed
 * the rest of the file again (a 10 MB file with 99,935 such extents took 11-13 s of CPU).
 */
export function craftedHeic({ size, exifExtents, offsetSize = 4, lengthSize = 4, version = 1, sameId = false }: CraftedHeic): Buffer {
  const idSize = version === 2 ? 4 : 2;
  const uint = (value: number, bytes: number) => {
    const out = Buffer.alloc(bytes);
    if (bytes === 2) out.writeUInt16BE(value, 0);
    if (bytes === 4) out.writeUInt32BE(value, 0);
    if (bytes === 8) out.writeBigUInt64BE(BigInt(value), 0);
    return out;
  };
  const ids = exifExtents.map((_, i) => (sameId ? 1 : i + 1));
  const infes = [...new Set(ids)].map((id) =>
    fullBox('infe', version === 2 ? 3 : 2, uint(id, version === 2 ? 4 : 2), Buffer.from([0, 0]), Buffer.from('Exif\0', 'latin1')),
  );
  const ftyp = box('ftyp', Buffer.from('heic', 'latin1'), Buffer.alloc(4), Buffer.from('mif1heic', 'latin1'));
  const build = (dataAt: number) => {
    const baseSize = offsetSize === 0 ? 4 : 0;
    const extent = Buffer.concat([uint(dataAt, offsetSize), uint(0, lengthSize)]);
    // Items alike (same id, same number of extents) are made once: 99,990 of them take a moment, not seconds.
    const made = new Map<string, Buffer>();
    const items = exifExtents.map((count, i) => {
      const id = ids[i] ?? 1;
      const item =
        made.get(`${id}:${count}`) ??
        Buffer.concat([
          uint(id, idSize),
          version >= 1 ? Buffer.from([0, 0]) : Buffer.alloc(0), // construction method 0: offsets in the file
          Buffer.from([0, 0]), // data reference 0: this file
          uint(dataAt, baseSize),
          uint(count, 2),
          filled(extent.length * count, new Uint8Array(), extent),
        ]);
      made.set(`${id}:${count}`, item);
      return item;
    });
    const iloc = fullBox('iloc', version, Buffer.from([(offsetSize << 4) | lengthSize, baseSize << 4]), uint(items.length, idSize), Buffer.concat(items));
    const iinf = fullBox('iinf', 0, uint(infes.length, 2), ...infes);
    const meta = fullBox(
      'meta',
      0,
      fullBox('hdlr', 0, Buffer.alloc(4), Buffer.from('pict', 'latin1'), Buffer.alloc(12), Buffer.from('\0', 'latin1')),
      iinf,
      iloc,
    );
    return Buffer.concat([ftyp, meta]);
  };
  const head = build(build(0).length + 8);
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(size - head.length, 0);
  mdat.write('mdat', 4, 'latin1');
  return filled(size, Buffer.concat([head, mdat, Buffer.from('Exif\0\0MM', 'latin1')]), new Uint8Array());
}

export interface CraftedPhoto {
  name: string;
  type: PhotoType;
  /** Makes the file (each is `size` bytes: made when a test needs it, not all at once). */
  make: () => Buffer;
}

/**
 * The shapes that ask the most of the cleaner per byte, in every format it accepts, each
 * `size` bytes: the HEIC item tables above, and the smallest structures each container has
 * (segments, chunks, boxes, item entries) repeated over the whole file, so a walk takes a step
 * every few bytes; plus the byte-by-byte scans (JPEG fill bytes, a scan of stuffed bytes).
 * Named for the probe's and the tests' figures.
 */
export function craftedPhotos(size: number): CraftedPhoto[] {
  const soi = [0xff, 0xd8];
  const eoi = [0xff, 0xd9];
  const sos = [0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00];
  const png = '\x89PNG\r\n\x1a\n';
  const ihdr = pngChunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]));
  /** A WebP of whole `unit` chunks after `head` (the RIFF holding just them), zeros after it. */
  const webp = (head: Buffer, unit: Buffer) => {
    const riff = bytesOf('RIFF', [0, 0, 0, 0], 'WEBP', head);
    const file = filled(size, riff, unit);
    file.writeUInt32LE(riff.length + Math.floor((size - riff.length) / unit.length) * unit.length - 8, 4);
    return file;
  };
  const vp8x = bytesOf('VP8X', [10, 0, 0, 0], [0x0c, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  const exifInApp1 = (entries: number) => {
    // An EXIF IFD of `entries` tags, none of them the Orientation: the whole table is read.
    const tiff = Buffer.alloc(8 + 2 + entries * 12);
    tiff.write('MM', 0, 'latin1');
    tiff.writeUInt16BE(42, 2);
    tiff.writeUInt32BE(8, 4);
    tiff.writeUInt16BE(entries, 8);
    const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
    return bytesOf([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff], payload);
  };
  const infeMime = fullBox('infe', 2, Buffer.from([0, 1, 0, 0]), Buffer.from('mime', 'latin1'), Buffer.from(`\0${'x'.repeat(200)}rdf+xml\0`, 'latin1'));
  const heicHead = box('ftyp', Buffer.from('heic', 'latin1'), Buffer.alloc(4), Buffer.from('mif1heic', 'latin1'));
  const iloc = fullBox('iloc', 0, Buffer.from([0x44, 0, 0, 0])); // no items
  // As many entries as the cleaner reads (ITEMS_MAX in functions/lib/photo-metadata.ts), the rest media data.
  const infeCount = Math.min(10_000, Math.floor((size - heicHead.length - 12 - 14 - iloc.length - 8) / infeMime.length));
  const iinf = Buffer.alloc(14);
  iinf.writeUInt32BE(14 + infeCount * infeMime.length, 0);
  iinf.write('iinf', 4, 'latin1');
  const metaHead = Buffer.alloc(12);
  metaHead.writeUInt32BE(12 + iinf.length + infeCount * infeMime.length + iloc.length, 0);
  metaHead.write('meta', 4, 'latin1');
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(size - heicHead.length - metaHead.readUInt32BE(0), 0);
  mdat.write('mdat', 4, 'latin1');
  const mb = `${Math.round(size / 100_000) / 10} MB`;
  return [
    { name: `HEIC, one Exif item in 65,535 extents to the end, ${mb}`, type: 'image/heic', make: () => craftedHeic({ size, exifExtents: [65_535] }) },
    { name: `HEIC, two Exif items in 99,935 extents to the end, ${mb}`, type: 'image/heic', make: () => craftedHeic({ size, exifExtents: [65_535, 34_400] }) },
    {
      name: `HEIC, 99,935 extents with no length field (length 0), ${mb}`,
      type: 'image/heic',
      make: () => craftedHeic({ size, exifExtents: [65_535, 34_400], lengthSize: 0 }),
    },
    {
      name: `HEIC, 49,990 items placing one Exif item from the media data to the end, ${mb}`,
      type: 'image/heic',
      make: () => craftedHeic({ size, exifExtents: Array.from({ length: 49_990 }, () => 1), offsetSize: 0, lengthSize: 0, version: 2, sameId: true }),
    },
    { name: `HEIC, 8-byte boxes, ${mb}`, type: 'image/heic', make: () => filled(size, heicHead, bytesOf([0, 0, 0, 8], 'free')) },
    {
      name: `HEIC, 10,000 item entries with long content types, ${mb}`,
      type: 'image/heic',
      make: () => {
        const entries = filled(infeCount * infeMime.length, new Uint8Array(), infeMime);
        return filled(size, Buffer.concat([heicHead, metaHead, iinf, entries, iloc, mdat]), new Uint8Array());
      },
    },
    { name: `JPEG, 4-byte APP0 segments, ${mb}`, type: 'image/jpeg', make: () => filled(size, Buffer.from(soi), Buffer.from([0xff, 0xe0, 0x00, 0x02])) },
    {
      name: `JPEG, 4-byte quantisation segments (kept), ${mb}`,
      type: 'image/jpeg',
      make: () => filled(size, Buffer.from(soi), Buffer.from([0xff, 0xdb, 0x00, 0x02])),
    },
    {
      name: `JPEG, 100-byte segments then the end, ${mb}`,
      type: 'image/jpeg',
      make: () => filled(size, Buffer.from(soi), bytesOf([0xff, 0xdb, 0x00, 98], Buffer.alloc(96)), Buffer.from(eoi)),
    },
    {
      name: `JPEG, EXIF segments of 5,000 tags without the Orientation, ${mb}`,
      type: 'image/jpeg',
      make: () => filled(size, Buffer.from(soi), exifInApp1(5_000), Buffer.from(eoi)),
    },
    { name: `JPEG, fill bytes, ${mb}`, type: 'image/jpeg', make: () => filled(size, Buffer.from(soi), Buffer.from([0xff])) },
    {
      name: `JPEG, a scan of stuffed bytes, ${mb}`,
      type: 'image/jpeg',
      make: () => filled(size, Buffer.from([...soi, ...sos]), Buffer.from([0xff, 0x00]), Buffer.from(eoi)),
    },
    {
      name: `JPEG, a scan of restart markers, ${mb}`,
      type: 'image/jpeg',
      make: () => filled(size, Buffer.from([...soi, ...sos]), Buffer.from([0xff, 0xd0]), Buffer.from(eoi)),
    },
    { name: `JPEG, scans of one byte each, ${mb}`, type: 'image/jpeg', make: () => filled(size, Buffer.from(soi), bytesOf([0xff, 0xda, 0x00, 0x02, 0x00])) },
    { name: `PNG, 12-byte chunks (kept), ${mb}`, type: 'image/png', make: () => filled(size, bytesOf(png, ihdr), bytesOf([0, 0, 0, 0], 'zzZz', [0, 0, 0, 0])) },
    {
      name: `PNG, 12-byte text chunks (dropped), ${mb}`,
      type: 'image/png',
      make: () => filled(size, bytesOf(png, ihdr), bytesOf([0, 0, 0, 0], 'tEXt', [0, 0, 0, 0])),
    },
    {
      name: `PNG, 100-byte chunks then the end, ${mb}`,
      type: 'image/png',
      make: () => filled(size, bytesOf(png, ihdr), bytesOf([0, 0, 0, 88], 'zzZz', Buffer.alloc(92)), pngChunk('IEND', Buffer.alloc(0))),
    },
    { name: `WebP, 8-byte chunks (kept), ${mb}`, type: 'image/webp', make: () => webp(vp8x, bytesOf('ABCD', [0, 0, 0, 0])) },
    { name: `WebP, 8-byte EXIF chunks (dropped), ${mb}`, type: 'image/webp', make: () => webp(vp8x, bytesOf('EXIF', [0, 0, 0, 0])) },
    { name: `WebP, VP8X headers, ${mb}`, type: 'image/webp', make: () => webp(Buffer.alloc(0), vp8x) },
    { name: `WebP, 100-byte chunks, ${mb}`, type: 'image/webp', make: () => webp(vp8x, bytesOf('ABCD', [92, 0, 0, 0], Buffer.alloc(92))) },
  ];
}
