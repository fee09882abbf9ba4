import type { Store as NetlifyBlobs } from '@netlify/blobs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDailyRebuild, config as rebuildConfig } from '../../functions/daily-rebuild.ts';
import deploySucceeded from '../../functions/deploy-succeeded.ts';
import { recordDeploy } from '../../functions/lib/publishing/deploys.ts';
import { DEFAULT_DEPLOY_BUDGET, DEPLOY_CREDITS, PLAN_CREDITS, deployBudget, duePublishingTime, pacedAllowance } from '../../functions/lib/publishing/plan.ts';
import { PUBLISHER_EVERY_MINUTES, publishPending, rebuildIfDue, type PublishContext } from '../../functions/lib/publishing/publisher.ts';
import { publishingBlobs, readState, STATE_KEY, type PublishingState } from '../../functions/lib/publishing/record.ts';
import { config as publisherConfig, runPublisher } from '../../functions/publisher.ts';
import { publishing } from '../../src/lib/data/publishing.ts';
import { nextDatedChange } from '../../src/lib/units/units.ts';
import { DEFAULT_DEALER, monthCost, type Measured } from '../../scripts/cost-model.ts';
import { GitHubStandIn } from '../support/github.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { BuildHookStandIn } from './publishing-harness.ts';

/**
 * The publishing model (docs/product.md §Publishing) on the real handlers, the real Blobs
 * sandbox, the real GitHub client and build hook client against loopback stand-ins, and the
 * real mailer sending to the recording mailbox.
 */

const REPO = 'dealer/site';
const sha = (n: number) => n.toString(16).padStart(40, '0');
const at = (iso: string) => Date.parse(iso);

const { mailbox } = functionSandbox({ mailbox: true });
const github = new GitHubStandIn(REPO);
const hook = new BuildHookStandIn();
const store = () => publishingBlobs();

const ENV = ['BUILD_HOOK_URL', 'GITHUB_TOKEN', 'GITHUB_REPOSITORY', 'GITHUB_BRANCH', 'GITHUB_API_URL'] as const;

beforeAll(async () => {
  await Promise.all([github.start(), hook.start()]);
  // The publisher's tokens: any that GitHub knows reads the branch.
  for (const token of ['ghp_test', 't']) github.accounts.set(token, { login: 'dealer', permissions: { admin: false, push: true, pull: true } });
});
afterAll(async () => {
  for (const name of ENV) delete process.env[name];
  await Promise.all([github.stop(), hook.stop()]);
});
beforeEach(async () => {
  Object.assign(process.env, {
    BUILD_HOOK_URL: hook.url,
    GITHUB_TOKEN: 'ghp_test',
    GITHUB_REPOSITORY: REPO,
    GITHUB_BRANCH: 'main',
    GITHUB_API_URL: github.url,
  });
  await store().delete(STATE_KEY);
  hook.calls.length = 0;
  hook.status = 200;
  hook.onBuild = undefined;
  github.requests.length = 0;
  github.down = false;
  mailbox.reset();
});

/** Netlify's deploy-succeeded event for a production deploy of `commit`. */
const deployEvent = (id: string, commit: string) => ({ payload: { id, context: 'production', state: 'ready', commit_ref: commit, branch: 'main' } });
const noLot = { units: [], soldPageDays: 30 };

async function seed(state: Partial<PublishingState> & { month: string }): Promise<void> {
  await store().setJSON(STATE_KEY, { deploys: [], asks: [], ...state });
}

/** A store that counts what a run asks of it. */
function counting(target: NetlifyBlobs): { store: NetlifyBlobs; calls: string[] } {
  const calls: string[] = [];
  const store = new Proxy(target, {
    get(object, name, receiver) {
      const value = Reflect.get(object, name, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(name));
        return (value as (...a: unknown[]) => unknown).apply(object, args);
      };
    },
  });
  return { store, calls };
}

