/**
 * `npm test`: every stage in order, stopping at the first that fails, then a table of the time
 * each stage took (wall clock, and the CPU time of its processes where the system reports it).
 *
 *   npm test                 all stages
 *   npm test -- unit e2e     only the named stages, in the order below
 *
 * Adding a stage is one line in STAGES. A stage is any command; `env` is added to its environment.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Stage {
  name: string;
  command: string;
  env?: Record<string, string>;
}

export const STAGES: readonly Stage[] = [
  { name: 'check', command: 'npm run check' },
  { name: 'build', command: 'npm run build' },
  { name: 'budget', command: 'npm run budget' },
  // The W3C Nu Html Checker, Google's structured-data rules and pa11y over every sitemap page.
  { name: 'validate', command: 'npm run validate' },
  { name: 'unit', command: 'npm run test:unit' },
  // The server of the end-to-end tests serves the dist/ just built instead of building again.
  { name: 'e2e', command: 'npm run test:e2e', env: { E2E_PREBUILT: '1' } },
  // A copy of the site with generated raster photos, built and served on its own.
  { name: 'photos', command: 'npm run test:photos' },
  // A copy of the site with its lot grown to 100 units, built and served on its own.
  { name: 'lot', command: 'npm run test:lot' },
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

function run(stage: Stage): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(stage.command, { shell: true, stdio: 'inherit', env: { ...process.env, ...stage.env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

const seconds = (s: number) => (s >= 60 ? `${Math.floor(s / 60)}m ${(s % 60).toFixed(0).padStart(2, '0')}s` : `${s.toFixed(1)}s`);

/** The stage-time table as printed at the end of `npm test`. */
export function formatTimes(times: readonly StageTime[]): string {
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
    seconds(total((t) => t.wallSeconds)),
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
  const times: StageTime[] = stages.map((s) => ({ name: s.name, status: 'not run', wallSeconds: 0, cpuSeconds: undefined }));
  for (const [index, stage] of stages.entries()) {
    console.log(`\n▶ ${stage.name}: ${stage.command}`);
    const cpuBefore = childrenCpu();
    const started = performance.now();
    const code = await run(stage);
    const cpuAfter = childrenCpu();
    times[index] = {
      name: stage.name,
      status: code === 0 ? 'passed' : 'failed',
      wallSeconds: (performance.now() - started) / 1000,
      cpuSeconds: cpuBefore && cpuAfter ? { user: cpuAfter.user - cpuBefore.user, system: cpuAfter.system - cpuBefore.system } : undefined,
    };
    if (code !== 0) break;
  }
  console.log(`\n${formatTimes(times)}`);
  if (times.some((t) => t.status !== 'passed')) process.exit(1);
}
