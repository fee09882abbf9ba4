import { describe, expect, it } from 'vitest';
import { altText, fullSizeUrl, IMAGE_SLOTS, imageAttributes, imageUrl, isRaster, minWidth, socialImageUrl, srcset } from './images.ts';

describe('image URLs', () => {
  it('sends raster photos of this site through the image CDN with a width and a format', () => {
    expect(imageUrl('/images/units/a/side.jpg', 800)).toBe('/.netlify/images?url=%2Fimages%2Funits%2Fa%2Fside.jpg&w=800&fm=webp');
    expect(imageUrl('/images/units/a/side.jpg', 1200, 'jpg')).toBe('/.netlify/images?url=%2Fimages%2Funits%2Fa%2Fside.jpg&w=1200&fm=jpg');
    for (const src of ['/images/a.JPG', '/images/a.jpeg', '/images/a.png', '/images/a.webp', '/images/a.avif']) expect(isRaster(src)).toBe(true);
  });

  it('serves SVG artwork as it is', () => {
    expect(imageUrl('/images/carts/denago-4.svg', 800)).toBe('/images/carts/denago-4.svg');
    expect(imageUrl('https://example.com/art.svg', 800)).toBe('https://example.com/art.svg');
    expect(isRaster('https://example.com/a.jpg')).toBe(false);
  });

  it('sends a photo at another address (from the dealer’s system) through the image CDN from its own host', () => {
    expect(imageUrl('https://photos.dms.example/carts/64f0/1.jpg', 800)).toBe(
      '/.netlify/images?url=https%3A%2F%2Fphotos.dms.example%2Fcarts%2F64f0%2F1.jpg&w=800&fm=webp',
    );
    expect(imageUrl('https://photos.dms.example/carts/64f0/1', 640)).toBe(
      '/.netlify/images?url=https%3A%2F%2Fphotos.dms.example%2Fcarts%2F64f0%2F1&w=640&fm=webp',
    );
    expect(imageAttributes('https://photos.dms.example/1.jpg', 'main', { alt: 'Cart' }).srcSet?.split(', ')).toHaveLength(5);
  });

  it('lists every width of a slot in the srcset, and stops at the file’s own width', () => {
    expect(srcset('/images/a.jpg', 'thumbnail')).toBe(
      '/.netlify/images?url=%2Fimages%2Fa.jpg&w=96&fm=webp 96w, /.netlify/images?url=%2Fimages%2Fa.jpg&w=192&fm=webp 192w',
    );
    expect(srcset('/images/a.jpg', 'hero', 1300).match(/\d+w/g)).toEqual(['640w', '960w', '1280w']);
  });

  it('needs a file as wide as the widest candidate of its slot', () => {
    expect(minWidth('card')).toBe(800);
    expect(minWidth('main')).toBe(1200);
    expect(minWidth('hero')).toBe(1920);
    for (const slot of Object.values(IMAGE_SLOTS)) expect([...slot.widths]).toEqual([...slot.widths].sort((a, b) => a - b));
  });
});

describe('image attributes', () => {
  it('gives a photo WebP candidates, sizes, the frame’s width and height, and lazy loading; card photos at quality 60', () => {
    const attrs = imageAttributes('/images/a.jpg', 'card', { alt: 'A cart' });
    expect(attrs).toMatchObject({ alt: 'A cart', width: 800, height: 600, loading: 'lazy', decoding: 'async', sizes: IMAGE_SLOTS.card.sizes });
    expect(attrs.src).toBe('/.netlify/images?url=%2Fimages%2Fa.jpg&w=800&fm=webp&q=60');
    expect(attrs.srcSet?.split(', ')).toHaveLength(4);
    expect(attrs.srcSet).toContain('&fm=webp&q=60 320w');
    expect(imageAttributes('/images/a.jpg', 'main', { alt: '' }).src).toBe('/.netlify/images?url=%2Fimages%2Fa.jpg&w=1200&fm=webp');
    expect(attrs.fetchPriority).toBeUndefined();
  });

  it('marks the LCP image high priority and never lazy', () => {
    expect(imageAttributes('/images/a.jpg', 'main', { alt: '', priority: true })).toMatchObject({ loading: 'eager', fetchPriority: 'high' });
    expect(imageAttributes('/images/a.jpg', 'card', { alt: '', eager: true })).toMatchObject({ loading: 'eager' });
    expect(imageAttributes('/images/a.jpg', 'card', { alt: '', eager: true }).fetchPriority).toBeUndefined();
  });

  it('takes width and height from the file for slots without a frame', () => {
    const attrs = imageAttributes('/images/hero.jpg', 'hero', { alt: '', size: { width: 4000, height: 3000 } });
    expect([attrs.width, attrs.height]).toEqual([4000, 3000]);
    expect(attrs.srcSet?.match(/\d+w/g)).toEqual(['640w', '960w', '1280w', '1600w', '1920w']);
  });

  it('gives SVG artwork no srcset', () => {
    const attrs = imageAttributes('/images/carts/denago-4.svg', 'card', { alt: '' });
    expect(attrs.src).toBe('/images/carts/denago-4.svg');
    expect(attrs.srcSet).toBeUndefined();
  });

  it('gives the same attributes on the server and in an island (no file sizes needed for a card)', () => {
    const server = imageAttributes('/images/a.jpg', 'card', { alt: 'A', size: { width: 4000, height: 3000 } });
    const island = imageAttributes('/images/a.jpg', 'card', { alt: 'A' });
    expect(island).toEqual(server);
  });
});

describe('other image addresses', () => {
  it('links the full-size view to at most 2000 px, or the file’s width', () => {
    expect(fullSizeUrl('/images/a.jpg', 4000)).toContain('&w=2000&');
    expect(fullSizeUrl('/images/a.jpg', 1500)).toContain('&w=1500&');
    expect(fullSizeUrl('/images/a.svg', 800)).toBe('/images/a.svg');
  });

  it('gives social networks a 1200 px JPEG', () => {
    expect(socialImageUrl('/images/units/a/side.png')).toBe('/.netlify/images?url=%2Fimages%2Funits%2Fa%2Fside.png&w=1200&fm=jpg');
  });

  it('reads alt text from the data, else the name', () => {
    expect(altText('Denago EV City', 'Front seats')).toBe('Front seats');
    expect(altText('Denago EV City', '  ')).toBe('Denago EV City');
    expect(altText('Denago EV City')).toBe('Denago EV City');
  });
});
