/**
 * Every image URL, srcset and `sizes` of the site, for Astro components and React islands alike
 * (docs/product.md §Photos). Raster photos (JPEG, PNG, WebP, AVIF) are served through Netlify
 * Image CDN, resized on request to the width each slot needs; SVG artwork is served as it is.
 *
 * Pure: no file access. The pixel size of each file is read at build time by
 * src/lib/data/image-files.ts, which also checks every file is at least `minWidth` wide.
 */

/** Where Netlify Image CDN answers (and `netlify serve` locally). */
export const IMAGE_CDN = '/.netlify/images';

/**
 * The output format, named explicitly (`fm=webp`) rather than left to the CDN's Accept
 * negotiation: the local image server of `netlify serve` does not negotiate (it would send
 * JPEG), and WebP is read by every browser the site supports and encodes several times faster
 * than AVIF on a cold CDN cache. docs/decisions/image-cdn.md gives the reasons.
 */
export type ImageFormat = 'webp' | 'jpg';

/** A place on a page that shows an image. */
export interface ImageSlot {
  /** Candidate widths of the srcset, in pixels; the last is the widest the slot ever needs. */
  widths: readonly number[];
  /** The `sizes` attribute: the slot's CSS width at 375, 768 and 1280 px wide screens. */
  sizes: string;
  /** Shown in a fixed frame of this shape (object-fit), so width/height are the frame's. */
  frame?: { width: number; height: number };
  /** Encoding quality (1-100) asked of the CDN; its default (75) when not set. */
  quality?: number;
}

/** Page padding of .container-page: 16 px a side below 640 px, 24 px to 1023 px, 32 px above; at most 1280 px wide. */
const SLOTS = {
  /** Inventory, brand and town cards: one column, two from 640 px, three from 1024 px (gap 24 px). */
  card: {
    widths: [320, 480, 640, 800],
    sizes: '(min-width: 1280px) 389px, (min-width: 1024px) calc((100vw - 112px) / 3), (min-width: 640px) calc((100vw - 72px) / 2), calc(100vw - 32px)',
    frame: { width: 800, height: 600 },
    // Chromium fetches lazy images about 3000 px ahead of the screen, so a phone's first view of
    // a grid loads five card photos, each 900 device px wide at 2.6× density: at quality 60 a
    // card photo is half the bytes and looks the same at card size (docs/editors.md §Photos).
    quality: 60,
  },
  /** The main image of a unit or model page (and of its gallery): full width, half from 1024 px. */
  main: {
    widths: [400, 640, 800, 1024, 1200],
    sizes: '(min-width: 1280px) 584px, (min-width: 1024px) calc(50vw - 56px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)',
    frame: { width: 800, height: 600 },
  },
  /** Gallery thumbnails: 80 px squares, 96 px from 640 px. */
  thumbnail: { widths: [96, 192], sizes: '(min-width: 640px) 96px, 80px', frame: { width: 96, height: 72 } },
  /** The full-size view of the gallery: the whole screen. */
  full: { widths: [800, 1200, 1600, 2000], sizes: '100vw' },
  /** Full-bleed backgrounds: the home hero and the town pages. */
  hero: { widths: [640, 960, 1280, 1600, 1920], sizes: '100vw' },
  /** Side image of page heroes (brand pages, services, rentals): shown from 1024 px only, half the page. */
  feature: { widths: [480, 800, 1200], sizes: '(min-width: 1280px) 584px, (min-width: 1024px) calc(50vw - 56px), 100vw', frame: { width: 800, height: 600 } },
  /** Brand logo tiles: 240 × 120 at most. */
  tile: { widths: [240, 480], sizes: '240px', frame: { width: 240, height: 120 } },
  /** Small pictures beside text (rental plans, comparison columns): 160 px. */
  small: { widths: [160, 320], sizes: '160px', frame: { width: 800, height: 600 } },
  /** Social preview (og:image): one 1200 px JPEG, what the social networks read. */
  social: { widths: [1200], sizes: '1200px' },
} as const satisfies Record<string, ImageSlot>;

export type SlotName = keyof typeof SLOTS;
export const IMAGE_SLOTS: Readonly<Record<SlotName, ImageSlot>> = SLOTS;

/** The width a raster file must have for a slot: its widest srcset candidate. */
export function minWidth(slot: SlotName): number {
  const widths = SLOTS[slot].widths;
  return widths[widths.length - 1] ?? 0;
}

