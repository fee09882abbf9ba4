import { describe, expect, it } from 'vitest';
import { formatTimes, parseTimes, runStages, selectStages, STAGES, waves, type Stage } from '../../scripts/test-all.ts';

const names = (runs: Stage[][]) => runs.map((run) => run.map((s) => s.name));

describe('npm test runner', () => {
  it('starts check and the build at once; after the build the unit tests; after them the budget and the end-to-end tests; validate after the budget; the copy of the site last', () => {
    expect(names(waves(STAGES))).toEqual([['check', 'build'], ['unit'], ['budget', 'e2e'], ['validate'], ['copy']]);
  });

  it('runs the check, which waits for no deadline, at a lower priority than the tests', () => {
    expect(STAGES.find((s) => s.name === 'check')?.command).toMatch(/^nice -n \d+ npm run check$/);
  });

  it('orders no stage by the clock: the copy of the site, which builds with what the admin test saves, runs that test itself', () => {
    expect(STAGES.some((s) => Object.keys(s.env ?? {}).some((key) => /WAIT|SECONDS/.test(key)))).toBe(false);
    expect(STAGES.find((s) => s.name === 'copy')?.command).toBe('npm run test:copy');
  });

  it('builds the copy of the site after the admin test of the same run has passed, and runs its tests after that build; the end-to-end run leaves the admin test to it', async () => {
    const { default: copy } = await import('../../playwright.copy.config.ts');
    const { default: e2e } = await import('../../playwright.config.ts');
    const project = (name: string) => copy.projects?.find((p) => p.name === name);
    expect(copy.projects?.map((p) => [p.name, p.dependencies ?? []])).toEqual([
      ['admin', []],
      ['build', ['admin']],
      ['copy', ['build']],
    ]);
    expect(String(project('admin')?.testMatch)).toMatch(/admin-phone/);
    expect(String(project('build')?.testMatch)).toMatch(/site\\?\.setup/);
    for (const p of e2e.projects ?? []) expect([p.testIgnore].flat().map(String), p.name).toContain('**/admin-phone.spec.ts');
  });

  it('serves the build once to the stages that test the served site, under the variable each reads', () => {
    expect(STAGES.filter((s) => s.served).map((s) => [s.name, s.served])).toEqual([
      ['budget', 'BASE_URL'],
      ['validate', 'BASE_URL'],
      ['e2e', 'E2E_BASE_URL'],
      ['copy', 'E2E_BASE_URL'],
    ]);
  });

  it('selects named stages in their order and refuses an unknown one; a named stage runs without the stages it comes after when they are not named', () => {
    expect(selectStages(['e2e', 'check']).map((s) => s.name)).toEqual(['check', 'e2e']);
    expect(selectStages([])).toHaveLength(STAGES.length);
    expect(() => selectStages(['lint'])).toThrow('unknown stage lint');
    expect(names(waves(selectStages(['validate', 'e2e', 'copy'])))).toEqual([['validate', 'e2e'], ['copy']]);
    expect(names(waves(selectStages(['budget', 'copy'])))).toEqual([['budget', 'copy']]);
    expect(names(waves(selectStages(['validate', 'budget', 'unit'])))).toEqual([['unit'], ['budget'], ['validate']]);
  });

  it('starts each stage once the stages it comes after have passed, and after a failure starts no other while those running finish', async () => {
    const stages: Stage[] = [
      { name: 'check', command: '' },
      { name: 'build', command: '' },
      { name: 'copy', command: '', after: ['build'] },
      { name: 'unit', command: '', after: ['build'] },
      { name: 'e2e', command: '', after: ['unit'] },
    ];
    const events: string[] = [];
    const finish = new Map<string, (passed: boolean) => void>();
    const started = (name: string) => events.includes(`start ${name}`);
    const run = runStages(stages, (stage) => {
      events.push(`start ${stage.name}`);
      return new Promise<boolean>((resolve) => finish.set(stage.name, resolve));
    });
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    await settle();
    expect(events).toEqual(['start check', 'start build']);
    finish.get('build')?.(true);
    await settle();
    expect(started('copy') && started('unit')).toBe(true);
    // The check fails while the copy and the unit tests run: they finish, the end-to-end tests do not start.
    finish.get('check')?.(false);
    finish.get('unit')?.(true);
    await settle();
    expect(started('e2e')).toBe(false);
    finish.get('copy')?.(true);
    const results = await run;
    expect(Object.fromEntries([...results].map(([stage, passed]) => [stage.name, passed]))).toEqual({ check: false, build: true, unit: true, copy: true });
  });

  it('refuses stages that wait for each other', () => {
    const circle = [
      { name: 'a', command: 'a', after: ['b'] },
      { name: 'b', command: 'b', after: ['a'] },
    ];
    expect(() => waves(circle)).toThrow('stages that wait for each other: a,b');
  });

  it("reads the CPU time of a stage's processes from the shell's `times`", () => {
    expect(parseTimes('0m0.010000s 0m0.002000s\n1m2.500000s 0m7.250000s\n')).toEqual({ user: 62.5, system: 7.25 });
    expect(parseTimes('')).toBeUndefined();
  });

  it('prints a stage-time table with when each stage started and a total, marking the failed stage and those not run', () => {
    const table = formatTimes([
      { name: 'check', status: 'passed', startSeconds: 0, wallSeconds: 30.2, cpuSeconds: { user: 18, system: 3 } },
      { name: 'e2e', status: 'failed', startSeconds: 30.2, wallSeconds: 125, cpuSeconds: { user: 200, system: 40 } },
      { name: 'after', status: 'not run', wallSeconds: 0, cpuSeconds: undefined },
    ]).split('\n');
    expect(table[0]).toMatch(/^stage\s+result\s+start\s+wall\s+cpu user\s+cpu system$/);
    expect(table[2]).toMatch(/^check\s+passed\s+\+0\.0s\s+30\.2s\s+18\.0s\s+3\.0s$/);
    expect(table[3]).toMatch(/^e2e\s+failed\s+\+30\.2s\s+2m 05s\s+3m 20s\s+40\.0s$/);
    expect(table[4]).toMatch(/^after\s+not run$/);
    expect(table[5]).toMatch(/^total\s+failed\s+2m 35s\s+3m 38s\s+43\.0s$/);
  });

  it("totals the run's own wall time and CPU when stages ran side by side, the CPU outside the stages on a line of its own", () => {
    const table = formatTimes(
      [
        { name: 'copy', status: 'passed', startSeconds: 10, wallSeconds: 50, cpuSeconds: { user: 12, system: 4 } },
        { name: 'unit', status: 'passed', startSeconds: 10, wallSeconds: 30, cpuSeconds: { user: 20, system: 2 } },
      ],
      { elapsedSeconds: 62.5, cpuSeconds: { user: 40, system: 7 } },
    ).split('\n');
    expect(table[3]).toMatch(/^unit\s+passed\s+\+10\.0s\s+30\.0s\s+20\.0s\s+2\.0s$/);
    expect(table[4]).toMatch(/^served build\s+8\.0s\s+1\.0s$/);
    expect(table[5]).toMatch(/^total\s+passed\s+1m 03s\s+40\.0s\s+7\.0s$/);
  });

  it('rounds minutes and seconds together: 6 min 59.6 s reads 7m 00s', () => {
    const table = formatTimes([{ name: 'e2e', status: 'passed', wallSeconds: 419.6, cpuSeconds: undefined }]).split('\n');
    expect(table[2]).toMatch(/^e2e\s+passed\s+7m 00s$/);
  });
});
