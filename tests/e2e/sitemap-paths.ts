import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const dist = join(root, 'dist');

/** Every page the built sitemap lists, as paths, sorted. */
export function sitemapPaths(): string[] {
  if (!existsSync(dist)) throw new Error('dist/ is missing: run `npm run build` first');
  return readdirSync(dist)
    .filter((file) => /^sitemap-\d+\.xml$/.test(file))
    .flatMap((file) => [...readFileSync(join(dist, file), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname))
    .sort();
}

/** Which template a path is built from, and one path of each: shared with the validators' sweep. */
export { onePathPerTemplate, template } from '../../scripts/validators/pages.ts';
