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
