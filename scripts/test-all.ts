/**
 * `npm test`: every stage, each started as soon as the stages it comes after have passed, then a
 * table of when each stage started, how long it took and the CPU time of its processes.
 *
 *   npm test                 all stages
 *   npm test -- unit e2e     only the named stages (each still after those of its `after` that run)
 *
 * Adding a stage is one line in STAGES. A stage is any command; `env` is added to its environment.
 * No stage waits for another by the clock: a stage that needs another's output names it in
 * `after` (docs/decisions/test-suite-stages.md). After a failure no further stage starts; those
 * running finish, so their failures show too.
 * Before any stage, the system tools the chosen stages need (a headless Chromium, Java) are
 * checked and, as root on Debian, installed (scripts/preflight.ts).
 * The stages that test the served site share one server of the build (scripts/served-site.ts),
 * started in the background once the build is there.
 */
import { spawn } from 'node:child_process';
import { childrenCpu } from './cpu-time.ts';
import { preflight, type Need } from './preflight.ts';
import { startServedSite, type ServedSite } from './served-site.ts';

export interface Stage {
  name: string;
  command: string;
  env?: Record<string, string>;
  /** The stages it starts after, once they have passed (those of them that are in the run). */
  after?: readonly string[];
  /** The environment variable that takes the address of the served build, for a stage that tests it; it also starts only once the build answers. */
  served?: string;
  /** System tools it needs, checked (and installed where possible) before any stage runs: scripts/preflight.ts. */
  needs?: readonly Need[];
}

/**
 * The order for the least wall time on 2 cores (docs/decisions/test-suite-stages.md): the copy of
 * the site is the longest chain (the admin test, then the copy's build, then its tests), so it
 * starts as soon as the build is served; at most three stages with deadlines in their tests run
 * at once, and the check, which has none, takes the CPU they leave.
 */
export const STAGES: readonly Stage[] = [
  // Types, lint and formatting: they need nothing and nothing needs them, and nothing in them
  // waits for a deadline, so they run at a lower priority beside everything else.
  { name: 'check', command: 'nice -n 10 npm run check' },
  { name: 'build', command: 'npm run build' },
  // The unit tests read the built pages. They run with only the check beside them: their tests of
  // paced, racing and timed work met the deadlines of other stages' servers and browsers there.
  { name: 'unit', command: 'npm run test:unit', after: ['build'] },
  { name: 'budget', command: 'npm run budget', after: ['unit'], served: 'BASE_URL', needs: ['browser'] },
  // The W3C Nu Html Checker, Google's structured-data rules and pa11y over every sitemap page.
  { name: 'validate', command: 'npm run validate', after: ['budget'], served: 'BASE_URL', needs: ['browser', 'java'] },
  { name: 'e2e', command: 'npm run test:e2e', after: ['unit'], served: 'E2E_BASE_URL', needs: ['browser'] },
  // The copy of the site with photos, a lot of 100 units, a second store and what the admin test
  // saved, built after that test (playwright.copy.config.ts), which runs against the served build.
  // Last: its build, server and browser beside the end-to-end tests and the validators put the
  // inbox's and the redirects' round trips past their deadlines.
  { name: 'copy', command: 'npm run test:copy', after: ['e2e', 'validate'], served: 'E2E_BASE_URL', needs: ['browser', 'java'] },
];

interface Cpu {
  user: number;
  system: number;
}

export interface StageTime {
  name: string;
  status: 'passed' | 'failed' | 'not run';
  /** Seconds from the start of the run to the start of the stage. */
  startSeconds?: number;
  wallSeconds: number;
  /** User and system CPU seconds of the stage's processes; undefined where the system does not say. */
  cpuSeconds: Cpu | undefined;
}

