import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schema as importSchema } from '../../../data/schemas/import.ts';
import { NETLIFY_BUILD_CONFIG, writeRemoteImages } from '../../integrations/remote-images.ts';
import { feedPhoto, photoHostProblem, remoteImagePatterns } from './remote-images.ts';

const HOSTS = ['photos.dms.example'];

describe("a feed's photo address", () => {
  it.each([
    ['https://photos.dms.example/carts/1.jpg', 'https://photos.dms.example/carts/1.jpg'],
    ['HTTPS://Photos.DMS.Example./carts/1.jpg', 'https://photos.dms.example/carts/1.jpg'],
    ['https://photos.dms.example/a b.jpg?w=1', 'https://photos.dms.example/a%20b.jpg?w=1'],
    ['/images/units/cart-1/1.jpg', '/images/units/cart-1/1.jpg'],
  ])('%s is kept as %s', (address, src) => expect(feedPhoto(address, HOSTS)).toEqual({ ok: true, src }));

  it.each([
    ['https://169.254.169.254/latest/meta-data/', 'names an IP address (169.254.169.254)'],
    ['https://127.0.0.1/a.jpg', 'names an IP address (127.0.0.1)'],
    ['https://10.0.0.5/a.jpg', 'names an IP address (10.0.0.5)'],
    ['https://[::1]/a.jpg', 'names an IP address ([::1])'],
    ['https://[::ffff:127.0.0.1]/a.jpg', 'names an IP address ([::ffff:7f00:1])'],
    ['https://[::ffff:a9fe:a9fe]/a.jpg', 'names an IP address ([::ffff:a9fe:a9fe])'],
    ['https://2130706433/a.jpg', 'names an IP address (127.0.0.1)'],
    ['https://0177.0.0.1/a.jpg', 'names an IP address (127.0.0.1)'],
    ['https://0x7f.0.0.1/a.jpg', 'names an IP address (127.0.0.1)'],
    ['https://0xa9fea9fe/a.jpg', 'names an IP address (169.254.169.254)'],
    ['https://127.1/a.jpg', 'names an IP address (127.0.0.1)'],
    ['https://127.0.0.1./a.jpg', 'names an IP address (127.0.0.1)'],
    ['https://localhost/a.jpg', 'is on localhost, which is not one of'],
    ['https://localhost./a.jpg', 'is on localhost, which is not one of'],
    ['https://photos.dms.example@127.0.0.1/a.jpg', 'carries a user name or password'],
    ['https://photos.dms.example:x@169.254.169.254/a.jpg', 'carries a user name or password'],
    ['https://127.0.0.1\\@photos.dms.example/a.jpg', 'names an IP address (127.0.0.1)'],
    ['https://127.0.0.1#@photos.dms.example/a.jpg', 'names an IP address (127.0.0.1)'],
    ['https://photos.dms.example.evil.example/a.jpg', 'is on photos.dms.example.evil.example, which is not one of'],
    ['https://evilphotos.dms.example/a.jpg', 'is on evilphotos.dms.example, which is not one of'],
    ['https://photos.dms.example:8443/a.jpg', 'names a port'],
    ['http://photos.dms.example/a.jpg', 'is not an https:// address'],
    ['//photos.dms.example/a.jpg', 'is not an address'],
    ['file:///etc/passwd', 'is not an https:// address'],
    ['photos.dms.example/a.jpg', 'is not an address'],
  ])('%s is refused: %s', (address, why) => {
    const checked = feedPhoto(address, HOSTS);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.reason).toContain(why);
  });

  it('is refused on every host while the settings list none, saying where to list one', () => {
    const checked = feedPhoto('https://photos.dms.example/a.jpg', []);
    expect(!checked.ok && checked.reason).toBe(
      'the photo address "https://photos.dms.example/a.jpg" is on photos.dms.example, which is not one of the import settings\' photo hosts (none yet): add it under "photoHosts" if the dealer\'s photos are kept there',
    );
  });
});

describe("the import settings' photo hosts", () => {
  it.each(['photos.dms.example', 'cdn.dealer-photos.com', 'xn--bcher-kva.example'])('take %s', (host) => expect(photoHostProblem(host)).toBeUndefined());

  it.each([
    '169.254.169.254',
    '127.0.0.1',
    '10.0.0.5',
    '2130706433',
    '0x7f.0x1',
    '[::1]',
    '::1',
    'localhost',
    'printer.local',
    'metadata.google.internal',
    'a.home.arpa',
    'photos',
    '-a.example',
  ])('refuse %s', (host) => {
    expect(photoHostProblem(host)).toBeDefined();
    expect(importSchema.safeParse({ source: 'dms', photoHosts: [host] }).success).toBe(false);
  });

  it('are read in lower case', () =>
    expect(importSchema.parse({ source: 'dms', photoHosts: [' Photos.DMS.Example '] }).photoHosts).toEqual(['photos.dms.example']));
});

describe("the image CDN's allow-list of photo hosts", () => {
  it('holds the listed hosts, once each, as patterns, and nothing else', () => {
    expect(remoteImagePatterns(['photos.dms.example', 'Photos.DMS.example', 'cdn.sheet.example', '169.254.169.254', 'localhost'])).toEqual([
      'https://cdn\\.sheet\\.example/.*',
      'https://photos\\.dms\\.example/.*',
    ]);
  });

  it("is written into the build's Netlify configuration, keeping what else it holds, and nothing without a host", () => {
    const root = mkdtempSync(join(tmpdir(), 'remote-images-'));
    try {
      expect(writeRemoteImages(root, [])).toEqual([]);
      expect(() => readFileSync(join(root, NETLIFY_BUILD_CONFIG))).toThrow();
      mkdirSync(join(root, '.netlify', 'v1'), { recursive: true });
      writeFileSync(join(root, NETLIFY_BUILD_CONFIG), JSON.stringify({ redirects: [{ from: '/a', to: '/b' }] }));
      writeRemoteImages(root, ['photos.dms.example']);
      expect(JSON.parse(readFileSync(join(root, NETLIFY_BUILD_CONFIG), 'utf8'))).toEqual({
        redirects: [{ from: '/a', to: '/b' }],
        images: { remote_images: ['https://photos\\.dms\\.example/.*'] },
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
