// Size budget of every built page: HTML, the CSS and JS it loads before any interaction, and
// its images. Prints a table and exits 1 when a page is over budget. Run after `npm run build`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { deferredStylesheetOf } from '../src/lib/site/critical-css.ts';
import { isAdminPage } from '../src/lib/site/security-headers.ts';
import { imageBudgetAtFirstView } from './image-budget.ts';

const dist = resolve(import.meta.dirname, '..', 'dist');
const KB = 1024;

/**
 * Budgets (docs/speed.md gives the reasons). `flight`: the page as the CDN sends it (brotli)
 * with its headers must fit a new connection's first TCP flight (10 segments of 1460 bytes),
 * or it paints a round trip after the floor page. The rest in gzipped bytes: the inline
 * critical CSS travels in that flight; the whole stylesheet and the island runtime come after
 * load; no page loads React before its load event.
 */
export const BUDGET = { flight: 10 * 1460, html: 40 * KB, css: 6 * KB, deferredCss: 12 * KB, js: 2 * KB, afterLoadJs: 90 * KB, leadFormAfterLoadJs: 96 * KB };

/**
 * A lead form's island (one that posts to /api/…) carries the one intake's client side, the
 * form's schema checks (zod/mini) and the submit path, about 13 KB more than another island
 * (docs/product.md §Quality).
 */
const LEAD_FORM_ISLAND = /component-url="[^"]*\/(?:ContactForm|ReservationForm|PartsForm|TradeInForm|ServiceForm|UnitQuestionForm)\./;
/** What a page's response headers weigh as sent (security headers, CSP, caching), measured. */
export const HEADERS_BYTES = 1150;

const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
/** Brotli as the compressing proxy of `npm run perf` sends it (quality 5). */
const br = (text: string | Buffer) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;

/** Every public page: the editors' admin is not one (it loads the whole admin, docs/editors.md §Admin). */
function pages(dir = dist): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !isAdminPage(relative(dist, file)));
}

function routeOf(file: string): string {
  const path = `/${relative(dist, file).replace(/\.html$/, '')}`;
  return path === '/index' ? '/' : path.replace(/\/index$/, '');
}

/** A built module and every module it statically imports. */
function moduleGraph(url: string, seen = new Set<string>()): Set<string> {
  if (seen.has(url)) return seen;
  seen.add(url);
  const file = join(dist, url);
  if (!existsSync(file)) return seen;
  const code = readFileSync(file, 'utf8');
  for (const match of code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
    moduleGraph(resolve('/', dirname(url), match[1] ?? '').replace(/\\/g, '/'), seen);
  }
  return seen;
}

export interface PageFigures {
  route: string;
  /** Brotli HTML plus headers: what the first flight must carry. */
  sent: number;
  html: number;
  deferredCss: number;
  css: number;
  js: number;
  afterLoadJs: number;
  deferredJs: number;
  images: number;
  imageCount: number;
  problems: string[];
}

