import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { imageSize } from 'image-size';
import { DataFileError, formatJsonPath } from '../data-file.ts';
import { altText, isRaster, minWidth, type SlotName } from '../images.ts';
import { svgDataUri } from '../site/inline-svg.ts';

/**
 * Build-time check of every image an editor references from data/*.json (docs/product.md
 * §Photos): the file exists under public/, is an image, and a raster photo is wide enough for
 * the widest slot it is shown in. Reads only the first bytes of each file (the header), so the
 * build does not slow down as photos are added; the CDN resizes them on request.
 */

export interface ImageFile {
  width: number;
  height: number;
}

interface Reference {
  file: string;
  path: readonly (string | number)[];
  src: string;
}

/** The widest slot an image is shown in, from where the data file references it. */
export function slotOf(file: string, path: readonly (string | number)[]): SlotName {
  const key = path.filter((part) => typeof part === 'string').join('.');
  if (file === 'towns.json' || (file === 'home.json' && key === 'hero.image')) return 'hero';
  if (file === 'brands.json' || key === 'logo') return 'tile';
  if (file.startsWith('units/') || file === 'models.json') return 'main';
  if (key.endsWith('hero.image')) return 'feature';
  if (file === 'rentals.json') return 'small';
  return 'card';
}

/** Every "/images/…" string in a JSON value, with its path. */
function references(file: string, value: unknown, path: (string | number)[] = []): Reference[] {
  if (typeof value === 'string') return /^\/images\/\S+\.(svg|png|jpe?g|webp|avif|gif)$/i.test(value) ? [{ file, path, src: value }] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => references(file, item, [...path, index]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => references(file, item, [...path, key]));
  return [];
}

const HEADER_BYTES = 512 * 1024;

/** Pixel size from the file's header, or undefined when it is not an image. */
function readSize(file: string): ImageFile | undefined {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(HEADER_BYTES, statSync(file).size));
    readSync(fd, buffer, 0, buffer.length, 0);
    const size = imageSize(buffer);
    return size.width && size.height ? { width: size.width, height: size.height } : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

export interface ImageCheck {
  sizes: Map<string, ImageFile>;
  problems: string[];
}

/** Checks the images referenced by the data files in `root`/data against `root`/public. */
export function checkDataImages(root: string): ImageCheck {
  const sizes = new Map<string, ImageFile>();
  const problems: string[] = [];
  const jsonIn = (folder: string) => readdirSync(join(root, 'data', folder)).filter((name) => name.endsWith('.json') && !name.endsWith('.schema.json'));
  const files = [
    ...jsonIn('').sort(),
    ...jsonIn('units')
      .sort()
      .map((name) => `units/${name}`),
  ];
  for (const file of files) {
    const json: unknown = JSON.parse(readFileSync(join(root, 'data', file), 'utf8'));
    for (const ref of references(file, json)) {
      const where = `data/${file} → ${formatJsonPath(ref.path)}`;
      const onDisk = join(root, 'public', decodeURI(ref.src));
      if (!existsSync(onDisk) || !statSync(onDisk).isFile()) {
        problems.push(`${where}: the image ${ref.src} does not exist (put the file at public${ref.src})`);
        continue;
      }
      const size = sizes.get(ref.src) ?? readSize(onDisk);
      if (!size) {
        problems.push(`${where}: public${ref.src} is not an image (expected a JPEG, PNG, WebP, AVIF or SVG file)`);
        continue;
      }
      sizes.set(ref.src, size);
      const slot = slotOf(file, ref.path);
      const needed = minWidth(slot);
      if (isRaster(ref.src) && size.width < needed) {
        problems.push(
          `${where}: public${ref.src} is ${size.width} × ${size.height} px, too small: it is shown as a ${slot} image, which needs at least ${needed} px wide`,
        );
      }
    }
  }
  return { sizes, problems };
}

/** Throws one error listing every problem, in the style of the data file errors. */
export function assertDataImages(check: ImageCheck): void {
  if (check.problems.length === 0) return;
  const n = check.problems.length;
  throw new DataFileError(`Image problem${n === 1 ? '' : 's'} in data/ (${n}):\n${check.problems.map((line) => `  • ${line}`).join('\n')}`);
}

const checked = checkDataImages(process.cwd());
assertDataImages(checked);

/** The pixel size of a checked image referenced from data/, for width/height and srcset limits. */
export function imageFile(src: string): ImageFile | undefined {
  return checked.sizes.get(src);
}

/** The gallery's images: each with its alt text (the editor's, else `name`) and pixel size. */
export function galleryImages(name: string, srcs: readonly string[], alts: readonly string[] = []) {
  return srcs.map((src, index) => ({
    src,
    alt: altText(name, alts[index]),
    ...imageFile(src),
    // The first picture is the page's largest paint: small SVG art travels inside the page.
    ...(index === 0 ? inlineable(src) : {}),
  }));
}

/** SVG art this small is inlined as a data: address where it is the page's largest paint (docs/product.md §Speed). */
export const INLINE_SVG_MAX_BYTES = 4096;

function inlineable(src: string): { inline?: string } {
  const uri = svgDataUri(src, INLINE_SVG_MAX_BYTES);
  return uri ? { inline: uri } : {};
}
