// Lighthouse 13 (mobile, simulated slow 4G) on one page per template, measured as a visitor
// meets them: the build is served by `netlify serve --offline` behind a proxy that compresses
// like Netlify's CDN (gzip or brotli), next to a floor page (one request: the home page's hero
// text and nothing else) served through the same proxy. Each page runs RUNS times (default 3),
// each run right after a run of the floor, and the medians are printed: score, LCP, TBT, CLS,
// bytes, LCP over the floor's LCP (the median of the pairs' ratios), every run's CPU benchmark
// index, and a table of each template's main-thread work by kind beside the floor's. Exits 1
// when a template scores below 100 or paints its LCP later than MAX_RATIO × the floor, and 2
// (no verdict) when the median benchmark index is below MIN_BENCHMARK.
//   npm run perf                  builds and serves the site itself
//   BASE_URL=http://localhost:8888 npm run perf     measures a running `npm start` instead
//   RUNS=5 npm run perf          more runs per page
//   ONLY=home,contact npm run perf               some templates only
//   CPU_SLOWDOWN=1 npm run perf  network cost only, for a machine busy with other work
import { vehicles } from '../src/lib/data/vehicles.ts';
import { createServer as createHttpServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CPU_SLOWDOWN, FLOOR_PATH, lighthouseSession, median, WORK_KINDS, type PageRun } from './lighthouse-session.ts';
import { freePort } from './free-port.ts';
import { buildSite } from './photo-site.ts';
import { servedSite } from './served-site.ts';
import { tool } from '../src/lib/settings/tools.ts';

/** A template's LCP may be at most this many times the floor page's LCP. */
export const MAX_RATIO = 1.3;
const RUNS = tool('RUNS') ?? 3;
/**
 * Lighthouse's mobile CPU slowdown (4) assumes an idle desktop-class machine. On a machine busy
 * with other work the observed tasks are already slow; CPU_SLOWDOWN=1 then compares pages by
 * their network cost alone (never use it for the verdict).
 */

const root = join(import.meta.dirname, '..');
const firstUnit = vehicles.find((unit) => unit.status === 'available')?.id;

export const TEMPLATES: [string, string][] = [
  ['home', '/'],
  ['inventory', '/new-inventory'],
  ['unit', `/vehicles/${firstUnit}`],
  ['model', '/vehicles/denago-ev-city'],
  ['town', '/bass-river-township-golf-carts'],
  ['contact', '/contact'],
  ['rentals', '/rentals'],
  ['financing', '/financing'],
  ['compare', '/compare'],
  ['about', '/about'],
  ['street-use-guide', '/street-legal-golf-carts-nj'],
  ['buying-guide', '/golf-cart-buying-guide'],
];

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json|ld\+json)|image\/svg\+xml)/;
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The floor page: one request, the home page's hero heading and lead paragraph, nothing else. */
export function floorPage(homeHtml: string): string {
  const text = (html: string) =>
    escapeHtml(
      html
        .replace(/<[^>]+>/g, '')
        .replace(/&amp;/g, '&')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  const heading = text(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(homeHtml)?.[1] ?? 'Golf carts');
  const lead = text(/<\/h1>[\s\S]*?<p[^>]*>([\s\S]*?)<\/p>/.exec(homeHtml)?.[1] ?? '');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title><meta name="description" content="Floor page"></head><body><h1>${heading}</h1><p>${lead}</p></body></html>`;
}

/** Compresses a response body as the CDN does: brotli when the browser accepts it, else gzip. */
function compress(body: Buffer, acceptEncoding: string): { body: Buffer; encoding?: string } {
  if (/\bbr\b/.test(acceptEncoding)) return { body: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding: 'br' };
  if (/\bgzip\b/.test(acceptEncoding)) return { body: gzipSync(body, { level: 6 }), encoding: 'gzip' };
  return { body };
}

function send(res: ServerResponse, req: IncomingMessage, status: number, headers: Record<string, string | string[] | undefined>, raw: Buffer) {
  const type = String(headers['content-type'] ?? '');
  const out = { ...headers };
  delete out['content-length'];
  delete out['transfer-encoding'];
  delete out['connection'];
  let body = raw;
  if (COMPRESSIBLE.test(type) && raw.length > 0 && !headers['content-encoding']) {
    const compressed = compress(raw, String(req.headers['accept-encoding'] ?? ''));
    body = compressed.body;
    if (compressed.encoding) {
      out['content-encoding'] = compressed.encoding;
      out['vary'] = 'Accept-Encoding';
    }
  }
  out['content-length'] = String(body.length);
  res.writeHead(status, out);
  res.end(body);
}

/** A compressing reverse proxy in front of `upstream`, which also answers the floor page. */
export async function startProxy(upstream: URL): Promise<{ url: string; close: () => void }> {
  const home = await (await fetch(new URL('/', upstream))).text();
  const floor = Buffer.from(floorPage(home));
  const port = await freePort();
  const server = createHttpServer((req, res) => {
    if (req.url === FLOOR_PATH) {
      send(res, req, 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }, floor);
      return;
    }
    const headers = { ...req.headers, host: upstream.host };
    delete headers['accept-encoding'];
    const upstreamRequest = request(new URL(req.url ?? '/', upstream), { method: req.method, headers }, (upstreamResponse) => {
      const chunks: Buffer[] = [];
      upstreamResponse.on('data', (chunk: Buffer) => chunks.push(chunk));
      upstreamResponse.on('end', () => send(res, req, upstreamResponse.statusCode ?? 502, upstreamResponse.headers, Buffer.concat(chunks)));
    });
    upstreamRequest.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstreamRequest);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://localhost:${port}`, close: () => server.close() };
}

