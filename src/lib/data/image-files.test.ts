import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataFileError } from '../data-file.ts';
import { assertDataImages, checkDataImages, galleryImages, imageFile, slotOf } from './image-files.ts';

/** A site folder with data/ and public/ as an editor would leave them. */
const root = mkdtempSync(join(tmpdir(), 'image-files-'));
const put = (path: string, content: string | Buffer) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
};

beforeAll(async () => {
  const jpeg = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
  put('public/images/units/a/side.jpg', await jpeg(1600, 1200));
  put('public/images/units/a/small.jpg', await jpeg(640, 480));
  put('public/images/units/a/notes.jpg', 'not a photo');
  put('public/images/art.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60"/>');
  put(
    'public/images/hero.png',
    await sharp({ create: { width: 2000, height: 1000, channels: 4, background: '#0000' } })
      .png()
      .toBuffer(),
  );
  put(
    'data/units/a.json',
    JSON.stringify({
      $schema: '../schemas/units.schema.json',
      photos: ['/images/units/a/side.jpg', '/images/art.svg', '/images/units/a/small.jpg', '/images/units/a/missing.jpg', '/images/units/a/notes.jpg'].map(
        (src) => ({ src, alt: '' }),
      ),
    }),
  );
  put('data/home.json', JSON.stringify({ hero: { image: '/images/hero.png', text: '/images/ is where photos go' } }));
  put('data/units.schema.json', JSON.stringify({ default: '/images/nowhere.jpg' }));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('images referenced from data/', () => {
  it('names file, JSON path and problem for a missing file, a file that is not an image and a photo too small for its slot', () => {
    const { problems } = checkDataImages(root);
    expect(problems).toEqual([
      'data/units/a.json → photos[2].src: public/images/units/a/small.jpg is 640 × 480 px, too small: it is shown as a main image, which needs at least 1200 px wide',
      'data/units/a.json → photos[3].src: the image /images/units/a/missing.jpg does not exist (put the file at public/images/units/a/missing.jpg)',
      'data/units/a.json → photos[4].src: public/images/units/a/notes.jpg is not an image (expected a JPEG, PNG, WebP, AVIF or SVG file)',
    ]);
  });

  it('reads the pixel size of photos and artwork from their headers', () => {
    const { sizes } = checkDataImages(root);
    expect(sizes.get('/images/units/a/side.jpg')).toEqual({ width: 1600, height: 1200 });
    expect(sizes.get('/images/art.svg')).toEqual({ width: 80, height: 60 });
    expect(sizes.get('/images/hero.png')).toEqual({ width: 2000, height: 1000 });
  });

  it('stops the build with one error listing every problem', () => {
    const check = checkDataImages(root);
    expect(() => assertDataImages(check)).toThrow(DataFileError);
    expect(() => assertDataImages(check)).toThrow(/Image problems in data\/ \(3\):\n {2}• data\/units\/a\.json → photos\[2\]\.src/);
    expect(() => assertDataImages({ sizes: new Map(), problems: [] })).not.toThrow();
  });

  it('checks each image against the widest slot it is shown in', () => {
    expect(slotOf('units/a.json', ['photos', 2, 'src'])).toBe('main');
    expect(slotOf('models.json', ['models', 3, 'gallery', 0])).toBe('main');
    expect(slotOf('home.json', ['hero', 'image'])).toBe('hero');
    expect(slotOf('towns.json', ['townPage', 'backgrounds', 4])).toBe('hero');
    expect(slotOf('brands.json', ['brands', 0, 'logo'])).toBe('tile');
    expect(slotOf('brand-pages.json', ['denago', 'hero', 'image'])).toBe('feature');
    expect(slotOf('brand-pages.json', ['evolution', 'featured', 'items', 0, 'image'])).toBe('card');
  });

  it('passes every image the shipped data references, and knows its size', () => {
    expect(checkDataImages(process.cwd()).problems).toEqual([]);
    expect(imageFile('/images/carts/evolution-4.svg')).toEqual({ width: 800, height: 600 });
  });

  it('gives each gallery image the editor’s alt text or the name', () => {
    const images = galleryImages('Denago EV City', ['/images/carts/denago-4.svg', '/images/carts/views/denago-4-front.svg'], ['Side view']);
    expect(images).toEqual([
      // The first picture, small SVG art, also as a data: address for the page's largest paint.
      { src: '/images/carts/denago-4.svg', alt: 'Side view', width: 800, height: 600, inline: expect.stringMatching(/^data:image\/svg\+xml,%3Csvg%20/) },
      { src: '/images/carts/views/denago-4-front.svg', alt: 'Denago EV City', width: 800, height: 600 },
    ]);
  });
});
