import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NETLIFY_BUILD_CONFIG, writeRemoteImages } from '../../integrations/remote-images.ts';
import { photoHostsOf, remoteImagePatterns } from './remote-images.ts';

describe("the image CDN's allow-list of photo hosts", () => {
  it('lists the hosts of the import settings and of the remote photos on the lot, once each, as patterns', () => {
    const units = [
      { photos: [{ src: 'https://Photos.DMS.example/a.jpg' }, { src: '/images/carts/a.svg' }] },
      { photos: [{ src: 'https://cdn.sheet.example/b' }, { src: 'https://photos.dms.example/c.jpg' }] },
    ];
    expect(photoHostsOf(units)).toEqual(['photos.dms.example', 'cdn.sheet.example']);
    expect(remoteImagePatterns(['photos.dms.example', ...photoHostsOf(units)])).toEqual([
      'https://cdn\\.sheet\\.example/.*',
      'https://photos\\.dms\\.example/.*',
    ]);
  });

  it("writes them into the build's Netlify configuration, keeping what else it holds, and nothing without any", () => {
    const root = mkdtempSync(join(tmpdir(), 'remote-images-'));
    try {
      expect(writeRemoteImages(root, [], [{ photos: [{ src: '/images/a.jpg' }] }])).toEqual([]);
      expect(() => readFileSync(join(root, NETLIFY_BUILD_CONFIG))).toThrow();
      mkdirSync(join(root, '.netlify', 'v1'), { recursive: true });
      writeFileSync(join(root, NETLIFY_BUILD_CONFIG), JSON.stringify({ redirects: [{ from: '/a', to: '/b' }] }));
      writeRemoteImages(root, ['photos.dms.example'], []);
      expect(JSON.parse(readFileSync(join(root, NETLIFY_BUILD_CONFIG), 'utf8'))).toEqual({
        redirects: [{ from: '/a', to: '/b' }],
        images: { remote_images: ['https://photos\\.dms\\.example/.*'] },
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