/** Below this benchmark index the machine is too slow or too busy for Lighthouse's 4× slowdown to mean anything. */
export const MIN_BENCHMARK = 1500;

if (import.meta.main) {
  if (!tool('BASE_URL')) {
    console.log('Building the site, then serving it as `npm start` does (scripts/served-site.ts) …');
    buildSite(root);
  }
  const site = await servedSite();
  const upstream = site.base;
  const proxy = await startProxy(new URL(upstream));
  console.log(`Compressing proxy on ${proxy.url}; ${RUNS} run(s) per page; load average ${(await import('node:os')).loadavg()[0]?.toFixed(1)}`);
  const session = await lighthouseSession(proxy.url, RUNS);
  // Stopped early (Ctrl-C): leave no browser or server behind.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      session.close();
      void site.stop().then(() => process.exit(130));
    });
  }

  const results: [string, string, PageRun][] = [];
  try {
    const only = tool('ONLY');
    for (const [template, path] of TEMPLATES) if (!only || only.includes(template)) results.push([template, path, await session.measure(path)]);
  } finally {
    session.close();
    proxy.close();
    await site.stop();
  }
  results.unshift(['floor', FLOOR_PATH, session.floor()]);
  const benchmarks = session.benchmarks();

  const failures: string[] = [];
  const rows = results.map(([template, path, run]) => {
    if (template !== 'floor') {
      if (run.score < 100) failures.push(`${template} (${path}) scores ${run.score}`);
      if (run.ratio > MAX_RATIO) failures.push(`${template} (${path}) LCP is ${run.ratio.toFixed(2)}× the floor`);
    }
    return [
      template,
      path,
      String(run.score),
      `${(run.lcp / 1000).toFixed(2)} s`,
      `${Math.round(run.tbt)} ms`,
      run.cls.toFixed(3),
      `${(run.bytes / 1024).toFixed(1)} KB`,
      `${run.ratio.toFixed(2)}×`,
    ];
  });
  const head = ['template', 'page', 'score', 'LCP', 'TBT', 'CLS', 'bytes', 'LCP/floor'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\n${line(head)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const row of rows) console.log(line(row));
  console.log(
    `\nMedians of ${RUNS} run(s) per page, each after a run of the floor (LCP/floor is the median of those pairs); Lighthouse's CPU benchmark index ${Math.round(median(benchmarks))} (a quiet machine gives more; a busy one inflates TBT and LCP)${CPU_SLOWDOWN ? `; CPU slowdown ${CPU_SLOWDOWN}×, not Lighthouse's 4×` : ''}; limits: score 100, LCP ≤ ${MAX_RATIO}× the floor.`,
  );
  const workHead = ['template', ...Object.keys(WORK_KINDS), 'total'];
  const workRows = results.map(([template, , run]) => {
    const values = Object.values(run.work);
    return [template, ...values.map((ms) => `${Math.round(ms)} ms`), `${Math.round(values.reduce((a, b) => a + b, 0))} ms`];
  });
  const workWidths = workHead.map((h, i) => Math.max(h.length, ...workRows.map((r) => (r[i] ?? '').length)));
  const workLine = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(workWidths[i] ?? 0)).join(' | ')} |`;
  console.log(`\nMain-thread work (medians, ms at the simulated 4× slowdown):\n${workLine(workHead)}\n| ${workWidths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const row of workRows) console.log(workLine(row));

  const slowest = Math.min(...benchmarks);
  if (median(benchmarks) < MIN_BENCHMARK) {
    console.error(
      `\nNo verdict: the median benchmark index was ${Math.round(median(benchmarks))} (slowest run ${Math.round(slowest)}), below ${MIN_BENCHMARK}: this machine is too slow or too busy for Lighthouse's figures to mean anything. Run again on a quiet machine.`,
    );
    process.exit(2);
  }
  for (const failure of failures) console.error(`✗ ${failure}`);
  process.exit(failures.length ? 1 : 0);
}
