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
import { spawn } from 'node:child_process';
import { vehicles } from '../src/lib/data/vehicles.ts';
import { createServer as createHttpServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import { freePort } from './free-port.ts';

/** A template's LCP may be at most this many times the floor page's LCP. */
export const MAX_RATIO = 1.3;
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
/**
 * Lighthouse's mobile CPU slowdown (4) assumes an idle desktop-class machine. On a machine busy
 * with other work the observed tasks are already slow; CPU_SLOWDOWN=1 then compares pages by
 * their network cost alone (never use it for the verdict).
 */
const CPU_SLOWDOWN = process.env.CPU_SLOWDOWN ? Number(process.env.CPU_SLOWDOWN) : undefined;
const FLOOR_PATH = '/__perf-floor';

const root = join(import.meta.dirname, '..');
const firstUnit = vehicles.find((unit) => unit.status === 'available')?.id;

const TEMPLATES: [string, string][] = [
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
];

async function waitFor(url: string, ms = 300_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

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

interface Run {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  /** Lighthouse's CPU benchmark index of the run (higher is faster). */
  benchmark: number;
  /** Main-thread time by kind of work, in ms at the simulated slowdown (Lighthouse's groups). */
  work: Record<WorkKind, number>;
}

/** The kinds of main-thread work the table shows, from Lighthouse's `mainthread-work-breakdown` groups. */
const WORK_KINDS = {
  parse: ['parseHTML'],
  'style & layout': ['styleLayout'],
  scripts: ['scriptEvaluation', 'scriptParseCompile', 'garbageCollection'],
  'paint & images': ['paintCompositeRender'],
  other: ['other'],
} as const;
type WorkKind = keyof typeof WORK_KINDS;

/** Below this benchmark index the machine is too slow or too busy for Lighthouse's 4× slowdown to mean anything. */
export const MIN_BENCHMARK = 1500;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** Each figure's median over the runs. */
function medianRun(runs: Run[]): Run {
  const of = (key: 'score' | 'lcp' | 'tbt' | 'cls' | 'bytes' | 'benchmark') => median(runs.map((r) => r[key]));
  const work = Object.fromEntries(Object.keys(WORK_KINDS).map((kind) => [kind, median(runs.map((r) => r.work[kind as WorkKind]))])) as Record<WorkKind, number>;
  return { score: of('score'), lcp: of('lcp'), tbt: of('tbt'), cls: of('cls'), bytes: of('bytes'), benchmark: of('benchmark'), work };
}

if (import.meta.main) {
  let server: ReturnType<typeof spawn> | undefined;
  let upstream = process.env.BASE_URL;
  if (!upstream) {
    const [port, staticPort, functionsPort] = [await freePort(), await freePort(), await freePort()];
    upstream = `http://localhost:${port}`;
    console.log(`Building and serving the site on ${upstream} (netlify serve --offline) …`);
    server = spawn(
      'netlify',
      ['serve', '--offline', '--port', String(port), '--staticServerPort', String(staticPort), '--functions-port', String(functionsPort)],
      { cwd: root, env: { ...process.env, BROWSER: 'none', ASTRO_TELEMETRY_DISABLED: '1' }, stdio: 'ignore', detached: true },
    );
    await waitFor(`${upstream}/api/health`);
  }
  const proxy = await startProxy(new URL(upstream));
  console.log(`Compressing proxy on ${proxy.url}; ${RUNS} run(s) per page; load average ${(await import('node:os')).loadavg()[0]?.toFixed(1)}`);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  // Stopped early (Ctrl-C): leave no browser or server behind.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      chrome.kill();
      if (server?.pid) process.kill(-server.pid, 'SIGTERM');
      process.exit(130);
    });
  }

  const measureOnce = async (path: string, attempt = 1): Promise<Run> => {
    const result = await lighthouse(new URL(path, proxy.url).href, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(CPU_SLOWDOWN ? { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    const { categories, audits, runtimeError } = result.lhr;
    // A busy machine now and then spoils a trace (NO_NAVSTART, NO_FCP): run that page again.
    if (runtimeError && attempt < 3) return measureOnce(path, attempt + 1);
    if (runtimeError) throw new Error(`Lighthouse failed on ${path}: ${runtimeError.code} ${runtimeError.message}`);
    const num = (id: string) => audits[id]?.numericValue ?? 0;
    const groups = (audits['mainthread-work-breakdown']?.details as { items?: { group: string; duration: number }[] } | undefined)?.items ?? [];
    const work = Object.fromEntries(
      Object.entries(WORK_KINDS).map(([kind, ids]) => [
        kind,
        groups.filter((item) => (ids as readonly string[]).includes(item.group)).reduce((sum, item) => sum + item.duration, 0),
      ]),
    ) as Record<WorkKind, number>;
    benchmarks.push(result.lhr.environment.benchmarkIndex);
    return {
      benchmark: result.lhr.environment.benchmarkIndex,
      work,
      score: Math.round((categories.performance?.score ?? 0) * 100),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      bytes: num('total-byte-weight'),
    };
  };
  // Other work on the machine slows Lighthouse's observed CPU tasks, and with them the simulated
  // LCP. So each run of a template follows a run of the floor, and the ratio is taken per pair:
  // a busy minute slows both.
  const floorRuns: Run[] = [];
  const benchmarks: number[] = [];
  const measure = async (path: string): Promise<Run & { ratio: number }> => {
    const runs: Run[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const floor = await measureOnce(FLOOR_PATH);
      const run = await measureOnce(path);
      floorRuns.push(floor);
      runs.push(run);
      ratios.push(run.lcp / floor.lcp);
    }
    console.log(
      `  ${path}: LCP ${runs.map((r, i) => `${(r.lcp / 1000).toFixed(2)} s (${ratios[i]?.toFixed(2)}×)`).join(', ')}; score ${runs.map((r) => r.score).join(', ')}; TBT ${runs.map((r) => Math.round(r.tbt)).join(', ')} ms; benchmark index ${runs.map((r) => Math.round(r.benchmark)).join(', ')} (floor ${floorRuns
        .slice(-RUNS)
        .map((r) => Math.round(r.benchmark))
        .join(', ')})`,
    );
    return { ...medianRun(runs), ratio: median(ratios) };
  };

  const results: [string, string, Run & { ratio: number }][] = [];
  try {
    const only = process.env.ONLY?.split(',');
    for (const [template, path] of TEMPLATES) if (!only || only.includes(template)) results.push([template, path, await measure(path)]);
  } finally {
    chrome.kill();
    proxy.close();
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  }
  results.unshift(['floor', FLOOR_PATH, { ...medianRun(floorRuns), ratio: 1 }]);

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