describe('the plan arithmetic', () => {
  it('leaves 40% of every plan’s credits to visitors and functions by default', () => {
    expect(DEFAULT_DEPLOY_BUDGET).toEqual({ free: 12, personal: 40, pro: 120 });
    for (const plan of ['free', 'personal', 'pro'] as const) expect(DEFAULT_DEPLOY_BUDGET[plan] * DEPLOY_CREDITS).toBeLessThanOrEqual(PLAN_CREDITS[plan] * 0.6);
    expect(deployBudget({ plan: 'free' })).toBe(12);
    expect(deployBudget({ plan: 'free', deployBudget: 5 })).toBe(5);
    expect(deployBudget({ plan: 'pro', deployBudget: 0 })).toBe(0);
  });

  it('reads publishing times on New York’s clock, winter and summer, once per hourly run', () => {
    const times = ['12:00', '17:00'];
    expect(duePublishingTime(times, at('2026-12-01T17:00:04Z'), 60)).toBe('12:00'); // EST
    expect(duePublishingTime(times, at('2026-12-01T16:59:59Z'), 60)).toBeNull();
    expect(duePublishingTime(times, at('2026-12-01T18:00:00Z'), 60)).toBeNull();
    expect(duePublishingTime(times, at('2026-12-01T22:00:00Z'), 60)).toBe('17:00');
    expect(duePublishingTime(times, at('2026-07-01T16:00:00Z'), 60)).toBe('12:00'); // EDT
    expect(duePublishingTime(times, at('2026-07-01T17:00:00Z'), 60)).toBeNull();
    expect(duePublishingTime(['12:30'], at('2026-12-01T18:00:00Z'), 60)).toBe('12:30');
    expect(duePublishingTime(['00:00'], at('2026-12-01T05:00:00Z'), 60)).toBe('00:00');
  });

  it('spreads the budget over the month’s days', () => {
    expect(pacedAllowance(12, at('2026-12-01T17:00:00Z'))).toBe(1);
    expect(pacedAllowance(12, at('2026-12-16T17:00:00Z'))).toBe(7);
    expect(pacedAllowance(12, at('2026-12-31T22:00:00Z'))).toBe(12);
    expect(pacedAllowance(0, at('2026-12-31T22:00:00Z'))).toBe(0);
  });

  it('runs the publisher as often as its publishing times are read, and the rebuild late in New York’s evening', () => {
    expect(publisherConfig.schedule).toBe('0 * * * *');
    expect(PUBLISHER_EVERY_MINUTES).toBe(60);
    expect(rebuildConfig.schedule).toBe('30 3 * * *');
    expect(publishing.publishingTimes).toEqual(['12:00', '17:00']);
    expect(publishing.plan).toBe('free');
  });
});

