import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sitemapLocs } from '../../src/lib/seo/sitemap.ts';

/** A built page of the sitemap: the address it is served at and its file in dist/. */
export interface SitemapPage {
  /** Site path, e.g. "/" or "/vehicles/denago-ev-city". */
  path: string;
  /** Absolute path of the built HTML file. */
  file: string;
}

/** A problem a validator found on a page. */
export interface Finding {
  path: string;
  /** Where in the page, when the validator says (line:column, or a JSON-LD path). */
  where?: string;
  message: string;
}

/** The built file that serves a site path (the build writes /about as about.html, / as index.html). */
export function builtFile(dist: string, path: string): string {
  return path === '/' ? join(dist, 'index.html') : join(dist, `${path.replace(/^\/+|\/+$/g, '')}.html`);
}

/** Every page listed in dist/sitemap.xml, with its built file. */
export function sitemapPages(dist: string): SitemapPage[] {
  const xml = readFileSync(join(dist, 'sitemap.xml'), 'utf8');
  return sitemapLocs(xml).map((loc) => {
    const path = new URL(loc).pathname;
    return { path, file: builtFile(dist, path) };
  });
}

/** One line per finding, e.g. "/financing 1:2345 Element … not allowed". */
export function formatFinding(finding: Finding): string {
  return `  ${finding.path}${finding.where ? ` ${finding.where}` : ''}: ${finding.message}`;
}

const modelSlugs = new Set(
  (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'data', 'models.json'), 'utf8')) as { models: { slug: string }[] }).models.map((m) => m.slug),
);

/** Which page template a sitemap path is built from: a town page, the county hub, a model, a unit, or a page of its own. */
export function template(path: string): string {
  if (/^\/[^/]+-county-golf-carts$/.test(path)) return 'county';
  if (/^\/[^/]+-golf-carts$/.test(path)) return 'town';
  const unit = /^\/vehicles\/([^/]+)$/.exec(path);
  if (unit) return modelSlugs.has(unit[1] ?? '') ? 'model' : 'unit';
  return path;
}

/** The first path of each template. */
export function onePathPerTemplate(paths: readonly string[]): string[] {
  const first = new Map<string, string>();
  for (const path of paths) if (!first.has(template(path))) first.set(template(path), path);
  return [...first.values()];
}