export function measure(file: string): PageFigures {
  const html = readFileSync(file, 'utf8');
  const route = routeOf(file);
  const problems: string[] = [];

  // The inline critical CSS blocks the first paint; the whole stylesheet (named by the page's
  // <noscript> link, added by its loader) comes when the page is idle. A stylesheet linked
  // outside <noscript> would block the first paint: it counts as critical.
  const withoutNoscript = html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
  const linked = [...withoutNoscript.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => readFileSync(join(dist, m[1] ?? '')));
  const inlined = [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
  const css = gz(Buffer.concat([...linked, ...inlined.map((body) => Buffer.from(body))]));
  const deferredHref = deferredStylesheetOf(html);
  const deferredCss = deferredHref && existsSync(join(dist, deferredHref)) ? gz(readFileSync(join(dist, deferredHref))) : 0;

  // JavaScript at first view: inline scripts, module scripts, and islands whose Astro directive
  // may hydrate them before the load event (load, idle, visible, media). After load: islands with
  // client:interaction="idle" or "visible". On interaction: plain client:interaction islands.
  const firstView = new Set<string>();
  const afterLoad = new Set<string>();
  const deferred = new Set<string>();
  let inline = 0;
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? '';
    if (/application\/ld\+json/.test(attrs)) continue;
    const src = /src="([^"]+)"/.exec(attrs)?.[1];
    if (src) moduleGraph(src, firstView);
    else inline += gz(m[2] ?? '');
    // The page's loader fetches the island runtime when the page is idle (src/first-paint/page-loader.ts).
    const runtime = /\sdata-runtime="([^"]+)"/.exec(attrs)?.[1];
    if (runtime) moduleGraph(runtime, afterLoad);
  }
  for (const m of html.matchAll(/<astro-island([^>]*)>/g)) {
    const attrs = m[1] ?? '';
    const urls = [...attrs.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)].map((u) => u[1] ?? '');
    const when = /client="interaction"/.test(attrs) ? (/opts="[^"]*&quot;value&quot;:&quot;(idle|visible)&quot;/.exec(attrs)?.[1] ?? 'interaction') : 'first';
    const target = when === 'first' ? firstView : when === 'interaction' ? deferred : afterLoad;
    for (const url of urls) moduleGraph(url, target);
  }
  const size = (set: Set<string>) => [...set].reduce((sum, url) => sum + (existsSync(join(dist, url)) ? gz(readFileSync(join(dist, url))) : 0), 0);
  const js = inline + size(firstView);
  const afterLoadJs = size(new Set([...afterLoad].filter((u) => !firstView.has(u))));
  const deferredJs = size(new Set([...deferred].filter((u) => !firstView.has(u) && !afterLoad.has(u))));

  let images = 0;
  const imgs = [...html.matchAll(/<img\s[^>]*>/g)].map((m) => m[0]);
  for (const tag of imgs) {
    const src = /\ssrc="([^"]+)"/.exec(tag)?.[1] ?? '';
    if (!/\swidth="\d+"/.test(tag) || !/\sheight="\d+"/.test(tag)) problems.push(`<img src="${src}"> has no width/height`);
    if (src.startsWith('/') && existsSync(join(dist, src))) images += statSync(join(dist, src)).size;
  }
  const priority = imgs.filter((tag) => /fetchpriority="high"/.test(tag));
  if (priority.length > 1) problems.push(`${priority.length} images have fetchpriority="high" (at most one)`);
  for (const tag of priority) if (/loading="lazy"/.test(tag)) problems.push('the fetchpriority="high" image is lazy');

  const sent = br(html) + HEADERS_BYTES;
  if (sent > BUDGET.flight) problems.push(`sent ${kb(sent)} > ${kb(BUDGET.flight)} (the first flight)`);
  if (gz(html) > BUDGET.html) problems.push(`HTML ${kb(gz(html))} > ${kb(BUDGET.html)}`);
  if (css > BUDGET.css) problems.push(`critical CSS ${kb(css)} > ${kb(BUDGET.css)}`);
  if (deferredCss > BUDGET.deferredCss) problems.push(`whole stylesheet ${kb(deferredCss)} > ${kb(BUDGET.deferredCss)}`);
  if (js > BUDGET.js) problems.push(`JS at first view ${kb(js)} > ${kb(BUDGET.js)}`);
  const afterLoadBudget = LEAD_FORM_ISLAND.test(html) ? BUDGET.leadFormAfterLoadJs : BUDGET.afterLoadJs;
  if (afterLoadJs > afterLoadBudget) problems.push(`JS after load ${kb(afterLoadJs)} > ${kb(afterLoadBudget)}`);
  return { route, sent, html: gz(html), css, deferredCss, js, afterLoadJs, deferredJs, images, imageCount: imgs.length, problems };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

if (import.meta.main) {
  if (!existsSync(dist)) {
    console.error('dist/ is missing: run `npm run build` first');
    process.exit(1);
  }
  const figures = pages()
    .map(measure)
    .sort((a, b) => a.route.localeCompare(b.route));
  const rows = figures.map((f) => [
    f.route,
    kb(f.sent),
    kb(f.html),
    kb(f.css),
    kb(f.deferredCss),
    kb(f.js),
    kb(f.afterLoadJs),
    kb(f.deferredJs),
    `${f.imageCount} / ${kb(f.images)}`,
    f.problems.length ? 'OVER' : 'ok',
  ]);
  const head = [
    'page',
    'sent (br + headers)',
    'HTML gz',
    'critical CSS gz',
    'stylesheet gz (idle)',
    'JS gz (first view)',
    'JS gz (after load)',
    'JS gz (on interaction)',
    'images (raw)',
    'budget',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  console.log(line(head));
  for (const row of rows) console.log(line(row));
  console.log(
    `\nBudgets: as sent (brotli + ${kb(HEADERS_BYTES)} of headers) ≤ ${kb(BUDGET.flight)}, the first TCP flight; gzip: HTML ≤ ${kb(BUDGET.html)}, critical CSS ≤ ${kb(BUDGET.css)}, whole stylesheet ≤ ${kb(BUDGET.deferredCss)}, JS at first view ≤ ${kb(BUDGET.js)}, JS after load ≤ ${kb(BUDGET.afterLoadJs)} (${kb(BUDGET.leadFormAfterLoadJs)} with a lead form)`,
  );
  const over = figures.filter((f) => f.problems.length);
  for (const f of over) console.error(`✗ ${f.route}: ${f.problems.join('; ')}`);
  console.log(`${figures.length - over.length} passed, ${over.length} failed`);
  // Images as a phone downloads them at first view, through the served build and its image CDN.
  const imagesOver = await imageBudgetAtFirstView(dist);
  process.exit(over.length || imagesOver ? 1 : 0);
}