describe('the publisher', () => {
  it('outside publishing times asks nothing of the store, GitHub or the hook', async () => {
    github.moveBranch('main', sha(2));
    const response = await runPublisher(at('2026-12-02T15:00:00Z'));
    expect(await response.json()).toEqual({ action: 'none', reason: 'not a publishing time' });
    const { store: counted, calls } = counting(store());
    const context = { store: counted, now: at('2026-12-02T15:00:00Z'), settings: publishing } as unknown as PublishContext;
    expect(await publishPending(context)).toMatchObject({ action: 'none' });
    expect(calls).toEqual([]);
    expect(github.requests).toEqual([]);
    expect(hook.calls).toEqual([]);
  });

  it('deploys at a publishing time when the branch is ahead of the deployed commit, once', async () => {
    await recordDeploy(store(), deployEvent('d1', sha(1)), noLot, at('2026-12-01T12:00:00Z'));
    github.moveBranch('main', sha(2));
    const first = await runPublisher(at('2026-12-10T17:00:00Z'));
    expect(await first.json()).toMatchObject({ action: 'asked', spent: 2, budget: 12 });
    expect(hook.calls.map((call) => call.title)).toEqual([`Publishing time 12:00: ${sha(2).slice(0, 7)}`]);
    expect(github.requests[0]).toEqual({ method: 'GET', path: `/repos/${REPO}/branches/main`, authorization: 'Bearer ghp_test' });
    // The build is on its way: a run meanwhile does not ask again.
    expect(await (await runPublisher(at('2026-12-10T17:30:00Z'))).json()).toEqual({ action: 'none', reason: 'a deploy is already on its way' });
    // It succeeded: the site shows the head, nothing waits.
    await recordDeploy(store(), deployEvent('d2', sha(2)), noLot, at('2026-12-10T17:03:00Z'));
    expect(await (await runPublisher(at('2026-12-11T17:00:00Z'))).json()).toMatchObject({ action: 'none', reason: expect.stringContaining('nothing waits') });
    expect(hook.calls).toHaveLength(1);
    const state = await readState(store(), at('2026-12-11T17:00:00Z'));
    expect(state.deploys.map((deploy) => deploy.id)).toEqual(['d1', 'd2']);
    expect(state.asks).toEqual([]);
  });

  it('deploys a commit that skipped Netlify’s own build (the import’s "[skip netlify]") like any other', async () => {
    await recordDeploy(store(), deployEvent('d1', sha(1)), noLot, at('2026-12-01T12:00:00Z'));
    github.moveBranch('main', sha(7)); // committed through the API with "[skip netlify]": no deploy event came
    expect(await (await runPublisher(at('2026-12-05T22:00:00Z'))).json()).toMatchObject({ action: 'asked' });
  });

  it('counts every production deploy once from the deploy-succeeded event, and no preview', async () => {
    // The runtime names the deploy the function runs in (functions/lib/http/guards.ts).
    const post = (body: { payload: { id: string; context?: string; state?: string; commit_ref?: string } }) =>
      deploySucceeded(new Request('http://localhost/.netlify/functions/deploy-succeeded', { method: 'POST', body: JSON.stringify(body) }), {
        deploy: { id: body.payload.id, context: body.payload.context ?? 'production' },
      });
    expect((await post(deployEvent('d9', sha(9)))).status).toBe(200);
    expect((await post(deployEvent('d9', sha(9)))).status).toBe(200);
    expect((await post({ payload: { id: 'p1', context: 'deploy-preview', state: 'ready', commit_ref: sha(3) } })).status).toBe(200);
    const state = await readState(store(), Date.now());
    expect(state.deploys.map((deploy) => deploy.id)).toEqual(['d9']);
    expect(state.deployed).toMatchObject({ id: 'd9', commit: sha(9) });
  });

  it('keeps to the month’s pace and, with the budget spent, asks nothing and e-mails the dealer once', async () => {
    github.moveBranch('main', sha(5));
    const deploys = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `d${i}`, at: at('2026-12-01T17:00:00Z'), commit: sha(1) }));
    await seed({ month: '2026-12', deploys: deploys(7), deployed: { id: 'd6', at: at('2026-12-01T17:00:00Z'), commit: sha(1), nextChange: null } });
    expect(await (await runPublisher(at('2026-12-10T17:00:00Z'))).json()).toMatchObject({ action: 'none', reason: expect.stringContaining('paced') });
    await seed({ month: '2026-12', deploys: deploys(12), deployed: { id: 'd11', at: at('2026-12-01T17:00:00Z'), commit: sha(1), nextChange: null } });
    const held = await (await runPublisher(at('2026-12-20T17:00:00Z'))).json();
    expect(held).toMatchObject({ action: 'held', spent: 12, budget: 12, notified: true });
    expect(await (await runPublisher(at('2026-12-20T22:00:00Z'))).json()).toMatchObject({ action: 'held', notified: false });
    expect(hook.calls).toEqual([]);
    expect(mailbox.received).toHaveLength(1);
    const notice = mailbox.received[0]!.body;
    expect(notice.to).toEqual(['sales@example.com']);
    expect(notice.subject).toMatch(/deploys are spent/);
    expect(notice.text).toContain(`since commit ${sha(1).slice(0, 7)}`);
    expect(notice.text).toContain('Publish Changes');
    // A new month: the count starts again and what waits goes out.
    expect(await (await runPublisher(at('2027-01-01T17:00:00Z'))).json()).toMatchObject({ action: 'asked', spent: 1 });
  });

  it('reports GitHub or the hook failing as a failure that asks for nothing and counts nothing', async () => {
    await recordDeploy(store(), deployEvent('d1', sha(1)), noLot, at('2026-12-01T12:00:00Z'));
    github.moveBranch('main', sha(2));
    const base = { store: store(), settings: publishing, notify: null, dealerEmail: 'x@example.com', siteName: 'Dealer' };
    const config = { hookUrl: hook.url, github: { token: 't', baseUrl: github.url }, repository: REPO, branch: 'main' };
    github.down = true;
    expect(await publishPending({ ...base, config, now: at('2026-12-10T17:00:00Z') })).toEqual({
      action: 'failed',
      reason: "the branch's head is unknown: Service unavailable",
    });
    github.down = false;
    hook.status = 500;
    expect(await publishPending({ ...base, config, now: at('2026-12-10T17:00:00Z') })).toEqual({ action: 'failed', reason: 'the build hook answered 500' });
    expect((await readState(store(), at('2026-12-10T17:00:00Z'))).asks).toEqual([]);
    expect(await publishPending({ ...base, config: { ...config, github: null }, now: at('2026-12-10T17:00:00Z') })).toMatchObject({ action: 'none' });
  });
});

