/**
 * `npm test`: every stage in order, stopping at the first that fails, then a table of the time
 * each stage took (wall clock, and the CPU time of its processes where the system reports it).
 *
 *   npm test                 all stages
 *   npm test -- unit e2e     only the named stages, in the order below
 *
 * Adding a stage is one line in STAGES. A stage is any command; `env` is added to its environment.
 * Before any stage, the system tools the chosen stages need (a headless Chromium, Java) are
 * checked and, as root on Debian, installed (scripts/preflight.ts).
 * The stages that test the served site share one server of the build (scripts/served-site.ts),
 * started in the background once the build is there, so its start-up overlaps the unit tests.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { ADMIN_EDITS_FILE } from './admin-edits.ts';
import { preflight, type Need } from './preflight.ts';
import { startServedSite, type ServedSite } from './served-site.ts';

export interface Stage {
  name: string;
  command: string;
  env?: Record<string, string>;
  /** The environment variable that takes the address of the served build, for a stage that tests it. */
  served?: string;
  /** Runs at the same time as the stage before it, its output lines marked with its name. */
  alongside?: boolean;
  /** System tools it needs, checked (and installed where possible) before any stage runs: scripts/preflight.ts. */
  needs?: readonly Need[];
}

export const STAGES: readonly Stage[] = [
  { name: 'check', command: 'npm run check' },
  { name: 'build', command: 'npm run build' },
  { name: 'unit', command: 'npm run test:unit' },
  { name: 'budget', command: 'npm run budget', served: 'BASE_URL', needs: ['browser'] },
  // The W3C Nu Html Checker, Google's structured-data rules and pa11y over every sitemap page.
  { name: 'validate', command: 'npm run validate', served: 'BASE_URL', needs: ['browser', 'java'] },
  { name: 'e2e', command: 'npm run test:e2e', served: 'E2E_BASE_URL', needs: ['browser'] },
  // Copies of the site, each built and served on its own: one with generated raster photos, one
  // with its lot grown to 100 units, one with a second store. Like the end-to-end tests they
  // mostly wait on their servers (e2e used 2.4 of its 7 minutes of CPU on 2 cores), so all four
  // run side by side: the copies add about a minute of CPU and no wall time. The photo copy
  // builds with what the admin test (in e2e) saved, so it waits for that first.
  { name: 'photos', command: 'npm run test:photos', alongside: true, env: { ADMIN_EDITS_WAIT_SECONDS: '480' }, needs: ['browser'] },
  { name: 'lot', command: 'npm run test:lot', alongside: true, needs: ['browser'] },
  { name: 'stores', command: 'npm run test:stores', alongside: true, needs: ['browser', 'java'] },
];

export interface StageTime {
  name: string;
  status: 'passed' | 'failed' | 'not run';
  wallSeconds: number;
  /** User and system CPU seconds of the stage's processes; undefined where the system does not say. */
  cpuSeconds: { user: number; system: number } | undefined;
}

