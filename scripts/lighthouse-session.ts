// Lighthouse runs of a page against the floor page, through the compressing proxy of
// scripts/perf.ts (startProxy serves the floor page at FLOOR_PATH): what `npm run perf` measures
// per template and `npm run bench:lot` at each size of the lot.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import { tool } from '../src/lib/settings/tools.ts';

/** Where the compressing proxy of scripts/perf.ts serves the floor page. */
export const FLOOR_PATH = '/__perf-floor';

export const CPU_SLOWDOWN = tool('CPU_SLOWDOWN');

/** The kinds of main-thread work `npm run perf` tables, from Lighthouse's `mainthread-work-breakdown` groups. */
export const WORK_KINDS = {
  parse: ['parseHTML'],
  'style & layout': ['styleLayout'],
  scripts: ['scriptEvaluation', 'scriptParseCompile', 'garbageCollection'],
  'paint & images': ['paintCompositeRender'],
  other: ['other'],
} as const;
export type WorkKind = keyof typeof WORK_KINDS;

export interface Run {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  /** Elements in the page once it is loaded (Lighthouse's DOM size). */
  elements: number;
  /** Lighthouse's CPU benchmark index of the run (higher is faster). */
  benchmark: number;
  /** Main-thread time by kind of work, in ms at the simulated slowdown. */
  work: Record<WorkKind, number>;
}

export type PageRun = Run & { ratio: number };

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** Each figure's median over the runs. */
function medians(list: Run[]): Run {
  const of = (key: Exclude<keyof Run, 'work'>) => median(list.map((r) => r[key]));
  const work = Object.fromEntries(Object.keys(WORK_KINDS).map((kind) => [kind, median(list.map((r) => r.work[kind as WorkKind]))])) as Record<WorkKind, number>;
  return { score: of('score'), lcp: of('lcp'), tbt: of('tbt'), cls: of('cls'), bytes: of('bytes'), elements: of('elements'), benchmark: of('benchmark'), work };
}

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
    const groups = (audits['mainthread-work-breakdown']?.details as { items?: { group: string; duration: number }[] } | undefined)?.items ?? [];
    const work = Object.fromEntries(
      Object.entries(WORK_KINDS).map(([kind, ids]) => [
        kind,
        groups.filter((item) => (ids as readonly string[]).includes(item.group)).reduce((sum, item) => sum + item.duration, 0),
      ]),
    ) as Record<WorkKind, number>;
    const benchmark = result.lhr.environment.benchmarkIndex;
    benchmarks.push(benchmark);
    return {
      score: Math.round((categories.performance?.score ?? 0) * 100),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      bytes: num('total-byte-weight'),
      elements: num('dom-size'),
      benchmark,
      work,
    };
  };
  return {
    async measure(path: string): Promise<PageRun> {
      const list: Run[] = [];
      const ratios: number[] = [];
      const floors: Run[] = [];
      for (let i = 0; i < runs; i++) {
        const floor = await measureOnce(FLOOR_PATH);
        const run = await measureOnce(path);
        floors.push(floor);
        list.push(run);
        ratios.push(run.lcp / floor.lcp);
      }
      floorRuns.push(...floors);
      console.log(
        `  ${path}: LCP ${list.map((r, i) => `${(r.lcp / 1000).toFixed(2)} s (${ratios[i]?.toFixed(2)}×)`).join(', ')}; score ${list.map((r) => r.score).join(', ')}; TBT ${list.map((r) => Math.round(r.tbt)).join(', ')} ms; benchmark index ${list.map((r) => Math.round(r.benchmark)).join(', ')} (floor ${floors.map((r) => Math.round(r.benchmark)).join(', ')})`,
      );
      return { ...medians(list), ratio: median(ratios) };
    },
    /** The floor page's medians over every run so far. */
    floor: (): PageRun => ({ ...medians(floorRuns), ratio: 1 }),
    /** Lighthouse's CPU benchmark index of every run so far: a quiet machine gives more. */
    benchmarks: (): readonly number[] => benchmarks,
    /** Their median. */
    benchmarkIndex: () => Math.round(median(benchmarks)),
    close: () => chrome.kill(),
  };
}
