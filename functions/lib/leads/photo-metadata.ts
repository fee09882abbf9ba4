import type { PhotoType } from '../../../src/lib/leads/photos.ts';

/**
 * Takes what a photo says about its taker out of it before it is stored (docs/product.md §Leads,
 * docs/decisions/lead-photos.md): GPS position, camera serial numbers, dates, names and
 * anything else in EXIF, XMP, IPTC, comments and text chunks. The image itself is not decoded
 * or re-encoded (no image library in the function): each format's container is walked and the
 * parts that carry metadata are left out, so the pixels arrive exactly as taken.
 *
 * - JPEG: APP1 (EXIF, XMP), APP13 (IPTC), the other APPn segments but JFIF, ICC and Adobe,
 *   and comments go; a phone's sideways photo keeps its rotation in a new EXIF block that holds
 *   the Orientation tag alone. Anything after the end-of-image marker goes too (a second image
 *   of a multi-picture file, or another file glued on).
 * - PNG: eXIf, tEXt, zTXt, iTXt and tIME chunks go; anything after IEND goes.
 * - WebP: the EXIF and XMP chunks go and the VP8X flags say so; anything after the RIFF goes.
 * - HEIC: the EXIF and XMP items are overwritten with zeros where they lie (rewriting the
 *   file's item tables to cut them out would move the picture data); rotation lives in the
 *   container's own properties, which stay.
 * A file whose structure cannot be followed is refused, never stored as it came.
 *
 * The bytes come from a visitor, so the work is bounded by the file's bytes, never by what its
 * tables say (docs/operations.md §What each function trusts): each byte is read, copied and
 * (HEIC) zeroed a fixed number of times, whatever the file claims.
 * - Every count a file states is checked against the bytes that would have to hold it before it
 *   is followed; every step moves forward and costs the same few operations; a file may take at
 *   most WORK_BUDGET steps of all walks together.
 * - A HEIC may have at most ITEMS_MAX items. The places its EXIF and XMP items name are gathered
 *   first (at most METADATA_PLACES_MAX, each inside the file), then merged and zeroed, so no
 *   byte is zeroed twice however the places overlap or reach to the end.
 * Past a limit the file is refused with a reason, and the visitor is told it could not be read.
 * A 10 MB file costs a few tens of milliseconds of CPU at most (tests/functions/photo-fuzz.test.ts).
 */

export type CleanResult = { ok: true; bytes: Uint8Array; removed: string[] } | { ok: false; reason: string };

class Malformed extends Error {}

/** Steps (segments, chunks, boxes, items, extents) one file may take in all. A 10 MB phone photo takes a few hundred. */
export const WORK_BUDGET = 100_000;

/** Items a HEIC may have (each entry read, each place listed): a 200-megapixel photo in 512-pixel tiles has about 800. */
export const ITEMS_MAX = 10_000;

/** Places (extents) the EXIF and XMP items of a HEIC may lie in, together. A phone writes one for each. */
export const METADATA_PLACES_MAX = 64;

let budget = WORK_BUDGET;

/** One step of a walk: refuses the file once it has taken its budget. */
function step(count = 1): void {
  budget -= count;
  if (budget < 0) throw new Malformed('the file is too complex to check');
}

export function cleanPhoto(type: PhotoType, input: Uint8Array): CleanResult {
  budget = WORK_BUDGET;
  try {
    switch (type) {
      case 'image/jpeg':
        return cleanJpeg(input);
      case 'image/png':
        return cleanPng(input);
      case 'image/webp':
        return cleanWebp(input);
      case 'image/heic':
        return cleanHeic(input);
    }
  } catch (error) {
    return { ok: false, reason: error instanceof Malformed ? error.message : 'unreadable' };
  }
}

/** The four Latin-1 characters at `at` (a box, chunk or item type); past the end they read as NUL. */
const fourCC = (bytes: Uint8Array, at: number) => String.fromCharCode(bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0, bytes[at + 3] ?? 0);

/** Whether the bytes at `at` spell `word` (Latin-1), compared byte by byte without making a string. */
function spells(bytes: Uint8Array, at: number, word: string): boolean {
  if (at + word.length > bytes.length) return false;
  for (let i = 0; i < word.length; i++) if (bytes[at + i] !== word.charCodeAt(i)) return false;
  return true;
}

const latin1 = new TextDecoder('latin1');

function concat(parts: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const part of parts) size += part.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function need(condition: boolean, reason: string): asserts condition {
  if (!condition) throw new Malformed(reason);
}

// --- JPEG ------------------------------------------------------------------------------------