/** A file of this site that goes through the CDN (not SVG, not another site's address). */
export function isRaster(src: string): boolean {
  return src.startsWith('/') && /\.(jpe?g|png|webp|avif)$/i.test(src);
}

/**
 * A photo at another site's address (a unit's photo from the dealer's system, docs/product.md
 * §Import): served through the CDN too, from its own host, which the build adds to the CDN's
 * allow-list (src/integrations/remote-images.ts). Not SVG artwork.
 */
export function isRemotePhoto(src: string): boolean {
  return /^https:\/\/[^/]+\/\S+$/i.test(src) && !/\.svg(\?|#|$)/i.test(src);
}

const throughCdn = (src: string) => isRaster(src) || isRemotePhoto(src);

/** `/images/a.jpg`, 800 → `/.netlify/images?url=%2Fimages%2Fa.jpg&w=800&fm=webp` (`&q=60` with a quality); a remote photo alike. SVG unchanged. */
export function imageUrl(src: string, width: number, format: ImageFormat = 'webp', quality?: number): string {
  if (!throughCdn(src)) return src;
  return `${IMAGE_CDN}?url=${encodeURIComponent(src)}&w=${width}&fm=${format}${quality ? `&q=${quality}` : ''}`;
}

const qualityOf = (slot: SlotName): number | undefined => (SLOTS[slot] as ImageSlot).quality;

/** `url 320w, url 480w, …`; the widths stop at the file's own width when known. */
export function srcset(src: string, slot: SlotName, fileWidth?: number): string {
  return slotWidths(slot, fileWidth)
    .map((width) => `${imageUrl(src, width, 'webp', qualityOf(slot))} ${width}w`)
    .join(', ');
}

function slotWidths(slot: SlotName, fileWidth?: number): number[] {
  const widths = SLOTS[slot].widths.filter((width) => fileWidth === undefined || width <= fileWidth);
  return widths.length > 0 ? widths : [fileWidth ?? minWidth(slot)];
}

/** What an <img> needs; spread onto the element. */
export interface ImageAttributes {
  src: string;
  alt: string;
  width: number;
  height: number;
  srcSet?: string;
  sizes?: string;
  loading: 'eager' | 'lazy';
  fetchPriority?: 'high';
  decoding: 'async';
}

export interface ImageOptions {
  alt: string;
  /** The page's LCP image: fetched first, never lazy. At most one per page. */
  priority?: boolean;
  /** Load at once without raising priority (first cards of a grid). */
  eager?: boolean;
  /** The file's pixel size, when known (build time); else the slot's frame. */
  size?: { width: number; height: number };
}

/**
 * The attributes of one image in one slot. The same input gives the same output on the server
 * and in an island, so a card hydrated from /api/vehicles matches the pre-rendered one.
 */
export function imageAttributes(src: string, slot: SlotName, options: ImageOptions): ImageAttributes {
  const def: ImageSlot = SLOTS[slot];
  const box = def.frame ?? options.size ?? { width: minWidth(slot), height: Math.round((minWidth(slot) * 3) / 4) };
  const { width, height } = def.frame ? def.frame : box;
  const base: ImageAttributes = {
    src,
    alt: options.alt,
    width,
    height,
    loading: options.priority || options.eager ? 'eager' : 'lazy',
    decoding: 'async',
    ...(options.priority ? { fetchPriority: 'high' as const } : {}),
  };
  if (!throughCdn(src)) return base;
  const fileWidth = def.frame ? undefined : options.size?.width;
  const widths = slotWidths(slot, fileWidth);
  return {
    ...base,
    src: imageUrl(src, widths[widths.length - 1] ?? minWidth(slot), 'webp', qualityOf(slot)),
    srcSet: srcset(src, slot, fileWidth),
    sizes: def.sizes,
  };
}

/** The full-size view of an image (gallery dialog, the no-JavaScript thumbnail links). */
export function fullSizeUrl(src: string, fileWidth?: number): string {
  const width = Math.min(fileWidth ?? minWidth('full'), minWidth('full'));
  return imageUrl(src, width);
}

/** og:image / twitter:image: a 1200 px JPEG for raster photos (what social networks read). */
export function socialImageUrl(src: string): string {
  return imageUrl(src, minWidth('social'), 'jpg');
}

/** Alt text: the editor's when given, else the unit's or model's name. */
export function altText(name: string, given?: string): string {
  return given?.trim() || name;
}
