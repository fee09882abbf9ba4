// A copy of the site whose data references real raster photos (large JPEG, PNG with alpha, a
// portrait), generated here, so the photo tests (in the copy of scripts/copy-site.ts) and
// `npm run bench:photos` measure what the image CDN sends for photos rather than for the shipped
// SVG artwork. The helpers that copy, build and serve a site are shared by the other copies.
//
//   node scripts/photo-site.ts --port 8890         copy + photos, build, serve until stopped
//   node scripts/photo-site.ts --photos 300 --port 8890   … with 300 more photos in the data
//   node scripts/photo-site.ts --units 100 --port 8890    … with the lot grown to 100 listed units (scripts/grow-lot.ts)
//
// The copy lives in a temporary folder (node_modules is linked, not copied) and is removed on exit.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import sharp, { type Sharp } from 'sharp';
import { growLot } from './grow-lot.ts';
import { startServedSite } from './served-site.ts';

const root = resolve(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const SKIP = new Set(['node_modules', 'dist', '.git', '.netlify', '.astro', 'test-results', 'playwright-report', 'blob-report']);

/** The unit whose page shows every kind of photo, and the files the fixtures put in the data. */
export const PHOTO_UNIT = 'evo-d5-maverick-4-plus-sky-blue';
export const PHOTO_FIXTURES = {
  landscape: { path: `/images/units/${PHOTO_UNIT}/side.jpg`, width: 4000, height: 3000 },
  cutout: { path: `/images/units/${PHOTO_UNIT}/cutout.png`, width: 2400, height: 1800 },
  portrait: { path: `/images/units/${PHOTO_UNIT}/portrait.jpg`, width: 3000, height: 4000 },
  hero: { path: '/images/home/hero.jpg', width: 4000, height: 3000 },
} as const;

/**
 * A photo-like picture: colour fields with grain (noise upscaled 6×, so it survives resizing as
 * detail does in a real photo), a horizon and a cart shape. 4000 × 3000 comes out near 1.5 MB.
 */
export async function photo(width: number, height: number, seed: number): Promise<Sharp> {
  const hue = (seed * 67) % 360;
  const noise = (w: number, h: number, sigma: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } })
      .png()
      .toBuffer();
  const grain = await sharp(await noise(Math.round(width / 6), Math.round(height / 6), 16))
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const shapes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 300" preserveAspectRatio="none">
      <rect width="400" height="170" fill="hsl(${hue} 55% 70%)" fill-opacity=".55"/>
      <rect y="170" width="400" height="130" fill="hsl(${(hue + 90) % 360} 35% 35%)" fill-opacity=".6"/>
      <rect x="110" y="120" width="180" height="70" rx="14" fill="hsl(${(hue + 180) % 360} 70% 40%)"/>
      <rect x="120" y="70" width="160" height="10" fill="#222"/>
      <circle cx="150" cy="200" r="24" fill="#111"/><circle cx="260" cy="200" r="24" fill="#111"/>
    </svg>`,
  );
  return sharp(await noise(64, 48, 45))
    .resize(width, height, { kernel: 'cubic' })
    .composite([{ input: shapes }, { input: grain, raw: { width, height, channels: 3 }, blend: 'overlay' }]);
}

async function cutout(width: number, height: number): Promise<Buffer> {
  const shape = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 300">
      <rect x="90" y="110" width="220" height="90" rx="18" fill="#b91c1c"/><rect x="100" y="60" width="200" height="12" fill="#1f2937"/>
      <circle cx="140" cy="210" r="30" fill="#111827"/><circle cx="270" cy="210" r="30" fill="#111827"/>
    </svg>`,
  );
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: shape }])
    .png()
    .toBuffer();
}

/** The part of a unit file (data/units/{id}.json) the photo site changes. */
interface UnitJson {
  photos: { src: string; alt?: string }[];
}

/** A copy of the site in a temporary folder (node_modules linked). */
export function copySite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'photo-site-'));
  cpSync(root, dir, { recursive: true, filter: (src) => !SKIP.has(src.slice(root.length + 1).split('/')[0] ?? '') });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/**
 * Copies the site into a temporary folder, grows its lot to `units` listed units when given, and
 * puts the photos in its data (addPhotos).
 */
export async function createPhotoSite({ extra = 0, units = 0 }: { extra?: number; units?: number } = {}): Promise<string> {
  const dir = copySite();
  growLot(dir, units);
  await addPhotos(dir, extra);
  return dir;
}

