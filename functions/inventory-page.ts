import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { inventoryIslandProps } from '../src/components/inventory/inventory-island.ts';
import InventoryResults, { CountLine } from '../src/components/inventory/InventoryResults.tsx';
import InventoryFilter from '../src/islands/InventoryFilter.tsx';
import { asIslandHtml, replaceIslandHtml } from '../src/first-paint/astro-islands.ts';
import { listedVehicles } from '../src/lib/data/lot.ts';
import { inventoryFilterKeys } from '../src/lib/data/stores.ts';
import { filterVehicles, sortVehicles } from '../src/lib/inventory/filter.ts';
import { listPage, PAGE_PARAM, stateFromUrl, urlOfState } from '../src/lib/inventory/pages.ts';
import { toInventoryItem } from '../src/lib/inventory/vehicles-client.ts';
import { deferredStylesheetOf, withCriticalCss } from '../src/lib/site/critical-css.ts';
import { BASE_SECURITY_HEADERS, withStylePolicy } from '../src/lib/site/security-headers.ts';
import { etagOf, methodNotAllowed, notModified } from './lib/http/responses.ts';
import { ownOrigin } from './lib/http/origin.ts';

/** Browsers check again on every visit (as they do for the pre-rendered pages). */
export const CACHE_BROWSER = 'public, max-age=0, must-revalidate';
/**
 * Netlify's CDN keeps each filtered page in its durable cache, shared by every edge, keyed on
 * the filter parameters only (utm_source and the like share one copy). The lot only changes
 * with a deploy, which purges it: 1 h, then refreshed in the background for a day.
 */
export const CACHE_CDN = 'public, durable, s-maxage=3600, stale-while-revalidate=86400';
export const CDN_VARY = `query=${[...inventoryFilterKeys, PAGE_PARAM].join('|')}`;
/** How long the pre-rendered page may take to arrive before the visitor is sent to it instead. */
export const PAGE_TIMEOUT_MS = 5000;

const ALLOWED = ['GET', 'HEAD'] as const;
/** The two addresses of the page (docs/product.md §Routes); anything else reads as the canonical one. */
const PAGES = ['/new-inventory', '/inventory'];

/** Headers of the pre-rendered page that describe that body or its caching, not this answer. */
const NOT_PASSED = new Set([
  'accept-ranges',
  'age',
  'cache-control',
  'cache-status',
  'cdn-cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'netlify-cdn-cache-control',
  'netlify-vary',
  'server',
  'set-cookie',
  'transfer-encoding',
  'vary',
  'x-nf-request-id',
  'x-powered-by',
]);

/**
 * The page with the inventory island's server-rendered HTML replaced by `render(prefix)`, where
 * `prefix` is the island's React id prefix (the browser hydrates with it, so useId must match);
 * undefined when the page has no inventory island.
 */
export function replaceIsland(html: string, render: (prefix: string) => string): string | undefined {
  // The island's script is named after src/islands/InventoryFilter.tsx.
  return replaceIslandHtml(html, 'InventoryFilter', render);
}

const lot = listedVehicles.map(toInventoryItem);

/** Static HTML handed to an island as a named slot, as @astrojs/react renders one (the browser reads it back from the page). */
const astroSlot = (name: string, html: string) =>
  createElement('astro-slot', { name, suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: html } });

/**
 * The inventory island as the server renders it for an address, as Astro renders it on the
 * pre-rendered pages: the filter bar showing the address's filters, and as its static slots the
 * count line and the page of the filtered, sorted lot the address asks for (?page=).
 */
export function renderIsland(path: string, query: string, prefix: string): string {
  const { filters, page } = stateFromUrl('', query, inventoryIslandProps.choices);
  const matched = sortVehicles(filterVehicles(lot, filters, inventoryIslandProps.priceEdges), filters.sort);
  const list = listPage(matched, page);
  const island = createElement(InventoryFilter, {
    ...inventoryIslandProps,
    action: path,
    requestQuery: query,
    summary: astroSlot('summary', renderToString(createElement(CountLine, { matched: matched.length, total: lot.length }))),
    results: astroSlot(
      'results',
      renderToString(createElement(InventoryResults, { list, hrefOf: (n: number) => urlOfState({ filters, page: n }, path, query) })),
    ),
  });
  return asIslandHtml(renderToString(island, { identifierPrefix: prefix }));
}