/** APPn segments kept: JFIF (APP0), an ICC profile (APP2 "ICC_PROFILE"), Adobe's colour transform (APP14). */
function keptApp(marker: number, segment: Uint8Array): boolean {
  if (marker === 0xe0) return spells(segment, 4, 'JFIF') || spells(segment, 4, 'JFXX');
  if (marker === 0xe2) return spells(segment, 4, 'ICC_PROFILE');
  if (marker === 0xee) return spells(segment, 4, 'Adobe');
  return false;
}

function appName(marker: number, segment: Uint8Array): string {
  if (marker === 0xe1) return spells(segment, 4, 'Exif') ? 'EXIF' : 'XMP';
  if (marker === 0xed) return 'IPTC';
  return `APP${marker - 0xe0}`;
}

/** The EXIF Orientation (1-8) of an APP1 "Exif" segment, or undefined. Reads at most the segment's own bytes. */
function exifOrientation(segment: Uint8Array): number | undefined {
  const tiff = 10; // FF E1, length (2), "Exif\0\0"
  if (!spells(segment, 4, 'Exif\0\0') || segment.length < tiff + 8) return undefined;
  const little = spells(segment, tiff, 'II');
  const view = new DataView(segment.buffer, segment.byteOffset, segment.byteLength);
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > segment.length) return undefined;
  const count = Math.min(u16(ifd), Math.floor((segment.length - ifd - 2) / 12));
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (u16(entry) === 0x0112 && u16(entry + 2) === 3) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : undefined;
    }
  }
  return undefined;
}

/** An APP1 segment holding nothing but the Orientation tag (big-endian TIFF, one IFD entry). */
export function orientationSegment(orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const payload = [...'Exif\0\0'].map((c) => c.charCodeAt(0)).concat(tiff);
  const length = payload.length + 2;
  return new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, ...payload]);
}

/**
 * Where a scan's coded data ends: the next marker that is not a stuffed byte (FF 00) or a
 * restart (FF D0-D7). One pass over the bytes, each read once.
 */
function scanEnd(bytes: Uint8Array, from: number): number {
  const last = bytes.length - 1;
  for (let at = from; at < last; at++) {
    if (bytes[at] !== 0xff) continue;
    const next = bytes[at + 1] as number;
    if (next !== 0 && (next < 0xd0 || next > 0xd7)) return at;
  }
  throw new Malformed('the image data has no end');
}

function cleanJpeg(bytes: Uint8Array): CleanResult {
  need(bytes[0] === 0xff && bytes[1] === 0xd8, 'no start of image');
  const kept: Uint8Array[] = [];
  const removed = new Set<string>();
  let orientation: number | undefined;
  let at = 2;
  for (;;) {
    step();
    need(at + 1 < bytes.length && bytes[at] === 0xff, 'a segment does not start with a marker');
    while (bytes[at + 1] === 0xff) at++; // fill bytes
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xd9) {
      kept.push(bytes.subarray(at, at + 2));
      break;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      kept.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    need(at + 4 <= bytes.length, 'a segment is cut off');
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    need(length >= 2 && at + 2 + length <= bytes.length, 'a segment runs past the end');
    const segment = bytes.subarray(at, at + 2 + length);
    at += 2 + length;
    if (marker >= 0xe0 && marker <= 0xef) {
      if (keptApp(marker, segment)) kept.push(segment);
      else {
        if (marker === 0xe1) orientation ??= exifOrientation(segment);
        removed.add(appName(marker, segment));
      }
      continue;
    }
    if (marker === 0xfe) {
      removed.add('comment');
      continue;
    }
    kept.push(segment);
    if (marker === 0xda) {
      const end = scanEnd(bytes, at);
      kept.push(bytes.subarray(at, end));
      at = end;
    }
  }
  if (at + 2 < bytes.length) removed.add('data after the image');
  const head = orientation && orientation !== 1 ? [bytes.subarray(0, 2), orientationSegment(orientation)] : [bytes.subarray(0, 2)];
  return { ok: true, bytes: concat([...head, ...kept]), removed: [...removed] };
}

// --- PNG -------------------------------------------------------------------------------------

const PNG_DROPPED: ReadonlyMap<string, string> = new Map([
  ['eXIf', 'EXIF'],
  ['tEXt', 'text'],
  ['zTXt', 'text'],
  ['iTXt', 'text'],
  ['tIME', 'time'],
]);