/** The children's line of the shell's `times` ("1m02.50s 0m07.25s"): the CPU of the command it ran. */
export function parseTimes(text: string): Cpu | undefined {
  const match = /(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s\s*$/.exec(text.trim());
  if (!match) return undefined;
  return { user: Number(match[1]) * 60 + Number(match[2]), system: Number(match[3]) * 60 + Number(match[4]) };
}

/**
 * Runs a stage's command in a shell that then reports, with `times` on descriptor 3, the CPU
 * time of everything the command ran (stages side by side each get their own figure); with
 * `label`, its output goes through line by line, each marked with the label.
 */
function run(stage: Stage, env: Record<string, string>, label?: string): Promise<{ code: number; cpu: Cpu | undefined }> {
  return new Promise((resolve) => {
    // The command does not get descriptor 3, so a server it leaves behind cannot hold the report open.
    const script = `${stage.command} 3>&-\ncode=$?\ntimes >&3\nexit $code`;
    const child = spawn(script, {
      shell: true,
      stdio: label ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['inherit', 'inherit', 'inherit', 'pipe'],
      env: { ...process.env, ...stage.env, ...env },
    });
    if (label) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ] as const) {
        let rest = '';
        from?.setEncoding('utf8');
        from?.on('data', (chunk: string) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) to.write(`[${label}] ${line}\n`);
        });
        from?.on('end', () => rest && to.write(`[${label}] ${rest}\n`));
      }
    }
    let times = '';
    const report = child.stdio[3] as NodeJS.ReadableStream;
    report.setEncoding('utf8');
    report.on('data', (chunk: string) => (times += chunk));
    const reported = new Promise((done) => report.on('close', done));
    child.on('exit', (code, signal) => void reported.then(() => resolve({ code: code ?? (signal ? 1 : 0), cpu: parseTimes(times) })));
    child.on('error', () => resolve({ code: 1, cpu: undefined }));
  });
}

/** The stages of `stages` that `stage` starts after (those named in its `after` that are in the run). */
export function predecessors(stage: Stage, stages: readonly Stage[]): Stage[] {
  return stages.filter((other) => stage.after?.includes(other.name));
}

/**
 * Runs each stage once the stages it waits for (`waitsFor`, by default those of its `after` in
 * the run) have passed; after a stage fails no other starts, and those running finish. Resolves
 * with each started stage's result.
 */
export async function runStages(
  stages: readonly Stage[],
  runStage: (stage: Stage) => Promise<boolean>,
  waitsFor: (stage: Stage) => readonly Stage[] = (stage) => predecessors(stage, stages),
): Promise<Map<Stage, boolean>> {
  const results = new Map<Stage, boolean>();
  const started = new Map<Stage, Promise<boolean>>();
  let failed = false;
  const start = (stage: Stage): Promise<boolean> => {
    let result = started.get(stage);
    if (!result) {
      result = (async () => {
        const passed = await Promise.all(waitsFor(stage).map(start));
        if (failed || !passed.every(Boolean)) return false;
        const ok = await runStage(stage);
        results.set(stage, ok);
        if (!ok) failed = true;
        return ok;
      })();
      started.set(stage, result);
    }
    return result;
  };
  await Promise.all(stages.map(start));
  return results;
}

/**
 * The order stages can start in, as runs of stages that start together: each run is the stages
 * whose predecessors are all in earlier runs. For the documentation and the tests; `npm test`
 * itself starts each stage the moment its own predecessors have passed.
 */
export function waves(stages: readonly Stage[]): Stage[][] {
  const done = new Set<Stage>();
  const result: Stage[][] = [];
  while (done.size < stages.length) {
    const ready = stages.filter((s) => !done.has(s) && predecessors(s, stages).every((p) => done.has(p)));
    if (ready.length === 0) throw new Error(`stages that wait for each other: ${stages.filter((s) => !done.has(s)).map((s) => s.name)}`);
    for (const s of ready) done.add(s);
    result.push(ready);
  }
  return result;
}

const seconds = (s: number) => {
  const whole = Math.round(s);
  return s >= 59.95 ? `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, '0')}s` : `${s.toFixed(1)}s`;
};

/**
 * The stage-time table as printed at the end of `npm test`: each stage's start (from the start
 * of the run), wall time and CPU time. With the run's own figures, the total is its wall time
 * and all the CPU it used, whose part outside the stages (the server of the build they share,
 * the runner) gets its own line.
 */
