import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dealer } from '../../src/lib/data/dealer.ts';
import { isAdminPage } from '../../src/lib/site/security-headers.ts';
import { sitemapLocs } from '../../src/lib/seo/sitemap.ts';
import { auditPages, auditSitemap, readHead, type BuiltPage } from './seo-audit.ts';

const dist = join(import.meta.dirname, '..', '..', 'dist');
// The same rule as astro.config.mjs: SITE_URL wins, else the dealer's website.
const site = process.env.SITE_URL || dealer.website;
// docs/product.md §Routes: /inventory serves the inventory, whose canonical is /new-inventory.
const alternates = { '/inventory': '/new-inventory' };

function builtPages(): BuiltPage[] {
  if (!existsSync(join(dist, 'index.html'))) throw new Error('dist/ is missing: run `npm run build` before the unit tests');
  return (
    readdirSync(dist, { recursive: true, encoding: 'utf8' })
      // The editors' admin is no public page (docs/editors.md §Admin).
      .filter((file) => file.endsWith('.html') && !isAdminPage(file))
      .map((file) => {
        const path = `/${relative(dist, join(dist, file))
          .replace(/\\/g, '/')
          .replace(/\.html$/, '')
          .replace(/(^|\/)index$/, '')}`;
        return { path: path.length > 1 ? path.replace(/\/$/, '') : '/', html: readFileSync(join(dist, file), 'utf8') };
      })
      .sort((a, b) => a.path.localeCompare(b.path))
  );
}

describe('built HTML, every page', () => {
  const pages = builtPages();

  it('has lang, one unique title, description and absolute canonical, social tags and JSON-LD that parses', () => {
    console.log(`SEO audit: ${pages.length} built pages`);
    expect(auditPages(pages, { site, alternates })).toEqual([]);
  });

  it('emits the 41 town pages and no other *-golf-carts page', () => {
    const towns = pages.filter((p) => p.path.endsWith('-golf-carts'));
    expect(towns).toHaveLength(41);
    expect(towns.map((p) => p.path)).toContain('/burlington-county-golf-carts');
  });

  it('gives every town page BreadcrumbList, AutoDealer and Service JSON-LD with areaServed naming the town', () => {
    for (const page of pages.filter((p) => p.path.endsWith('-golf-carts'))) {
      const blocks = readHead(page.html).jsonLd.map((b) => JSON.parse(b) as Record<string, any>);
      expect(blocks.map((b) => b['@type']).sort(), page.path).toEqual(['AutoDealer', 'BreadcrumbList', 'Service']);
      const crumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList')?.itemListElement as { item: string }[];
      expect(crumbs.at(-1)?.item).toBe(new URL(page.path, site).href);
      for (const type of ['AutoDealer', 'Service']) {
        const served = (blocks.find((b) => b['@type'] === type)?.areaServed as { name?: string }[]).map((a) => a.name);
        expect(served, `${page.path} ${type}`).toContain('Burlington County');
        const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(page.html)?.[1] ?? '';
        const town = /Golf Carts in (.+), NJ/.exec(h1)?.[1];
        expect(
          served.some((name) => name?.startsWith(town ?? '?')),
          `${page.path} ${type} areaServed names ${town}`,
        ).toBe(true);
      }
    }
  });
});

describe('sitemap.xml and robots.txt', () => {
  const pages = builtPages();

  it('lists every public page once in /sitemap.xml, and nothing else', () => {
    const locs = sitemapLocs(readFileSync(join(dist, 'sitemap.xml'), 'utf8'));
    console.log(`sitemap.xml: ${locs.length} URLs`);
    expect(locs.length).toBeGreaterThanOrEqual(42);
    expect(auditSitemap(locs, pages, { site, alternates })).toEqual([]);
    for (const path of ['/', '/burlington-county-golf-carts', '/bass-river-township-golf-carts']) expect(locs).toContain(new URL(path, site).href);
    for (const path of ['/404', '/inventory', '/thank-you']) expect(locs).not.toContain(new URL(path, site).href);
  });

  it('lists the same URLs in the sitemap index chunks', () => {
    const chunks = sitemapLocs(readFileSync(join(dist, 'sitemap-index.xml'), 'utf8')).flatMap((loc) =>
      sitemapLocs(readFileSync(join(dist, new URL(loc).pathname), 'utf8')),
    );
    expect(chunks).toEqual(sitemapLocs(readFileSync(join(dist, 'sitemap.xml'), 'utf8')));
  });

  it('robots.txt points at /sitemap.xml on the configured site', () => {
    const robots = readFileSync(join(dist, 'robots.txt'), 'utf8');
    expect(robots).toContain(`Sitemap: ${new URL('/sitemap.xml', site).href}`);
    expect(robots).toMatch(/^User-agent: \*$/m);
  });
});
