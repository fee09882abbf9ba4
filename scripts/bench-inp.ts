// `npm run bench:inp`: how long every island's interactions take on a slow phone, the first ones
// included. Lighthouse loads pages and never types; this drives each island as a visitor does, in
// Chromium at 390 px with the CPU slowed 4× (Emulation.setCPUThrottlingRate) on Lighthouse's slow 4G, through the
// compressing proxy of `npm run perf`, against a copy of the site whose lot is grown to 300
// units (scripts/grow-lot.ts) so the inventory's filters and sort work on a real lot's size.
//
// Each island is visited twice per run: its interactions start one second after the page's first
// paint (while the page's idle work, the whole stylesheet and the islands may still be loading),
// and again once the page has been idle for 5 s. Each interaction is measured with the Event
// Timing API (keydown or pointer to the next paint; the entries of one interaction grouped by
// interactionId, its duration the longest of them). Per island it prints the worst interaction
// (an INP figure) and the median, each the median over RUNS runs (default 3). A benchmark, not a
// test: it exits 0 unless it could not measure (docs/speed.md §Interactions).
//   npm run bench:inp
//   RUNS=5 npm run bench:inp
//   ONLY=contact,rentals npm run bench:inp        some islands only
//   UNITS=0 npm run bench:inp                      the site's own dist/ as built (`npm run build`), its lot as it is
//   BASE_URL=http://localhost:8888 npm run bench:inp   a running site (its lot as it is)
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium, type Browser, type Page } from '@playwright/test';
import { vehicles } from '../src/lib/data/vehicles.ts';
import { CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from './chromium.ts';
import { growLot } from './grow-lot.ts';
import { median } from './lighthouse-session.ts';
import { startProxy } from './perf.ts';
import { buildSite, copySite, photo } from './photo-site.ts';
import { servedSite, startServedSite } from './served-site.ts';
import { tool } from '../src/lib/settings/tools.ts';

const RUNS = tool('RUNS') ?? 3;
const UNITS = tool('UNITS') ?? 300;
const CPU_SLOWDOWN = 4;
/** When the first phase starts interacting, after the first paint. */
const AFTER_PAINT_MS = 1000;
/** How long the page rests before the second phase. */
const IDLE_MS = 5000;
/** Event Timing's threshold (its smallest): shorter interactions are not reported and count as 16 ms. */
const THRESHOLD_MS = 16;
/**
 * Lighthouse's mobile network, as DevTools applies it per request (its "slow 4G" of 150 ms round
 * trips and 1.6 Mbit/s, with Lighthouse's factors for request-level throttling): the islands'
 * scripts arrive as late as on a phone, not at loopback speed.
 */
const SLOW_4G = { latency: 150 * 3.75, downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8, uploadThroughput: (750 * 0.9 * 1024) / 8 };
/** Between keys, as a quick thumb types. */
const KEY_DELAY_MS = 120;

const firstUnit = vehicles.find((unit) => unit.status === 'available')?.id;

interface Island {
  name: string;
  path: string;
  /** The interactions, done as a visitor on a phone does them (taps, keys). */
  act: (page: Page) => Promise<void>;
  /** Also count the entries without an interaction id (a photo chosen in the file picker is no key or pointer). */
  inputs?: boolean;
}

const typeInto = async (page: Page, selector: string, text: string) => {
  await page.locator(selector).tap();
  await page.keyboard.type(text, { delay: KEY_DELAY_MS });
};
/** A select changed by keyboard (ArrowDown on a closed select chooses the next option in Chromium on Linux). */
const nextOption = async (page: Page, selector: string) => {
  await page.locator(selector).focus();
  await page.keyboard.press('ArrowDown');
};

let picture: Buffer | undefined;
const choosePhoto = async (page: Page, selector: string) => {
  picture ??= await (await photo(2000, 1500, 7)).jpeg({ quality: 80 }).toBuffer();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator(selector).tap()]);
  await chooser.setFiles({ name: 'cart.jpg', mimeType: 'image/jpeg', buffer: picture });
};

