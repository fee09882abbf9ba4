/**
 * Visitors' photos sent with a lead (docs/product.md §Leads, docs/decisions/lead-photos.md):
 * which files are photos, told by their first bytes and never by their name, and the limits.
 * Pure, so the island checks a file the moment it is chosen and the function checks it again.
 */

export const PHOTO_LIMITS = {
  /** Photos a trade-in may carry. */
  maxCount: 6,
  /** Bytes one photo may have (10 MB). */
  maxBytes: 10 * 1000 * 1000,
  /** Bytes all photos of one request may have together (30 MB). */
  maxTotalBytes: 30 * 1000 * 1000,
} as const;

export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic';

/** What the file input offers (the check that counts is photoType). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

export const PHOTO_EXTENSIONS: Readonly<Record<PhotoType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
};

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));

/** HEIF brands of still images (HEVC-coded and the generic image brands phones write). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'mif2']);

/** The photo type of a file from its first bytes, or undefined when it is none of the four. */
export function photoType(head: Uint8Array): PhotoType | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'image/webp';
  if (head.length >= 12 && ascii(head, 4, 4) === 'ftyp' && HEIF_BRANDS.has(ascii(head, 8, 4))) return 'image/heic';
  return undefined;
}

/** "3.2 MB", "10.4 MB", "10 MB" (decimal megabytes, as phones and file managers show them; one decimal, so a file just over the limit never reads as the limit). */
export function megabytes(bytes: number): string {
  const mb = bytes / 1_000_000;
  return `${Math.max(0.1, Math.round(mb * 10) / 10)} MB`;
}

/** The messages a photo can get, each naming the file (docs/product.md §Leads). */
export const PHOTO_MESSAGES = {
  notPhoto: (name: string) => `${name} is not a JPEG, PNG, WebP or HEIC photo. Choose a photo file instead.`,
  empty: (name: string) => `${name} is empty. Choose the photo again.`,
  tooBig: (name: string, bytes: number) => `${name} is ${megabytes(bytes)}; a photo can be at most ${megabytes(PHOTO_LIMITS.maxBytes)}.`,
  tooMany: (name: string, max: number) => `${name} was not added: at most ${max} photo${max === 1 ? '' : 's'} can be sent.`,
  tooMuch: (name: string) => `${name} was not added: the photos can be at most ${megabytes(PHOTO_LIMITS.maxTotalBytes)} in all.`,
  unreadable: (name: string) => `${name} could not be read as a photo. Save it again as a JPEG and choose it again.`,
} as const;

/** A file name fit to show and store: its last path part, no control characters, at most 80 characters. */
export function photoName(name: string, index: number): string {
  const base =
    name
      .split(/[\\/]/)
      .pop()
      ?.replace(/[\p{Cc}\p{Cf}"<>]/gu, '')
      .trim() ?? '';
  return (base || `photo-${index + 1}`).slice(0, 80);
}

export interface PhotoCandidate {
  name: string;
  bytes: number;
  /** The first 16 bytes (or the whole file when shorter). */
  head: Uint8Array;
}

export type PhotoVerdict = { ok: true; type: PhotoType } | { ok: false; error: string };

/**
 * The checks a photo passes before it is taken, in the order a visitor would fix them:
 * something in it, a photo type, not too big, room left in count and in total.
 */
export function checkPhoto(photo: PhotoCandidate, already: { count: number; bytes: number }, max: number = PHOTO_LIMITS.maxCount): PhotoVerdict {
  if (photo.bytes === 0) return { ok: false, error: PHOTO_MESSAGES.empty(photo.name) };
  const type = photoType(photo.head);
  if (!type) return { ok: false, error: PHOTO_MESSAGES.notPhoto(photo.name) };
  if (photo.bytes > PHOTO_LIMITS.maxBytes) return { ok: false, error: PHOTO_MESSAGES.tooBig(photo.name, photo.bytes) };
  if (already.count >= max) return { ok: false, error: PHOTO_MESSAGES.tooMany(photo.name, max) };
  if (already.bytes + photo.bytes > PHOTO_LIMITS.maxTotalBytes) return { ok: false, error: PHOTO_MESSAGES.tooMuch(photo.name) };
  return { ok: true, type };
}

/** Netlify gives a function at most 6 MB of request (binary: about 4.5 MB): photos travel in parts of this size. */
export const UPLOAD_PART_BYTES = 4 * 1024 * 1024;
