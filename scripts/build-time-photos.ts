// `npm run bench:photos`: `astro build` time of a copy of the site with no raster photo in its
// data, then of a copy with 300 more (2400 × 1800 JPEG, about 17 per unit). The build reads
// only each photo's header (the CDN resizes on request), so the two times should be alike.
import { rmSync } from 'node:fs';
import { buildSite, copySite, createPhotoSite } from './photo-site.ts';
import { tool } from '../src/lib/settings/tools.ts';

const PHOTOS = tool('PHOTOS') ?? 300;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const runs: [string, () => Promise<string> | string][] = [
  ['no raster photo (shipped SVG artwork)', () => copySite()],
  [`${PHOTOS} raster photos more (plus the 21 photo fixtures)`, () => createPhotoSite({ extra: PHOTOS })],
];
const results: string[] = [];
for (const [label, make] of runs) {
  const dir = await make();
  try {
    results.push(`${label}: ${seconds(buildSite(dir))}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(`astro build time\n  ${results.join('\n  ')}`);
