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
  const referrers = new Map<string, Set<string>>();
  let references = 0;

  // Each address is asked for once (a page found by a link is crawled from that answer), eight
  // at a time, with Node's fetch: the crawl is HTTP only, like a crawler's.
  const answers = new Map<string, Promise<{ status: number; html?: string }>>();
  let running = 0;
  const waiting: (() => void)[] = [];
  const answer = (path: string) => {
    let known = answers.get(path);
    if (!known) {
      known = (async () => {
        if (running >= 8) await new Promise<void>((resolve) => waiting.push(resolve));
        running++;
        try {
          const response = await fetch(new URL(path, origin));
          const isPage = (response.headers.get('content-type') ?? '').includes('text/html');
          if (!isPage) await response.body?.cancel();
          return { status: response.status, html: isPage ? await response.text() : undefined };
        } finally {
          running--;
          waiting.shift()?.();
        }
      })();
      answers.set(path, known);
    }
    return known;
  };
  const crawled = new Set<string>();
  const crawl = async (path: string): Promise<void> => {
    if (crawled.has(path)) return;
    crawled.add(path);
    const { html } = await answer(path);
    if (html === undefined) return;
    const links = internalLinks(html, new URL(path, origin));
    for (const link of links) {
      references++;
      const from = referrers.get(link) ?? new Set<string>();
      from.add(path);
      referrers.set(link, from);
    }
    await Promise.all(
      [...new Set(links)].map(async (link) => {
        // Links into the site lead to more pages to crawl (query strings name the same page).
        if ((await answer(link)).status === 200) await crawl(link.split('?')[0] ?? link);
      }),
    );
  };
  // Start from every page the sitemap lists, the home page and the not-found page.
  await Promise.all(['/', ...(await sitemapPaths(request)), '/this-page-does-not-exist'].map(crawl));
  const checked = new Map(await Promise.all([...referrers.keys()].map(async (link) => [link, (await answer(link)).status] as const)));

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
