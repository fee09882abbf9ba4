import { describe, expect, it } from 'vitest';
import { isSitemapPage, mergeSitemaps, robotsTxt, sitemapLocs } from './sitemap.ts';

describe('isSitemapPage', () => {
  it.each([
    ['https://www.example.com/', true],
    ['https://www.example.com/new-inventory', true],
    ['https://www.example.com/bass-river-township-golf-carts', true],
    ['https://www.example.com/vehicles/denago-ev-city', true],
    ['https://www.example.com/404', false],
    ['https://www.example.com/inventory', false],
    ['https://www.example.com/thank-you', false],
    ['https://www.example.com/thank-you/', false],
    ['https://www.example.com/vehicles/404', false],
    ['https://www.example.com/vehicles/not-found', false],
  ])('%s → %s', (url, listed) => expect(isSitemapPage(url)).toBe(listed));
});

describe('mergeSitemaps', () => {
  const chunk = (locs: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${locs
      .map((l) => `<url><loc>${l}</loc></url>`)
      .join('')}</urlset>`;

  it('puts every URL of every chunk in one urlset, in order', () => {
    const merged = mergeSitemaps([chunk(['https://a.test/', 'https://a.test/x']), chunk(['https://a.test/y'])]);
    expect(sitemapLocs(merged)).toEqual(['https://a.test/', 'https://a.test/x', 'https://a.test/y']);
    expect(merged).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9" xmlns:xhtml=/);
    expect(merged.match(/<urlset/g)).toHaveLength(1);
    expect(merged.endsWith('</urlset>')).toBe(true);
  });

  it('reads the locs of a sitemap index', () => {
    const index =
      '<sitemapindex><sitemap><loc>https://a.test/sitemap-0.xml</loc></sitemap><sitemap><loc> https://a.test/sitemap-1.xml </loc></sitemap></sitemapindex>';
    expect(sitemapLocs(index)).toEqual(['https://a.test/sitemap-0.xml', 'https://a.test/sitemap-1.xml']);
  });
});

describe('robotsTxt', () => {
  it('points at /sitemap.xml on the configured site and keeps crawlers out of the API', () => {
    const text = robotsTxt('https://www.example.com');
    expect(text.split('\n')).toEqual(['User-agent: *', 'Allow: /', 'Disallow: /api/', '', 'Sitemap: https://www.example.com/sitemap.xml', '']);
  });
});