function cleanPng(bytes: Uint8Array): CleanResult {
  need(spells(bytes, 0, '\x89PNG\r\n\x1a\n'), 'no PNG signature');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  const removed = new Set<string>();
  let at = 8;
  let first = true;
  for (;;) {
    step();
    need(at + 12 <= bytes.length, 'a chunk is cut off');
    const length = view.getUint32(at);
    const type = fourCC(bytes, at + 4);
    need(at + 12 + length <= bytes.length, 'a chunk runs past the end');
    need(!first || type === 'IHDR', 'the image header is missing');
    first = false;
    const chunk = bytes.subarray(at, at + 12 + length);
    at += 12 + length;
    const dropped = PNG_DROPPED.get(type);
    if (dropped) removed.add(dropped);
    else kept.push(chunk);
    if (type === 'IEND') break;
  }
  if (at < bytes.length) removed.add('data after the image');
  return { ok: true, bytes: concat(kept), removed: [...removed] };
}

// --- WebP ------------------------------------------------------------------------------------

function cleanWebp(bytes: Uint8Array): CleanResult {
  need(spells(bytes, 0, 'RIFF') && spells(bytes, 8, 'WEBP'), 'no WebP header');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffEnd = 8 + view.getUint32(4, true);
  need(riffEnd <= bytes.length && riffEnd >= 12, 'the file is shorter than it says');
  const kept: Uint8Array[] = [];
  /** Where in the output each VP8X header's flags byte lies, cleared once the chunks are joined. */
  const flags: number[] = [];
  let size = 12;
  const removed = new Set<string>();
  let at = 12;
  while (at < riffEnd) {
    step();
    need(at + 8 <= riffEnd, 'a chunk is cut off');
    const type = fourCC(bytes, at);
    const length = view.getUint32(at + 4, true);
    const end = at + 8 + length + (length % 2);
    need(end <= riffEnd + (length % 2) && at + 8 + length <= riffEnd, 'a chunk runs past the end');
    const chunk = bytes.subarray(at, Math.min(end, riffEnd));
    if (type === 'EXIF') removed.add('EXIF');
    else if (type === 'XMP ') removed.add('XMP');
    else {
      if (type === 'VP8X' && chunk.length > 8) flags.push(size + 8);
      kept.push(chunk);
      size += chunk.length;
    }
    at = end;
  }
  if (riffEnd < bytes.length) removed.add('data after the image');
  const out = concat([bytes.subarray(0, 12), ...kept]);
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  for (const flag of flags) out[flag] = (out[flag] ?? 0) & ~0x0c; // no EXIF (0x08), no XMP (0x04)
  return { ok: true, bytes: out, removed: [...removed] };
}

// --- HEIC (ISO base media file format) ---------------------------------------------------------

interface Box {
  type: string;
  /** Where the box's content starts (after its header) and ends. */
  start: number;
  end: number;
}

