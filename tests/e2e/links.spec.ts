import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const HREF = /<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const decode = (href: string) => href.replace(/&amp;/g, '&').replace(/&#38;/g, '&');

/** Internal link targets of a page (path + query, no fragment), external and non-web links left out. */
function internalLinks(html: string, pageUrl: URL): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(HREF)) {
    const href = decode(match[1] ?? match[2] ?? '').trim();
    if (!href || href.startsWith('#') || /^(tel|mailto|sms|javascript):/i.test(href)) continue;
    const url = new URL(href, pageUrl);
    if (url.origin !== pageUrl.origin) continue;
    links.push(`${url.pathname}${url.search}`);
  }
  return links;
}

/** The sitemap's page URLs as paths on the server under test. */
async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/sitemap.xml', { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc = '']) => new URL(loc.trim()).pathname);
}

test('every internal link of every page ends in a 200', async ({ request, baseURL }) => {
  // Some 100 pages and every photo they link (the galleries link each full-size file).
  test.setTimeout(120_000);
  const origin = new URL(baseURL ?? 'http://localhost');
  // Start from every page the sitemap lists, the home page and the not-found page.
  const queue = ['/', ...(await sitemapPaths(request)), '/this-page-does-not-exist'];
  const crawled = new Set<string>();
  const checked = new Map<string, number>();
  const referrers = new Map<string, Set<string>>();
  let references = 0;

  while (queue.length > 0) {
    const path = queue.shift() ?? '/';
    if (crawled.has(path)) continue;
    crawled.add(path);
    const response = await request.get(path);
    const isPage = (response.headers()['content-type'] ?? '').includes('text/html');
    if (!checked.has(path)) checked.set(path, response.status());
    if (!isPage) continue;
    const fresh = new Set<string>();
    for (const link of internalLinks(await response.text(), new URL(path, origin))) {
      references++;
      const from = referrers.get(link) ?? new Set<string>();
      from.add(path);
      referrers.set(link, from);
      if (!checked.has(link)) fresh.add(link);
    }
    // A page's new links are asked for together.
    const answers = await Promise.all([...fresh].map(async (link) => [link, (await request.get(link)).status()] as const));
    for (const [link, status] of answers) {
      checked.set(link, status);
      // Links into the site lead to more pages to crawl (query strings name the same page).
      const pagePath = link.split('?')[0] ?? link;
      if (status === 200 && !crawled.has(pagePath)) queue.push(pagePath);
    }
  }

  const broken = [...referrers.keys()]
    .filter((link) => checked.get(link) !== 200)
    .sort()
    .map(
      (link) =>
        `${link} → ${checked.get(link)} (linked from ${[...(referrers.get(link) ?? [])].slice(0, 3).join(', ')}${(referrers.get(link)?.size ?? 0) > 3 ? ', …' : ''})`,
    );
  console.log(
    `link crawl: ${crawled.size} pages crawled, ${references} internal links found, ${referrers.size} distinct link targets checked, ${broken.length} broken`,
  );
  expect(referrers.size).toBeGreaterThan(40);
  expect(broken).toEqual([]);
});

test('every URL of /sitemap.xml answers 200 without a redirect, and robots.txt points at it', async ({ request }) => {
  const paths = await sitemapPaths(request);
  const failures: string[] = [];
  for (const path of paths) {
    const status = (await request.get(path, { maxRedirects: 0 })).status();
    if (status !== 200) failures.push(`${path} → ${status}`);
  }
  console.log(`sitemap.xml: ${paths.length} URLs, all checked`);
  expect(paths).toContain('/bass-river-township-golf-carts');
  expect(failures).toEqual([]);

  const robots = await request.get('/robots.txt', { maxRedirects: 0 });
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
});
