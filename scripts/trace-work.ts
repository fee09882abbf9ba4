// `npm run trace:work`: what the main thread does while a page loads and settles, per template, from
// a DevTools trace (docs/speed.md §What the main thread does). Chromium (the full browser, as
// `npm run perf`) at a phone's size with the CPU slowed 4× through the Tracing domain, the page
// served with its headers (dist/_headers: its policy) and compressed as the CDN does (the proxy of
// `npm run perf`); each run a new tab, traced from the navigation until the page's idle work is
// done. The trace is read with Lighthouse's own task model (the tasks and groups of its
// `mainthread-work-breakdown`, at the real slowdown instead of a multiplied one), and the medians
// of RUNS runs are printed: the groups, the trace events with the most self time, the scripts, and
// the page's top-level tasks of 10 ms or more.
//
// Before and after side by side: DIRS=dist-before,dist serves each built folder with a small static
// server (the `/*` headers of its _headers, pretty addresses) and runs them in turn, A B A B, so a
// busy minute slows both. A benchmark, not a test.
//   npm run trace:work
//   ONLY=home,rentals RUNS=5 npm run trace:work
//   DIRS=/tmp/dist-before,dist ONLY=home npm run trace:work
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { chromium, type Browser } from '@playwright/test';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import { freePort } from './free-port.ts';
import { median } from './lighthouse-session.ts';
import { startProxy, TEMPLATES } from './perf.ts';
import { servedSite } from './served-site.ts';
import { tool } from '../src/lib/settings/tools.ts';

const RUNS = tool('RUNS') ?? 3;
const CPU_SLOWDOWN = 4;
/** After the load event, how long the page is left to do its idle work (the loader's idle, the islands' idle hydration). */
const SETTLE_MS = 5000;
/** Lighthouse's trace categories (lighthouse/core/gather/gatherers/trace.js), less the screenshots. */
const CATEGORIES = [
  'disabled-by-default-lighthouse',
  'loading',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'blink.console',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-devtools.timeline.frame',
  'latencyInfo',
  'toplevel',
];

interface TaskNode {
  event: { name: string; args?: { data?: { url?: string } } };
  startTime: number;
  duration: number;
  selfTime: number;
  group: { id: string };
  parent?: TaskNode;
  children: TaskNode[];
  attributableURLs: string[];
}

/** One traced load: ms of self time by group, by trace event and by script, and the long top-level tasks. */
interface Work {
  groups: Map<string, number>;
  events: Map<string, number>;
  scripts: Map<string, number>;
  tasks: string[];
  total: number;
  /** Elements whose style was computed and layout objects laid out, summed over the load: work counted, whatever the machine's speed. */
  styled: number;
  laidOut: number;
}

const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);

/** The child events of a task that took the most time, as "Layout 31, UpdateLayoutTree 12". */
function inside(task: TaskNode): string {
  const totals = new Map<string, number>();
  const walk = (node: TaskNode) => {
    add(totals, node.event.name, node.selfTime);
    node.children.forEach(walk);
  };
  walk(task);
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, ms]) => `${name} ${Math.round(ms)}`)
    .join(', ');
}

const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/_astro\/([\w-]+)\.[\w-]+\.js$/, '/_astro/$1.js') || '(page)';

export function summarise(trace: { traceEvents: unknown[] }): Work {
  const processed = TraceProcessor.processTrace(trace as never);
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  ) as unknown as TaskNode[];
  const work: Work = { groups: new Map(), events: new Map(), scripts: new Map(), tasks: [], total: 0, styled: 0, laidOut: 0 };
  for (const event of processed.mainThreadEvents as { name: string; args?: { elementCount?: number; beginData?: { dirtyObjects?: number } } }[]) {
    if (event.name === 'UpdateLayoutTree') work.styled += event.args?.elementCount ?? 0;
    if (event.name === 'Layout') work.laidOut += event.args?.beginData?.dirtyObjects ?? 0;
  }
  for (const task of tasks) {
    add(work.groups, task.group.id, task.selfTime);
    add(work.events, task.event.name, task.selfTime);
    work.total += task.selfTime;
    if (task.parent) continue;
    const url = task.attributableURLs.find((u) => u.startsWith('http'));
    if (url) add(work.scripts, shortUrl(url), task.duration);
    if (task.duration >= 10)
      work.tasks.push(`${Math.round(task.startTime)} ms: ${Math.round(task.duration)} ms (${inside(task)})${url ? ` ${shortUrl(url)}` : ''}`);
  }
  return work;
}