export function formatTimes(times: readonly StageTime[], runFigures: { elapsedSeconds: number; cpuSeconds?: Cpu | undefined } | undefined = undefined): string {
  const ran = times.filter((t) => t.status !== 'not run');
  const row = (name: string, status: string, start: string, wall: string, cpu: Cpu | undefined) => [
    name,
    status,
    start,
    wall,
    cpu ? seconds(cpu.user) : '',
    cpu ? seconds(cpu.system) : '',
  ];
  const rows = times.map((t) =>
    t.status === 'not run'
      ? row(t.name, t.status, '', '', undefined)
      : row(t.name, t.status, t.startSeconds === undefined ? '' : `+${seconds(t.startSeconds)}`, seconds(t.wallSeconds), t.cpuSeconds),
  );
  const sum = (pick: (cpu: Cpu) => number) => ran.reduce((total, t) => total + (t.cpuSeconds ? pick(t.cpuSeconds) : 0), 0);
  const stagesCpu = ran.some((t) => t.cpuSeconds) ? { user: sum((c) => c.user), system: sum((c) => c.system) } : undefined;
  const totalCpu = runFigures?.cpuSeconds ?? stagesCpu;
  if (runFigures?.cpuSeconds && stagesCpu) {
    const rest = { user: Math.max(0, runFigures.cpuSeconds.user - stagesCpu.user), system: Math.max(0, runFigures.cpuSeconds.system - stagesCpu.system) };
    rows.push(row('served build', '', '', '', rest));
  }
  const wall = runFigures?.elapsedSeconds ?? ran.reduce((total, t) => total + t.wallSeconds, 0);
  rows.push(row('total', times.every((t) => t.status === 'passed') ? 'passed' : 'failed', '', seconds(wall), totalCpu));
  const header = ['stage', 'result', 'start', 'wall', 'cpu user', 'cpu system'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The stages named on the command line, in STAGES order; all of them when none is named. */
export function selectStages(names: readonly string[], stages: readonly Stage[] = STAGES): Stage[] {
  const unknown = names.filter((n) => !stages.some((s) => s.name === n));
  if (unknown.length > 0) throw new Error(`unknown stage ${unknown.join(', ')}; stages: ${stages.map((s) => s.name).join(', ')}`);
  return names.length === 0 ? [...stages] : stages.filter((s) => names.includes(s.name));
}

if (import.meta.main) {
  let stages: Stage[];
  try {
    stages = selectStages(process.argv.slice(2));
    waves(stages);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
  // Before any stage: the browser and Java the chosen stages need, installed where this can be done.
  if (!preflight(new Set(stages.flatMap((s) => s.needs ?? [])))) process.exit(1);
  const times = new Map<Stage, StageTime>(stages.map((s) => [s, { name: s.name, status: 'not run', wallSeconds: 0, cpuSeconds: undefined }]));
  const started = performance.now();
  const cpuAtStart = childrenCpu();
  const sinceStart = () => (performance.now() - started) / 1000;

  // The served build: started once the build has passed (at once when this run does not build),
  // stopped however the run ends.
  let site: ServedSite | undefined;
  let siteStarted: Promise<ServedSite> | undefined;
  const servedStages = stages.filter((s) => s.served).map((s) => s.name);
  const build = stages.find((s) => s.name === 'build');
  process.on('exit', () => void site?.stop());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
  const serveSite = () =>
    (siteStarted ??= startServedSite().then((started) => {
      site = started;
      console.log(`\n▶ the built site is served at ${started.base} for ${servedStages.join(', ')}`);
      return started;
    }));
  if (servedStages.length > 0 && !build) await serveSite();

  // A stage that tests the served build also waits for the build; the server starts as soon as
  // the build has passed, before the stages that wait for it.
  const label = stages.length > 1;
  const waitsFor = (stage: Stage) => [...predecessors(stage, stages), ...(stage.served && build && stage !== build ? [build] : [])];
  await runStages(
    stages,
    async (stage) => {
      const env: Record<string, string> = {};
      if (stage.served) {
        const served = await serveSite();
        const ready = await served.ready.then(
          () => true,
          (error: unknown) => console.error(`The built site could not be served: ${error instanceof Error ? error.message : error}`),
        );
        if (!ready) return false;
        env[stage.served] = served.base;
      }
      console.log(`\n▶ ${stage.name}: ${stage.command}`);
      const from = performance.now();
      const startSeconds = sinceStart();
      const { code, cpu } = await run(stage, env, label ? stage.name : undefined);
      const wallSeconds = (performance.now() - from) / 1000;
      times.set(stage, { name: stage.name, status: code === 0 ? 'passed' : 'failed', startSeconds, wallSeconds, cpuSeconds: cpu });
      console.log(`\n${code === 0 ? '✓' : '✗'} ${stage.name} ${code === 0 ? 'passed' : 'failed'} in ${seconds(wallSeconds)}`);
      if (code === 0 && stage === build && servedStages.length > 0) void serveSite();
      return code === 0;
    },
    waitsFor,
  );

  await site?.stop();
  const cpuAtEnd = childrenCpu();
  const cpuSeconds = cpuAtStart && cpuAtEnd ? { user: cpuAtEnd.user - cpuAtStart.user, system: cpuAtEnd.system - cpuAtStart.system } : undefined;
  console.log(`\n${formatTimes([...times.values()], { elapsedSeconds: sinceStart(), cpuSeconds })}`);
  if ([...times.values()].some((t) => t.status !== 'passed')) process.exit(1);
}