const leadForm = (prefix: string) => async (page: Page) => {
  await typeInto(page, `#${prefix}-firstName`, 'Jane');
  await typeInto(page, `#${prefix}-email`, 'jane@x.io');
};

const ISLANDS: Island[] = [
  {
    name: 'inventory filters',
    path: '/new-inventory',
    act: async (page) => {
      await typeInto(page, 'input[type="search"]', 'EV');
      const selects = page.locator('astro-island select');
      for (const index of [0, 3]) {
        await selects.nth(index).focus();
        await page.keyboard.press('ArrowDown');
      }
      await page.locator('astro-island input[type="checkbox"]').first().tap();
    },
  },
  {
    name: 'rental quote',
    path: '/rentals',
    act: async (page) => {
      await nextOption(page, '#reserve-group');
      await nextOption(page, '#reserve-quantity');
      await nextOption(page, '#reserve-delivery');
      await typeInto(page, '#reserve-firstName', 'Jane');
    },
  },
  { name: 'contact form', path: '/contact', act: leadForm('contact') },
  {
    name: 'trade-in form',
    path: '/trade-in',
    act: async (page) => {
      await typeInto(page, '#trade-year', '2019');
      await page.locator('#trade-battery-lithium').tap();
      await typeInto(page, '#trade-firstName', 'Jane');
    },
  },
  {
    name: 'service form',
    path: '/schedule-service',
    act: async (page) => {
      await typeInto(page, '#service-model', 'Jane');
      await page.locator('#service-problems-brakes').tap();
      await typeInto(page, '#service-firstName', 'Jane');
    },
  },
  { name: 'parts form', path: '/parts', act: leadForm('parts') },
  {
    name: 'unit question',
    path: `/vehicles/${firstUnit}/ask`,
    act: async (page) => {
      await page.locator('form input:not([type="hidden"]):visible').first().tap();
      await page.keyboard.type('Jane', { delay: KEY_DELAY_MS });
    },
  },
  { name: 'photo picker', path: '/trade-in', inputs: true, act: (page) => choosePhoto(page, '#trade-photos') },
  {
    name: 'gallery',
    path: `/vehicles/${firstUnit}`,
    act: async (page) => {
      const next = page.getByRole('button', { name: 'Next photo' }).first();
      await next.scrollIntoViewIfNeeded();
      await next.tap();
      await next.tap();
      await page.getByRole('button', { name: 'Previous photo' }).first().tap();
    },
  },
  {
    name: 'mobile menu',
    path: '/about',
    act: async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).tap();
      await page.getByRole('button', { name: 'Close menu' }).tap();
    },
  },
  {
    name: 'payment estimator',
    path: '/financing',
    act: async (page) => {
      const price = page.locator('input[id$="-price"]');
      await price.scrollIntoViewIfNeeded();
      await price.tap();
      await page.keyboard.press('End');
      await page.keyboard.type('00', { delay: KEY_DELAY_MS });
      await typeInto(page, 'input[id$="-downPayment"]', '5');
    },
  },
  {
    name: 'compare',
    path: '/compare',
    act: async (page) => {
      await nextOption(page, 'astro-island select >> nth=0');
      await page.locator('button[aria-label^="Remove"]').last().tap();
    },
  },
];

interface Entry {
  id: number;
  type: string;
  duration: number;
  start: number;
}
type Mark = [what: string, at: number, duration?: number];

/**
 * Runs in the page before its own scripts: collects Event Timing entries from the start
 * (buffered) and, for DEBUG, when the page loaded, fetched the runtime and the stylesheet,
 * hydrated each island, and its long tasks.
 */