/** A built folder served as Netlify serves its static pages: pretty addresses and the headers its _headers gives each address (read by Netlify's own parser). */
export async function staticSite(dir: string): Promise<{ base: string; close: () => void }> {
  const root = resolve(dir);
  const parsed = await parseAllHeaders({ headersFiles: [join(root, '_headers')], configHeaders: [], minimal: false });
  if (parsed.errors.length > 0) throw new Error(`${root}/_headers: ${parsed.errors.map(String).join('; ')}`);
  const rules = parsed.headers as Header[];
  const headersFor = (path: string): Record<string, string> =>
    Object.assign({}, ...rules.filter((rule) => rule.forRegExp.test(path)).map((rule) => rule.values));
  const TYPES: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
    '.json': 'application/json',
    '.webp': 'image/webp',
    '.avif': 'image/avif',
    '.jpg': 'image/jpeg',
    '.png': 'image/png',
    '.woff2': 'font/woff2',
  };
  const port = await freePort();
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const candidates = path.endsWith('/') ? [`${path}index.html`] : extname(path) ? [path] : [`${path}.html`, `${path}/index.html`];
    void (async () => {
      for (const candidate of candidates) {
        const file = join(root, candidate);
        if (!file.startsWith(root)) break;
        const body = await readFile(file).catch(() => undefined);
        if (!body) continue;
        res.writeHead(200, {
          ...headersFor(path),
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'cache-control': file.includes('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        });
        res.end(body);
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    })();
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { base: `http://localhost:${port}`, close: () => server.close() };
}

async function traceOnce(browser: Browser, url: string, attempt = 1): Promise<Work> {
  // Lighthouse's phone (a Moto G Power: 412 × 823 at 1.75).
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(SETTLE_MS);
  const buffer = await browser.stopTracing();
  await context.close();
  try {
    return summarise(JSON.parse(buffer.toString('utf8')) as { traceEvents: unknown[] });
  } catch (error) {
    // A busy machine now and then spoils a trace (no navigationStart), as with Lighthouse: trace that page again.
    if (attempt < 3) return traceOnce(browser, url, attempt + 1);
    throw error;
  }
}

function print(label: string, runs: Work[]) {
  const medianOf = (pick: (work: Work) => Map<string, number>) => {
    const keys = new Set(runs.flatMap((work) => [...pick(work).keys()]));
    return [...keys].map((key) => [key, median(runs.map((work) => pick(work).get(key) ?? 0))] as const).sort((a, b) => b[1] - a[1]);
  };
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(`\n## ${label}: ${ms(median(runs.map((work) => work.total)))} of main-thread work (median of ${runs.length}, CPU ${CPU_SLOWDOWN}×)`);
  console.log(`elements styled ${median(runs.map((w) => w.styled))}, layout objects laid out ${median(runs.map((w) => w.laidOut))}`);
  console.log(
    `groups: ${medianOf((w) => w.groups)
      .map(([k, v]) => `${k} ${ms(v)}`)
      .join(', ')}`,
  );
  console.log(
    `events (self time): ${medianOf((w) => w.events)
      .slice(0, 12)
      .map(([k, v]) => `${k} ${ms(v)}`)
      .join(', ')}`,
  );
  console.log(
    `scripts (their tasks): ${
      medianOf((w) => w.scripts)
        .filter(([, v]) => v >= 1)
        .map(([k, v]) => `${k} ${ms(v)}`)
        .join(', ') || 'none'
    }`,
  );
  const middle = [...runs].sort((a, b) => a.total - b.total)[Math.floor(runs.length / 2)];
  console.log(`top-level tasks ≥ 10 ms of the median run:\n  ${middle?.tasks.join('\n  ') || 'none'}`);
}

if (import.meta.main) {
  const dirs = tool('DIRS');
  const only = tool('ONLY');
  const sites: { name: string; base: string; close: () => void | Promise<unknown> }[] = [];
  if (dirs) for (const dir of dirs) sites.push({ name: dir, ...(await staticSite(dir)) });
  else {
    const site = await servedSite();
    sites.push({ name: 'site', base: site.base, close: site.stop });
  }
  const proxies = await Promise.all(sites.map((site) => startProxy(new URL(site.base))));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  console.log(`trace:work: ${RUNS} run(s) per page, CPU ${CPU_SLOWDOWN}×, ${browser.version()}; load average ${loadavg()[0]?.toFixed(1)}`);
  try {
    for (const [template, path] of [['floor', '/__perf-floor'] as [string, string], ...TEMPLATES]) {
      if (only && !only.includes(template)) continue;
      const runs = sites.map(() => [] as Work[]);
      for (let run = 0; run < RUNS; run++) for (const [i, proxy] of proxies.entries()) runs[i]?.push(await traceOnce(browser, new URL(path, proxy.url).href));
      for (const [i, site] of sites.entries()) print(`${template} (${path})${sites.length > 1 ? `, ${site.name}` : ''}`, runs[i] ?? []);
    }
  } finally {
    await browser.close();
    for (const proxy of proxies) proxy.close();
    for (const site of sites) await site.close();
  }
}
