import { describe, expect, it } from 'vitest';
import { DEFAULT_DEALER, JOBS, monthCost, monthDeploys, summaryLine, type Measured } from '../../scripts/cost-model.ts';

/** The arithmetic of `npm run cost` (docs/operations.md §What the site costs to run) on figures given here. */

const measured: Measured = {
  firstView: { bytes: 500_000, requests: 30 },
  repeatView: { bytes: 100_000, requests: 5 },
  runs: Object.fromEntries(JOBS.map((job) => [job, { idleS: 0.05, busyS: 1 }])) as Measured['runs'],
};

describe('the cost model', () => {
  it('counts a month’s deploys under the publishing rules: by hand first, then publishing times up to the budget', () => {
    expect(monthDeploys(DEFAULT_DEALER)).toEqual({ manual: 3, scheduled: 9, total: 12, budget: 12, credits: 180 });
    expect(monthDeploys({ ...DEFAULT_DEALER, adminSavesPerWeek: 0, lotSize: 0, publishesPerDay: 0 })).toMatchObject({ total: 0, credits: 0 });
    expect(monthDeploys({ ...DEFAULT_DEALER, plan: 'personal' })).toMatchObject({ scheduled: 37, total: 40 });
    expect(monthDeploys({ ...DEFAULT_DEALER, plan: 'pro', publishingTimes: 1 })).toMatchObject({ scheduled: 30, total: 33 });
    expect(monthDeploys({ ...DEFAULT_DEALER, publishesPerDay: 1 })).toMatchObject({ manual: 30, scheduled: 0, total: 30 });
  });

  it('prices bandwidth, requests, every job’s GB-hours and the e-mails of a default month', () => {
    const month = monthCost(DEFAULT_DEALER, measured);
    expect(month.bandwidthGb).toBe(2.1);
    expect(month.bandwidthCredits).toBe(42);
    expect(month.requests).toBe(120_000);
    expect(month.requestCredits).toBe(24);
    expect(Object.fromEntries(month.functions.map((f) => [f.job, [f.runs, f.busyRuns, f.credits]]))).toEqual({
      'retry-leads': [21_600, 0, 3],
      'send-alerts': [8640, 40, 1.31],
      publisher: [720, 60, 0.26],
      'daily-rebuild': [30, 0, 0],
      'deploy-succeeded': [12, 12, 0.03],
      'lead-form': [150, 150, 0.42],
    });
    expect(month.computeCredits).toBe(5.02);
    expect(month.credits).toBe(252);
    expect(month.emails).toEqual({ perDay: 8, perMonth: 221 });
    expect(summaryLine(month)).toBe('credits/month: 252 (Free 300: fits), e-mails/day: 8 (Resend Free 100: fits)');
  });

  it('says "over" past Free’s credits or Resend Free’s day', () => {
    const busy = monthCost({ ...DEFAULT_DEALER, visitsPerMonth: 20_000, leadsPerDay: 120 }, measured);
    expect(busy.fits).toMatchObject({ free: false, personal: true, resendFree: false, resendPro: true });
    expect(summaryLine(busy)).toMatch(/^credits\/month: \d+ \(Free 300: over\), e-mails\/day: \d+ \(Resend Free 100: over\)$/);
  });
});