/**
 * Puts the photo fixtures (and `extra` more photos) in the data of the site in `dir`: the unit
 * PHOTO_UNIT gets the three fixtures, every other unit a main photo of its own, the home page the hero.
 */
export async function addPhotos(dir: string, extra = 0): Promise<void> {
  const write = async (path: string, image: Sharp | Buffer) => {
    const file = join(dir, 'public', path);
    mkdirSync(join(file, '..'), { recursive: true });
    if (Buffer.isBuffer(image)) writeFileSync(file, image);
    else await image.toFile(file);
  };

  const { landscape, cutout: png, portrait, hero } = PHOTO_FIXTURES;
  const mainPhoto = await (await photo(4000, 3000, 1)).jpeg({ quality: 85 }).toBuffer();
  await write(landscape.path, mainPhoto);
  await write(png.path, await cutout(png.width, png.height));
  await write(portrait.path, (await photo(portrait.width, portrait.height, 2)).jpeg({ quality: 85 }));
  await write(hero.path, (await photo(hero.width, hero.height, 3)).jpeg({ quality: 85 }));

  const unitsDir = join(dir, 'data', 'units');
  const unitFiles = readdirSync(unitsDir).sort();
  const extraPhoto = extra > 0 ? await (await photo(2400, 1800, 4)).jpeg({ quality: 80 }).toBuffer() : undefined;
  for (const [index, name] of unitFiles.entries()) {
    const id = name.replace(/\.json$/, '');
    const file = join(unitsDir, name);
    const unit = JSON.parse(readFileSync(file, 'utf8')) as UnitJson;
    const artwork = unit.photos.slice(1, 3);
    // No text of their own, as the admin saves a photo whose text is left empty: the page reads the unit's name.
    const photoOf = (src: string) => ({ src });
    if (id === PHOTO_UNIT) {
      unit.photos = [...[landscape.path, png.path, portrait.path].map(photoOf), ...artwork];
    } else {
      // Every other unit gets a main photo of its own (same pixels, its own address).
      const path = `/images/units/${id}/main.jpg`;
      await write(path, mainPhoto);
      unit.photos = [photoOf(path), ...artwork];
    }
    if (extraPhoto) {
      for (let n = index; n < extra; n += unitFiles.length) {
        const path = `/images/units/${id}/extra-${n}.jpg`;
        await write(path, extraPhoto);
        unit.photos.push(photoOf(path));
      }
    }
    writeFileSync(file, JSON.stringify(unit, null, 2));
  }

  const homeFile = join(dir, 'data', 'home.json');
  const home = JSON.parse(readFileSync(homeFile, 'utf8')) as { hero: { image: string } };
  home.hero.image = hero.path;
  writeFileSync(homeFile, JSON.stringify(home, null, 2));
}

/** `astro build` in `dir` (a copy of the site, or the site itself); returns the wall-clock milliseconds. */
export function buildSite(dir: string): number {
  const started = performance.now();
  const result = spawnSync(bin('astro'), ['build'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error(`astro build failed in ${dir}`);
  return performance.now() - started;
}

/** The options every copy takes beside its own: where it is served (`--port`, `--static-port` and `--functions-port`). */
export const PORT_OPTIONS = { 'static-port': { type: 'string' }, 'functions-port': { type: 'string' } } as const;

/** The ports of `--port`, `--static-port` and `--functions-port`, the last two the next ones after the first by default. */
export function portsOf(values: { port?: string; 'static-port'?: string; 'functions-port'?: string }) {
  const port = Number(values.port);
  return { port, static: Number(values['static-port'] ?? port + 1), functions: Number(values['functions-port'] ?? port + 2) };
}

/** Serves the copy in `dir` (scripts/served-site.ts) until a signal; then stops the server and, once it has exited (it writes to the copy while stopping), removes the copy. */
export async function serveUntilStopped(dir: string, ports: { port: number; static: number; functions: number }): Promise<never> {
  const site = await startServedSite({ dir, ports });
  const stop = () => void site.stop();
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  const code = await site.exited;
  rmSync(dir, { recursive: true, force: true });
  process.exit(code);
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '8890' }, ...PORT_OPTIONS, photos: { type: 'string', default: '0' }, units: { type: 'string', default: '0' } },
  });
  const dir = await createPhotoSite({ extra: Number(values.photos), units: Number(values.units) });
  try {
    buildSite(dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  await serveUntilStopped(dir, portsOf(values));
}