describe('the daily rebuild', () => {
  const lot = {
    soldPageDays: 30,
    units: [
      { status: 'available' as const },
      { status: 'sold' as const, soldDate: '2026-11-20' }, // its page becomes a 301 on 2026-12-21
      { status: 'sold' as const, soldDate: '2026-12-02' }, // … on 2027-01-02
      { status: 'sold' as const }, // no date: already gone
    ],
  };

  it('knows the next day the lot changes by date', () => {
    expect(nextDatedChange(lot.units, '2026-12-01', 30)).toBe('2026-12-21');
    expect(nextDatedChange(lot.units, '2026-12-21', 30)).toBe('2027-01-02');
    expect(nextDatedChange(lot.units, '2027-01-02', 30)).toBeNull();
  });

  it('over a month of days deploys on the one day a dated change is due', async () => {
    hook.onBuild = async () => void (await recordDeploy(store(), deployEvent(`r${hook.calls.length}`, sha(1)), lot, Date.parse(hook.now)));
    process.env.GITHUB_TOKEN = '';
    await recordDeploy(store(), deployEvent('d1', sha(1)), lot, at('2026-12-01T12:00:00Z'));
    const asked: string[] = [];
    for (let day = 1; day <= 31; day++) {
      hook.now = `2026-12-${String(day).padStart(2, '0')}T22:30:00-05:00`; // 03:30 UTC the next day
      const outcome = (await (await runDailyRebuild(Date.parse(hook.now))).json()) as { action: string };
      if (outcome.action !== 'none') asked.push(`${hook.now.slice(0, 10)} ${outcome.action}`);
    }
    expect(asked).toEqual(['2026-12-21 asked']);
    expect(hook.calls.map((call) => call.title)).toEqual(['Dated change of 2026-12-21']);
    expect((await readState(store(), at('2026-12-31T22:30:00-05:00'))).deployed?.nextChange).toBe('2027-01-02');
  });

  it('lets a deploy at a publishing time carry the day’s dated change, so the evening asks for none', async () => {
    await recordDeploy(store(), deployEvent('d1', sha(1)), lot, at('2026-12-01T12:00:00Z'));
    github.moveBranch('main', sha(1));
    hook.now = '2026-12-21T12:00:00-05:00';
    hook.onBuild = async () => void (await recordDeploy(store(), deployEvent('d2', sha(1)), lot, Date.parse(hook.now)));
    expect(await (await runPublisher(Date.parse(hook.now))).json()).toMatchObject({
      action: 'asked',
      reason: 'Publishing time 12:00: dated change of 2026-12-21',
    });
    expect(await (await runDailyRebuild(at('2026-12-21T22:30:00-05:00'))).json()).toEqual({
      action: 'none',
      reason: 'the next dated change is due on 2027-01-02',
    });
    expect(hook.calls).toHaveLength(1);
  });

  it('with nothing due returns after one read of the store', async () => {
    await recordDeploy(store(), deployEvent('d1', sha(1)), lot, at('2026-12-01T12:00:00Z'));
    const { store: counted, calls } = counting(store());
    const context = { store: counted, now: at('2026-12-05T22:30:00-05:00'), settings: publishing } as unknown as PublishContext;
    expect(await rebuildIfDue(context)).toEqual({ action: 'none', reason: 'the next dated change is due on 2026-12-21' });
    expect(calls).toEqual(['get']);
  });
});

