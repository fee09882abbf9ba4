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

const modelSlugs = new Set((JSON.parse(readFileSync(join(root, 'data', 'models.json'), 'utf8')) as { models: { slug: string }[] }).models.map((m) => m.slug));

/** Which page template a sitemap path is built from: a town page, the county hub, a model, a unit, or a page of its own. */
export function template(path: string): string {
  if (/^\/[^/]+-county-golf-carts$/.test(path)) return 'county';
  if (/^\/[^/]+-golf-carts$/.test(path)) return 'town';
  const unit = /^\/vehicles\/([^/]+)$/.exec(path);
  if (unit) return modelSlugs.has(unit[1] ?? '') ? 'model' : 'unit';
  return path;
}

/** The first sitemap path of each template. */
export function onePathPerTemplate(paths: readonly string[]): string[] {
  const first = new Map<string, string>();
  for (const path of paths) if (!first.has(template(path))) first.set(template(path), path);
  return [...first.values()];
}
