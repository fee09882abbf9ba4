import { describe, expect, it } from 'vitest';
import { formatTimes, runsOf, selectStages, STAGES } from '../../scripts/test-all.ts';

describe('npm test runner', () => {
  it('runs check, build, unit tests, the budget and the validators in that order, then the end-to-end tests and the copies of the site side by side', () => {
    expect(runsOf(STAGES).map((run) => run.map((s) => s.name))).toEqual([
      ['check'],
      ['build'],
      ['unit'],
      ['budget'],
      ['validate'],
      ['e2e', 'photos', 'lot', 'stores'],
    ]);
  });

  it('serves the build once to the stages that test the served site, under the variable each reads', () => {
    expect(STAGES.filter((s) => s.served).map((s) => [s.name, s.served])).toEqual([
      ['budget', 'BASE_URL'],
      ['validate', 'BASE_URL'],
      ['e2e', 'E2E_BASE_URL'],
    ]);
  });

  it('selects named stages in their order and refuses an unknown one', () => {
    expect(selectStages(['e2e', 'check']).map((s) => s.name)).toEqual(['check', 'e2e']);
    expect(selectStages([])).toHaveLength(STAGES.length);
    expect(() => selectStages(['lint'])).toThrow('unknown stage lint');
  });

  it('prints a stage-time table with a total, marking the failed stage and those not run', () => {
    const table = formatTimes([
      { name: 'check', status: 'passed', wallSeconds: 30.2, cpuSeconds: { user: 18, system: 3 } },
      { name: 'e2e', status: 'failed', wallSeconds: 125, cpuSeconds: { user: 200, system: 40 } },
      { name: 'after', status: 'not run', wallSeconds: 0, cpuSeconds: undefined },
    ]).split('\n');
    expect(table[0]).toMatch(/^stage\s+result\s+wall\s+cpu user\s+cpu system$/);
    expect(table[2]).toMatch(/^check\s+passed\s+30\.2s\s+18\.0s\s+3\.0s$/);
    expect(table[3]).toMatch(/^e2e\s+failed\s+2m 05s\s+3m 20s\s+40\.0s$/);
    expect(table[4]).toMatch(/^after\s+not run\s*$/);
    expect(table[5]).toMatch(/^total\s+failed\s+2m 35s\s+3m 38s\s+43\.0s$/);
  });

  it('totals the wall time of the run itself when stages ran side by side', () => {
    const table = formatTimes(
      [
        { name: 'photos', status: 'passed', wallSeconds: 50, cpuSeconds: { user: 12, system: 4 } },
        { name: 'lot', status: 'passed', wallSeconds: 30, cpuSeconds: undefined },
      ],
      52.5,
    ).split('\n');
    expect(table[3]).toMatch(/^lot\s+passed\s+30\.0s\s*$/);
    expect(table[4]).toMatch(/^total\s+passed\s+52\.5s\s+12\.0s\s+4\.0s$/);
  });

  it('rounds minutes and seconds together: 6 min 59.6 s reads 7m 00s', () => {
    const table = formatTimes([{ name: 'e2e', status: 'passed', wallSeconds: 419.6, cpuSeconds: undefined }]).split('\n');
    expect(table[2]).toMatch(/^e2e\s+passed\s+7m 00s\s*$/);
  });

  it('groups a stage marked alongside with the one before it', () => {
    const stages = [
      { name: 'a', command: 'a' },
      { name: 'b', command: 'b', alongside: true },
      { name: 'c', command: 'c' },
    ];
    expect(runsOf(stages).map((run) => run.map((s) => s.name))).toEqual([['a', 'b'], ['c']]);
  });
});