function observe(threshold: number) {
  const record = window as unknown as { __eventEntries: Entry[]; __marks: Mark[] };
  const entries: Entry[] = (record.__eventEntries = []);
  const marks: Mark[] = (record.__marks = []);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[])
      entries.push({ id: e.interactionId, type: e.name, duration: e.duration, start: e.startTime });
  }).observe({ type: 'event', durationThreshold: threshold, buffered: true } as PerformanceObserverInit);
  addEventListener('load', () => marks.push(['load', performance.now()]));
  const file = (url: string) => url.replace(/^.*[/]/, '');
  new MutationObserver((records) => {
    for (const { target } of records)
      if (target instanceof Element && target.localName === 'astro-island' && !target.hasAttribute('ssr'))
        marks.push([`hydrated ${file(target.getAttribute('component-url') ?? '')}`, performance.now()]);
  }).observe(document, { subtree: true, attributeFilter: ['ssr'] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceResourceTiming[])
      if (/island-runtime|[.]css$|[.]js$/.test(e.name)) marks.push([`fetched ${file(e.name)}`, e.responseEnd]);
  }).observe({ type: 'resource', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) marks.push(['long task', e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * A CPU benchmark in a blank page without the slowdown, after Lighthouse's (string building and
 * array copying for half a second each, iterations a second): not Lighthouse's index itself,
 * but higher is faster too, and it tells a busy machine's runs from a quiet one's.
 */
async function benchmarkIndex(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(() => {
      const strings = () => {
        const start = Date.now();
        let iterations = 0;
        while (Date.now() - start < 500) {
          let text = '';
          for (let j = 0; j < 10000; j++) text += 'a';
          if (text.length === 1) throw new Error('unreachable');
          iterations++;
        }
        return iterations / ((Date.now() - start) / 1000);
      };
      const arrays = () => {
        const a: number[] = [];
        const b: number[] = [];
        for (let i = 0; i < 100000; i++) a.push(i);
        const start = Date.now();
        let iterations = 0;
        while (iterations % 10 !== 0 || Date.now() - start < 500) {
          const [from, to] = iterations % 2 === 0 ? [a, b] : [b, a];
          for (let j = 0; j < from.length; j++) to[j] = from[j]!;
          iterations++;
        }
        return iterations / ((Date.now() - start) / 1000);
      };
      return Math.round((strings() + arrays()) / 2);
    });
  } finally {
    await page.close();
  }
}

/** One visit: the durations of its interactions, in order. */
async function visit(browser: Browser, base: string, island: Island, waitMs: number): Promise<{ durations: number[]; count: number }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(observe, THRESHOLD_MS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await page.goto(new URL(island.path, base).href, { waitUntil: 'commit' });
    // The first paint, then the wait, both by the page's own clock.
    await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0, undefined, { polling: 20, timeout: 60_000 });
    const painted = await page.evaluate(() => performance.getEntriesByType('paint')[0]?.startTime ?? 0);
    await page.waitForFunction((at) => performance.now() >= at, painted + waitMs, { polling: 20, timeout: 60_000 });
    await island.act(page);
    // Event Timing reports an interaction after its next paint: wait for two frames and a moment.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)))));
    const { entries, count } = await page.evaluate(() => ({
      entries: (window as unknown as { __eventEntries: Entry[] }).__eventEntries,
      count: (performance as Performance & { interactionCount?: number }).interactionCount ?? 0,
    }));
    const byInteraction = new Map<string, number>();
    for (const entry of entries) {
      const key = entry.id > 0 ? `i${entry.id}` : island.inputs && entry.type === 'input' ? `s${entry.start}` : undefined;
      if (key) byInteraction.set(key, Math.max(byInteraction.get(key) ?? 0, entry.duration));
    }
    const durations = [...byInteraction.values()];
    if (tool('DEBUG')) {
      const marks = await page.evaluate(() => (window as unknown as { __marks: Mark[] }).__marks);
      const at = (t: number) => Math.round(t - painted);
      console.log(`    paint ${Math.round(painted)}; ${marks.map(([what, t, d]) => `${what} ${at(t)}${d ? `+${Math.round(d)}` : ''}`).join(', ')}`);
      console.log(
        `    events: ${entries
          .filter((e) => e.id > 0)
          .map((e) => `${e.type}#${e.id} ${at(e.start)}+${Math.round(e.duration)}`)
          .join(', ')}`,
      );
    }
    return { durations, count: Math.max(count, durations.length) };
  } finally {
    await context.close();
  }
}

/** Worst and median of one visit; interactions under the threshold are not reported and count as the threshold. */
function summarise(durations: number[], expected: number): { worst: number; median: number } {
  const all = [...durations, ...Array<number>(Math.max(0, expected - durations.length)).fill(THRESHOLD_MS)];
  return { worst: Math.max(THRESHOLD_MS, ...all), median: median(all.length ? all : [THRESHOLD_MS]) };
}

if (import.meta.main) {
  const only = tool('ONLY');
  const islands = ISLANDS.filter((island) => !only || only.some((name) => island.name.startsWith(name) || island.path === `/${name}`));
  if (islands.length === 0) {
    console.error(`No island matches ONLY=${only?.join(',')}; islands: ${ISLANDS.map((i) => i.name).join(', ')}`);
    process.exit(2);
  }
  let dir: string | undefined;
  let site: { base: string; stop: () => Promise<number> };
  if (tool('BASE_URL') || UNITS === 0) site = await servedSite();
  else {
    dir = copySite();
    growLot(dir, UNITS);
    console.log(`Building a copy of the site with ${UNITS} units on the lot in ${dir} …`);
    buildSite(dir);
    const started = await startServedSite({ dir });
    await started.ready;
    site = started;
  }
  const proxy = await startProxy(new URL(site.base));
  const browser = await chromium.launch({ executablePath: HEADLESS_CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const stopAll = async () => {
    await browser.close().catch(() => {});
    proxy.close();
    await site.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stopAll().then(() => process.exit(130)));

  const phases = [
    ['1 s after paint', AFTER_PAINT_MS],
    [`idle ${IDLE_MS / 1000} s`, IDLE_MS],
  ] as const;
  type Figures = { worst: number[]; median: number[]; runs: number[][] };
  const benchmarks: number[] = [];
  const results = new Map<string, Figures[]>();
  let failed = false;
  try {
    console.log(`${RUNS} run(s) per island and phase; CPU ${CPU_SLOWDOWN}× slower; 390 px; load average ${loadavg()[0]?.toFixed(1)}`);
    for (const island of islands) {
      const figures: Figures[] = phases.map(() => ({ worst: [], median: [], runs: [] }));
      for (let run = 0; run < RUNS; run++) {
        benchmarks.push(await benchmarkIndex(browser));
        for (const [index, [, waitMs]] of phases.entries()) {
          const { durations, count } = await visit(browser, proxy.url, island, waitMs);
          if (count === 0) throw new Error(`${island.name}: no interaction was registered`);
          const summary = summarise(durations, count);
          figures[index]!.worst.push(summary.worst);
          figures[index]!.median.push(summary.median);
          figures[index]!.runs.push(durations.map(Math.round));
        }
      }
      results.set(island.name, figures);
      console.log(
        `  ${island.name} (${island.path}): ${phases.map(([label], i) => `${label}: ${figures[i]!.runs.map((r) => `[${r.join(', ')}]`).join(' ')}`).join('; ')}`,
      );
    }
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    await stopAll();
  }

  const ms = (value: number) => `${Math.round(value)} ms`;
  const head = ['island', 'page', ...phases.flatMap(([label]) => [`worst, ${label}`, `median, ${label}`])];
  const rows = [...results].map(([name, figures]) => [
    name,
    islands.find((island) => island.name === name)?.path ?? '',
    ...figures.flatMap((f) => [ms(median(f.worst)), ms(median(f.median))]),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\n${line(head)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const row of rows) console.log(line(row));
  console.log(
    `\nEvent Timing, keydown or pointer to the next paint, per interaction; worst (INP) and median of each visit, medians of ${RUNS} run(s); interactions under ${THRESHOLD_MS} ms count as ${THRESHOLD_MS} ms. Google calls an interaction under 200 ms good and over 500 ms poor. In-page CPU benchmark (Lighthouse's two benchmark loops, iterations a second without the slowdown; higher is faster: compare runs with one another) ${Math.round(median(benchmarks))}, runs ${Math.min(...benchmarks)}-${Math.max(...benchmarks)}. Load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (a busy machine makes every figure larger).`,
  );
  process.exit(failed || results.size === 0 ? 1 : 0);
}
