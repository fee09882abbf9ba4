import { crc32 } from 'node:zlib';
import sharp from 'sharp';

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
