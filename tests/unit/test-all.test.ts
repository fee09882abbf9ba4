import { describe, expect, it } from 'vitest';
import { formatTimes, selectStages, STAGES } from '../../scripts/test-all.ts';

describe('npm test runner', () => {
  it('runs check, build, budget, the validators, unit tests, end-to-end tests and the photo tests in that order, the server serving the build', () => {
    expect(STAGES.map((s) => s.name)).toEqual(['check', 'build', 'budget', 'validate', 'unit', 'e2e', 'photos', 'lot']);
    expect(STAGES.find((s) => s.name === 'e2e')?.env).toEqual({ E2E_PREBUILT: '1' });
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
});