describe('a month of simulated days with the default settings', () => {
  /**
   * December 2026 hour by hour with a single-store dealer's defaults (scripts/cost-model.ts):
   * 10 saves a week (one most days, two on three days), 3 publishes by hand, 10 units sold in
   * the month before (each page turning into its 301 this month), the bundled publishing times
   * (12:00 and 17:00) and plan (Free). The stand-in build hook counts what the site asks for;
   * its "build" reports the deploy as Netlify's event would.
   */
  it('asks the build hook within the Free plan’s budget and fits Free with the default traffic', { timeout: 30_000 }, async () => {
    const sold = Array.from({ length: DEFAULT_DEALER.lotSize * DEFAULT_DEALER.soldShare }, (_, i) => ({
      status: 'sold' as const,
      soldDate: `2026-11-${String(1 + 3 * i).padStart(2, '0')}`,
    }));
    const lot = { units: [{ status: 'available' as const }, ...sold], soldPageDays: 30 };
    let head = 1;
    let deploys = 0;
    const deploy = async (at: number, by = 'site') => void (await recordDeploy(store(), deployEvent(`${by}-${++deploys}`, sha(head)), lot, at));
    github.moveBranch('main', sha(head));
    await deploy(at('2026-11-30T12:00:00Z'));
    deploys = 0;
    hook.onBuild = () => deploy(Date.parse(hook.now));
    const byHand = new Set([10, 20, 30]);
    for (let day = 1; day <= 31; day++) {
      for (let hour = 0; hour < 24; hour++) {
        const now = Date.UTC(2026, 11, day, hour);
        hook.now = new Date(now).toISOString();
        // Editors save in the morning and the afternoon (New York), 10 a week.
        if ((hour === 14 && day % 7 !== 0) || (hour === 20 && [1, 3, 5, 0].includes(day % 7))) github.moveBranch('main', sha(++head));
        if (hour === 15 && byHand.has(day)) await deploy(now, 'hand'); // "Save and Publish" through the admin's hook
        await runPublisher(now);
        if (hour === 3) await runDailyRebuild(now + 30 * 60_000);
      }
    }
    const state = await readState(store(), at('2026-12-31T23:59:00Z'));
    // What the site asked for, and every production deploy of the month.
    // What the site asked for (saves and dated changes together, paced over the month), and
    // every production deploy of the month: those and the three by hand.
    expect(hook.calls.length).toBe(10);
    expect(hook.calls.length).toBeLessThanOrEqual(DEFAULT_DEPLOY_BUDGET.free);
    expect(deploys).toBe(hook.calls.length + byHand.size);
    expect(state.deploys).toHaveLength(deploys);
    // Spread over the month: the last deploy the site asked for is in its last week.
    const asked = state.deploys.filter((d) => d.id.startsWith('site-')).map((d) => new Date(d.at).toISOString().slice(0, 10));
    expect(asked.filter((day) => day < '2026-12-11')).toHaveLength(4);
    expect(asked.filter((day) => day >= '2026-12-24')).not.toHaveLength(0);
    // Past the budget, the dealer was told once.
    expect(mailbox.received.filter((mail) => mail.body.subject.includes('deploys are spent'))).toHaveLength(1);
    // With the default traffic on pages heavier than ours measure (`npm run cost`), it fits Free.
    const heavy: Measured = {
      firstView: { bytes: 600_000, requests: 40 },
      repeatView: { bytes: 150_000, requests: 10 },
      runs: Object.fromEntries(
        ['retry-leads', 'send-alerts', 'publisher', 'daily-rebuild', 'deploy-succeeded', 'lead-form'].map((job) => [job, { idleS: 0.1, busyS: 2 }]),
      ) as Measured['runs'],
    };
    const month = monthCost(DEFAULT_DEALER, heavy);
    expect(Math.abs(month.deploys.total - deploys)).toBeLessThanOrEqual(1);
    expect(month.credits - month.deploys.credits + deploys * DEPLOY_CREDITS).toBeLessThanOrEqual(300);
    expect(month.fits.free).toBe(true);
  });
});