function boxes(bytes: Uint8Array, view: DataView, from: number, to: number): Box[] {
  const found: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    step();
    let size = view.getUint32(at);
    const type = fourCC(bytes, at + 4);
    let header = 8;
    if (size === 1) {
      need(at + 16 <= to, 'a box is cut off');
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    need(size >= header && at + size <= to, `the ${type} box runs past the end`);
    found.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return found;
}

function readUint(view: DataView, at: number, size: number): number {
  if (size === 0) return 0;
  if (size === 2) return view.getUint16(at);
  if (size === 4) return view.getUint32(at);
  if (size === 8) return Number(view.getBigUint64(at));
  throw new Malformed(`an offset of ${size} bytes`);
}

/** Whether a MIME item's content type (the second string of its entry, within its first 256 bytes) names XMP. */
function isXmpItem(bytes: Uint8Array, from: number, to: number): boolean {
  const strings = bytes.subarray(from, Math.min(to, from + 256));
  const nameEnd = strings.indexOf(0);
  if (nameEnd < 0) return false;
  const typeEnd = strings.indexOf(0, nameEnd + 1);
  return /xmp|rdf\+xml/i.test(latin1.decode(strings.subarray(nameEnd + 1, typeEnd < 0 ? strings.length : typeEnd)));
}

/** Zeros each byte of the ranges [from, to) once, however they overlap. */
function zeroOnce(bytes: Uint8Array, ranges: [number, number][]): void {
  ranges.sort((a, b) => a[0] - b[0]);
  let done = 0;
  for (const [from, to] of ranges) {
    if (to <= done) continue;
    bytes.fill(0, Math.max(from, done), to);
    done = to;
  }
}

function cleanHeic(input: Uint8Array): CleanResult {
  const bytes = input.slice();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const top = boxes(bytes, view, 0, bytes.length);
  need(top[0]?.type === 'ftyp', 'no file type box');
  const meta = top.find((box) => box.type === 'meta');
  need(meta !== undefined, 'no meta box');
  const inMeta = boxes(bytes, view, meta.start + 4, meta.end); // meta is a full box: version and flags first
  const iinf = inMeta.find((box) => box.type === 'iinf');
  const iloc = inMeta.find((box) => box.type === 'iloc');
  need(iinf !== undefined && iloc !== undefined, 'no item tables');

  // Which items are metadata: type Exif, or a MIME item holding XMP.
  const targets = new Map<number, string>();
  const iinfVersion = bytes[iinf.start] ?? 0;
  const entriesAt = iinf.start + 4 + (iinfVersion === 0 ? 2 : 4);
  const entries = boxes(bytes, view, entriesAt, iinf.end);
  need(entries.length <= ITEMS_MAX, 'the file has more items than a photo has');
  for (const infe of entries) {
    if (infe.type !== 'infe') continue;
    const version = bytes[infe.start] ?? 0;
    if (version < 2) continue;
    const idSize = version === 2 ? 2 : 4;
    const id = readUint(view, infe.start + 4, idSize);
    const itemType = fourCC(bytes, infe.start + 4 + idSize + 2);
    if (itemType === 'Exif') targets.set(id, 'EXIF');
    if (itemType === 'mime' && isXmpItem(bytes, infe.start + 4 + idSize + 6, infe.end)) targets.set(id, 'XMP');
  }

  // Where those items lie (iloc). Every field is read through `take`, which refuses a read past
  // the box, and every count is checked against the bytes left to hold it. The places are only
  // gathered here, each checked to lie inside the file; they are zeroed once the table is read.
  const version = bytes[iloc.start] ?? 0;
  need(version <= 2, 'an item location table of an unknown version');
  let at = iloc.start + 4;
  const take = (size: number): number => {
    need(at + size <= iloc.end, 'the item locations are cut off');
    const value = size === 1 ? (bytes[at] ?? 0) : readUint(view, at, size);
    at += size;
    return value;
  };
  const sizes = take(1);
  const more = take(1);
  const [offsetSize, lengthSize, baseSize, indexSize] = [sizes >> 4, sizes & 15, more >> 4, version >= 1 ? more & 15 : 0];
  for (const size of [offsetSize, lengthSize, baseSize, indexSize]) need([0, 4, 8].includes(size), `an offset of ${size} bytes`);
  const idSize = version < 2 ? 2 : 4;
  const itemCount = take(idSize);
  // The fewest bytes an item takes: its id, method (version 1 and 2), data reference, base offset, extent count and one extent.
  const extentSize = indexSize + offsetSize + lengthSize;
  const itemSize = idSize + (version >= 1 ? 2 : 0) + 2 + baseSize + 2 + extentSize;
  need(itemCount * itemSize <= iloc.end - at, 'the item locations are cut off');
  need(itemCount <= ITEMS_MAX, 'the file has more items than a photo has');
  step(itemCount);
  const idat = inMeta.find((box) => box.type === 'idat');
  const removed = new Set<string>();
  const places: [number, number][] = [];
  for (let i = 0; i < itemCount; i++) {
    const id = take(idSize);
    const method = version >= 1 ? take(2) & 15 : 0;
    take(2); // data reference index
    const base = take(baseSize);
    const extents = take(2);
    // An extent with no fields of its own (all sizes 0) is the whole file: one says it all.
    need(extents >= 1 && (extentSize > 0 || extents === 1), 'an item with no place or places of no size');
    need(extents * extentSize <= iloc.end - at, 'the item locations are cut off');
    step(extents);
    const what = targets.get(id);
    if (!what) {
      at += extents * extentSize;
      continue;
    }
    need(method === 0 || (method === 1 && idat !== undefined), 'metadata stored in a way this check does not follow');
    need(places.length + extents <= METADATA_PLACES_MAX, 'the metadata lies in more places than a photo has');
    for (let e = 0; e < extents; e++) {
      take(indexSize);
      const offset = take(offsetSize);
      const length = take(lengthSize);
      const from = (method === 1 && idat ? idat.start : 0) + base + offset;
      const to = length === 0 ? (method === 1 && idat ? idat.end : bytes.length) : from + length;
      need(to <= bytes.length && from <= to, 'an item lies past the end');
      places.push([from, to]);
    }
    removed.add(what);
  }
  zeroOnce(bytes, places);
  return { ok: true, bytes, removed: [...removed] };
}
