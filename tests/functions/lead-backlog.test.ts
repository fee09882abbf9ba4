import { describe, expect, it, vi } from 'vitest';
import { RUN_LIMIT_MS } from '../../functions/retry-leads.ts';
import { clearBacklog, fillBacklog } from './backlog.ts';
import { configureMail } from '../support/mailbox.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { storedLeads } from './contact-harness.ts';

/**
 * The retry job with a backlog, at the provider's pace: a small, fast version of
 * `npm run leads:backlog` (1,000 leads at 2 requests a second).
 */

const { blobs, mailbox } = functionSandbox({ mailbox: true });

describe('clearing a backlog of pending leads', () => {
  const rate = 20;
  const limitMs = 3_000;
  const maxRuns = 60;
  // Bounded by its runs, not by the machine: on a busy one a run gets fewer requests out, and
  // more runs follow, each within its limit.
  it('stays under the provider’s rate and each run’s time limit, oldest first, each lead e-mailed once', { timeout: maxRuns * limitMs + 30_000 }, async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    configureMail(mailbox);
    process.env.RESEND_RATE_PER_SECOND = String(rate);
    mailbox.limitPerSecond = rate;
    const ids = await fillBacklog(blobs.store, 30);

    const dealerAfterRun: string[][] = [];
    const dealerMails = () => mailbox.received.filter((m) => m.body.to.includes('sales@dealer.test')).map((m) => m.body.reply_to ?? '');
    const { runs } = await clearBacklog(blobs.store, { limitMs, maxRuns, onRun: () => dealerAfterRun.push(dealerMails()) });

    // Every request went through: none over the rate (the mailbox answers 429 past it).
    expect(mailbox.overLimit).toBe(0);
    expect(mailbox.requests).toHaveLength(60);
    // A bounded batch per run, each run inside its limit.
    expect(runs.length).toBeGreaterThan(2);
    for (const run of runs) expect(run.ms).toBeLessThan(limitMs + 500);
    // Oldest first: after each run, the leads e-mailed are among the oldest (give or take the
    // few a run works on side by side).
    const byAge = ids.map((_, i) => `visitor${i}@example.com`);
    for (const sent of dealerAfterRun) for (const address of sent) expect(byAge.indexOf(address)).toBeLessThan(sent.length + 3);
    // Each lead once, and all of them sent.
    expect(dealerMails().sort()).toEqual([...byAge].sort());
    expect((await storedLeads(blobs.store)).every((lead) => lead.status === 'sent')).toBe(true);
    // Requests never start faster than the rate allows.
    const starts = mailbox.requests.map((r) => r.at);
    for (let i = rate; i < starts.length; i++) expect((starts[i] ?? 0) - (starts[i - rate] ?? 0)).toBeGreaterThanOrEqual(1000 - 15);
  });

  it('gives a scheduled run 25 of its 30 seconds', () => {
    expect(RUN_LIMIT_MS).toBe(25_000);
  });
});
