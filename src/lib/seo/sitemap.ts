/**
 * What the sitemap lists and the robots.txt that points at it. Pure functions; the build
 * integration in src/integrations/sitemap-xml.ts does the file work.
 */

/** Pages that exist but are not public entry points: error pages, the confirmation pages,
 * /inventory, whose canonical is /new-inventory (docs/product.md §Routes), the editors' admin and the dealer's inbox. */
const EXCLUDED_PATHS = new Set(['/404', '/500', '/inventory', '/thank-you', '/alerts/check-your-inbox', '/admin', '/admin/leads']);
/** Not-found screens under any folder, such as /vehicles/404. */
const NOT_FOUND_PAGE = /(^|\/)(404|500|not-found)$/;
/** A unit's question form (docs/product.md §Units): a step from its unit page, not an entry point. */
const UNIT_QUESTION_PAGE = /^\/vehicles\/[^/]+\/ask$/;

/** Whether a page address belongs in the sitemap; `unlisted` paths (sold units' pages) never do. */
export function isSitemapPage(url: string | URL, unlisted: ReadonlySet<string> = new Set()): boolean {
  const path = new URL(url, 'https://site.invalid').pathname.replace(/(.)\/+$/, '$1');
  return !EXCLUDED_PATHS.has(path) && !NOT_FOUND_PAGE.test(path) && !UNIT_QUESTION_PAGE.test(path) && !unlisted.has(path);
}

/** Every <loc> of a sitemap or sitemap index, in order. */
export function sitemapLocs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc = '']) => loc.trim());
}

/** One <urlset> holding every <url> of the given sitemap chunks (what /sitemap.xml serves). */
export function mergeSitemaps(chunks: readonly string[]): string {
  const first = chunks[0] ?? '';
  const open = /<urlset\b[^>]*>/.exec(first)?.[0] ?? '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
  const urls = chunks.flatMap((chunk) => chunk.match(/<url>[\s\S]*?<\/url>/g) ?? []);
  return `<?xml version="1.0" encoding="UTF-8"?>${open}${urls.join('')}</urlset>`;
}

/** robots.txt: crawl everything but the API, and find the pages in /sitemap.xml. */
export function robotsTxt(site: URL | string): string {
  const sitemap = new URL('/sitemap.xml', site).href;
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${sitemap}`, ''].join('\n');
}