/** CPU seconds of this process's finished children (Linux /proc; undefined elsewhere). */
function childrenCpu(): { user: number; system: number } | undefined {
  try {
    // Fields after the command name: state is field 3; cutime and cstime are fields 16 and 17 (clock ticks).
    const fields = readFileSync('/proc/self/stat', 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ');
    const ticks = 100; // USER_HZ, 100 on every Linux architecture Node supports
    return { user: Number(fields[13]) / ticks, system: Number(fields[14]) / ticks };
  } catch {
    return undefined;
  }
}

/** Runs a stage's command; with `label`, its output goes through line by line, each marked with the label. */
function run(stage: Stage, env: Record<string, string>, label?: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(stage.command, { shell: true, stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...stage.env, ...env } });
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
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

/** The stages in runs: a stage marked `alongside` joins the run of the stage before it. */
export function runsOf(stages: readonly Stage[]): Stage[][] {
  const runs: Stage[][] = [];
  for (const stage of stages) {
    const last = runs.at(-1);
    if (stage.alongside && last) last.push(stage);
    else runs.push([stage]);
  }
  return runs;
}

const seconds = (s: number) => {
  const whole = Math.round(s);
  return s >= 59.95 ? `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, '0')}s` : `${s.toFixed(1)}s`;
};

/**
 * The stage-time table as printed at the end of `npm test`. Stages that ran side by side show
 * their CPU time together, on the first of them; the total wall time is the run's own (`elapsed`).
 */
export function formatTimes(times: readonly StageTime[], elapsedSeconds?: number): string {
  const rows = times.map((t) => [
    t.name,
    t.status,
    t.status === 'not run' ? '' : seconds(t.wallSeconds),
    t.cpuSeconds && t.status !== 'not run' ? seconds(t.cpuSeconds.user) : '',
    t.cpuSeconds && t.status !== 'not run' ? seconds(t.cpuSeconds.system) : '',
  ]);
  const ran = times.filter((t) => t.status !== 'not run');
  const total = (pick: (t: StageTime) => number | undefined) => ran.reduce((sum, t) => sum + (pick(t) ?? 0), 0);
  const hasCpu = ran.some((t) => t.cpuSeconds);
  rows.push([
    'total',
    times.every((t) => t.status === 'passed') ? 'passed' : 'failed',
    seconds(elapsedSeconds ?? total((t) => t.wallSeconds)),
    hasCpu ? seconds(total((t) => t.cpuSeconds?.user)) : '',
    hasCpu ? seconds(total((t) => t.cpuSeconds?.system)) : '',
  ]);
  const header = ['stage', 'result', 'wall', 'cpu user', 'cpu system'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
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
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
  // Before any stage: the browser and Java the chosen stages need, installed where this can be done.
  if (!preflight(new Set(stages.flatMap((s) => s.needs ?? [])))) process.exit(1);
  const times = new Map<Stage, StageTime>(stages.map((s) => [s, { name: s.name, status: 'not run', wallSeconds: 0, cpuSeconds: undefined }]));
  const started = performance.now();
  // The served build: started once the build is there (at once when this run does not build),
  // stopped however the run ends.
  let site: ServedSite | undefined;
  const servedStages = stages.filter((s) => s.served).map((s) => s.name);
  const builds = stages.some((s) => s.name === 'build');
  const stopSite = () => site?.stop();
  process.on('exit', stopSite);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
  const serveSite = async () => {
    site = await startServedSite();
    console.log(`\n▶ the built site is served at ${site.base} for ${servedStages.join(', ')}`);
  };
  if (servedStages.length > 0 && !builds) await serveSite();

  for (const group of runsOf(stages)) {
    for (const stage of group) console.log(`\n▶ ${stage.name}: ${stage.command}`);
    // The photo copy waits for the admin test's edits of this run, not an earlier run's.
    if (group.some((s) => s.name === 'e2e') && group.some((s) => s.env?.ADMIN_EDITS_WAIT_SECONDS)) rmSync(ADMIN_EDITS_FILE, { force: true });
    const cpuBefore = childrenCpu();
    const results = await Promise.all(
      group.map(async (stage) => {
        const from = performance.now();
        const env: Record<string, string> = {};
        if (stage.served && site) {
          const ready = await site.ready.then(
            () => true,
            (error: unknown) => console.error(`The built site could not be served: ${error instanceof Error ? error.message : error}`),
          );
          if (!ready) return { stage, code: 1, wallSeconds: (performance.now() - from) / 1000 };
          env[stage.served] = site.base;
        }
        const code = await run(stage, env, group.length > 1 ? stage.name : undefined);
        return { stage, code, wallSeconds: (performance.now() - from) / 1000 };
      }),
    );
    const cpuAfter = childrenCpu();
    const cpu = cpuBefore && cpuAfter ? { user: cpuAfter.user - cpuBefore.user, system: cpuAfter.system - cpuBefore.system } : undefined;
    for (const [i, { stage, code, wallSeconds }] of results.entries()) {
      times.set(stage, { name: stage.name, status: code === 0 ? 'passed' : 'failed', wallSeconds, cpuSeconds: i === 0 ? cpu : undefined });
    }
    if (results.some((r) => r.code !== 0)) break;
    if (servedStages.length > 0 && group.some((s) => s.name === 'build')) await serveSite();
  }
  stopSite();
  console.log(`\n${formatTimes([...times.values()], (performance.now() - started) / 1000)}`);
  if ([...times.values()].some((t) => t.status !== 'passed')) process.exit(1);
}
