import { describe, expect, it } from 'vitest';
import { formatTimes, parseTimes, selectStages, STAGES, waves, type Stage } from '../../scripts/test-all.ts';

const names = (runs: Stage[][]) => runs.map((run) => run.map((s) => s.name));

describe('npm test runner', () => {
  it('starts check and the build at once; after the build the copy of the site, the unit tests and the budget; then validate after the budget and the end-to-end tests after the unit tests', () => {
    expect(names(waves(STAGES))).toEqual([
      ['check', 'build'],
      ['copy', 'unit', 'budget'],
      ['validate', 'e2e'],
    ]);
  });

  it('orders no stage by the clock: the copy of the site, which builds with what the admin test saves, runs that test itself', () => {
    expect(STAGES.some((s) => Object.keys(s.env ?? {}).some((key) => /WAIT|SECONDS/.test(key)))).toBe(false);
    expect(STAGES.find((s) => s.name === 'copy')?.command).toBe('npm run test:copy');
  });

  it('serves the build once to the stages that test the served site, under the variable each reads', () => {
    expect(STAGES.filter((s) => s.served).map((s) => [s.name, s.served])).toEqual([
      ['copy', 'E2E_BASE_URL'],
      ['budget', 'BASE_URL'],
      ['validate', 'BASE_URL'],
      ['e2e', 'E2E_BASE_URL'],
    ]);
  });

  it('selects named stages in their order and refuses an unknown one; a named stage runs without the stages it comes after when they are not named', () => {
    expect(selectStages(['e2e', 'check']).map((s) => s.name)).toEqual(['check', 'e2e']);
    expect(selectStages([])).toHaveLength(STAGES.length);
    expect(() => selectStages(['lint'])).toThrow('unknown stage lint');
    expect(names(waves(selectStages(['validate', 'e2e', 'unit'])))).toEqual([['unit', 'validate'], ['e2e']]);
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