/** The plain page, when the filtered one cannot be made: never a 5xx for a visitor's address. */
function toPlainPage(path: string, reason: string): Response {
  console.error(`[inventory] Filtered page not rendered, sent to ${path}: ${reason}.`);
  return new Response(null, { status: 302, headers: { Location: path, 'Cache-Control': 'no-store', ...BASE_SECURITY_HEADERS } });
}

/**
 * The page's inline critical CSS made again for the filtered markup (an empty state, say, uses
 * classes the unfiltered page has not), with its style policy to match. Without the whole
 * stylesheet the page keeps the pre-rendered CSS, which the stylesheet completes once loaded.
 */
async function restyled(html: string, url: URL): Promise<string> {
  const href = deferredStylesheetOf(html);
  // Only the site's own stylesheet: its CSS becomes inline CSS under the page's policy.
  if (!href || new URL(href, url).origin !== url.origin) return html;
  try {
    const sheet = await fetch(new URL(href, url), { signal: AbortSignal.timeout(PAGE_TIMEOUT_MS) });
    if (!sheet.ok) {
      await sheet.body?.cancel();
      return html;
    }
    return withStylePolicy(withCriticalCss(html, await sheet.text()));
  } catch (error) {
    console.error(`[inventory] Critical CSS not made for the filtered page: ${error instanceof Error ? error.message : 'unknown error'}.`);
    return html;
  }
}

/**
 * The inventory with the filters of its address (docs/product.md §Inventory), for visitors
 * without JavaScript, crawlers and shared links. Netlify sends here the /new-inventory and
 * /inventory addresses that carry a filter parameter (the rewrites of src/lib/routing/redirects.ts).
 * It asks its own site (functions/lib/http/origin.ts: an origin from the environment, never the
 * request's Host) for the pre-rendered page (that address has no filter, so it is the
 * static file: this build's HTML, styles, scripts and structured data) and replaces the
 * island's HTML with the island rendered for the request's query: the list filtered and sorted,
 * the count line, the empty state and the form showing the choice. Unknown values read as the
 * defaults, as in the browser. The page's headers (its Content-Security-Policy among them) pass
 * through: its inline scripts are unchanged, so their hashes still hold; its inline CSS is
 * made again for the new markup, under a style policy of its own.
 */
export default async function inventoryPage(request: Request): Promise<Response> {
  if (!(ALLOWED as readonly string[]).includes(request.method)) return methodNotAllowed(ALLOWED);
  const url = new URL(request.url);
  const path = PAGES.find((page) => url.pathname === page || url.pathname === `${page}/`) ?? PAGES[0]!;
  // The page and its stylesheet come from the site's own origin, never the one the Host header names.
  const origin = ownOrigin(url);

  let page: Response;
  try {
    page = await fetch(new URL(path, origin), { headers: { Accept: 'text/html' }, signal: AbortSignal.timeout(PAGE_TIMEOUT_MS) });
  } catch (error) {
    return toPlainPage(path, `the page could not be fetched (${error instanceof Error ? error.message : 'unknown error'})`);
  }
  if (page.status !== 200) {
    await page.body?.cancel();
    return toPlainPage(path, `the page answered ${page.status}`);
  }

  let body: string | undefined;
  try {
    const html = await page.text();
    body = replaceIsland(html, (prefix) => renderIsland(path, url.search, prefix));
  } catch (error) {
    return toPlainPage(path, `the page could not be rendered (${error instanceof Error ? error.message : 'unknown error'})`);
  }
  if (body === undefined) return toPlainPage(path, 'the page has no inventory island');
  body = await restyled(body, new URL(path, origin));

  const headers = new Headers();
  for (const [name, value] of page.headers) if (!NOT_PASSED.has(name)) headers.set(name, value);
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  if (!headers.has('content-type')) headers.set('Content-Type', 'text/html; charset=utf-8');
  const etag = etagOf(body);
  headers.set('ETag', etag);
  headers.set('Cache-Control', CACHE_BROWSER);
  headers.set('Netlify-CDN-Cache-Control', CACHE_CDN);
  headers.set('Netlify-Vary', CDN_VARY);

  if (notModified(request, etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
}
