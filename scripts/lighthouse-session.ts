// Lighthouse runs of one page against the floor page, through the compressing proxy of
// scripts/perf.ts (startProxy serves the floor page at FLOOR_PATH): what `npm run bench:lot`
// measures at each size of the lot.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import { FLOOR_PATH } from './perf.ts';

const CPU_SLOWDOWN = process.env.CPU_SLOWDOWN ? Number(process.env.CPU_SLOWDOWN) : undefined;

export interface Run {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  /** Elements in the page once it is loaded (Lighthouse's DOM size). */
  elements: number;
}

export type PageRun = Run & { ratio: number };

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/**
 * Lighthouse through the compressing proxy (startProxy): `measure(path)` runs a page `runs`
 * times, each right after a run of the floor page, and gives the medians and the median of the
 * pairs' LCP ratios. Other work on the machine slows Lighthouse's observed CPU tasks, and with
 * them the simulated LCP, so the ratio is taken per pair: a busy minute slows both.
 */
export async function lighthouseSession(proxyUrl: string, runs: number) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  const benchmarks: number[] = [];
  const floorRuns: Run[] = [];
  const measureOnce = async (path: string, attempt = 1): Promise<Run> => {
    const result = await lighthouse(new URL(path, proxyUrl).href, {
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
    benchmarks.push(result.lhr.environment.benchmarkIndex);
    return {
      score: Math.round((categories.performance?.score ?? 0) * 100),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      bytes: num('total-byte-weight'),
      elements: num('dom-size'),
    };
  };
  const medians = (list: Run[]): Run => {
    const of = (key: keyof Run) => median(list.map((r) => r[key]));
    return { score: of('score'), lcp: of('lcp'), tbt: of('tbt'), cls: of('cls'), bytes: of('bytes'), elements: of('elements') };
  };
  return {
    async measure(path: string): Promise<PageRun> {
      const list: Run[] = [];
      const ratios: number[] = [];
      for (let i = 0; i < runs; i++) {
        const floor = await measureOnce(FLOOR_PATH);
        const run = await measureOnce(path);
        floorRuns.push(floor);
        list.push(run);
        ratios.push(run.lcp / floor.lcp);
      }
      console.log(
        `  ${path}: LCP ${list.map((r, i) => `${(r.lcp / 1000).toFixed(2)} s (${ratios[i]?.toFixed(2)}×)`).join(', ')}; score ${list.map((r) => r.score).join(', ')}; TBT ${list.map((r) => Math.round(r.tbt)).join(', ')} ms`,
      );
      return { ...medians(list), ratio: median(ratios) };
    },
    /** The floor page's medians over every run so far. */
    floor: (): PageRun => ({ ...medians(floorRuns), ratio: 1 }),
    /** Lighthouse's CPU benchmark index (median of every run): a quiet machine gives more. */
    benchmarkIndex: () => Math.round(median(benchmarks)),
    close: () => chrome.kill(),
  };
}
