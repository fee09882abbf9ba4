// What the site costs to run for a dealer, a month (docs/operations.md §What the site costs to
// run): deploys, bandwidth and requests of the built site's real pages, function GB-hours from
// the measured run times of the real handlers, and e-mails, against Netlify's and Resend's plans.
//
//   npm run build && npm run cost -- [--visits 3000] [--pages 3] [--saves 10] [--publishes 0.1]
//     [--leads 5] [--subscribers 50] [--lot 40] [--plan free] [--times 2] [--emails-per-lead 1]
//
// Pages: the home page, the inventory and a unit page of dist/, served as Netlify serves them
// (netlify serve, behind the compressing proxy of `npm run perf`) and loaded in Chromium as one
// visit: the first page with an empty cache, the others with what it cached. Handlers: run
// in-process against a local Blobs sandbox, the mailbox, GitHub and build hook stand-ins on
// loopback, idle (nothing to do) and busy, each the median of a few runs.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { DEFAULT_DEALER, JOBS, monthCost, summaryLine, type DealerFigures, type Job, type Measured } from './cost-model.ts';
import { CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from './chromium.ts';
import { firstViewDone, requestsInFlight } from './first-view.ts';
import { startProxy } from './perf.ts';
import { servedSite } from './served-site.ts';
import { NETLIFY, RESEND } from '../functions/lib/publishing/rates.ts';

const root = join(import.meta.dirname, '..');

const { values } = parseArgs({
  options: {
    visits: { type: 'string', default: String(DEFAULT_DEALER.visitsPerMonth) },
    pages: { type: 'string', default: String(DEFAULT_DEALER.pagesPerVisit) },
    saves: { type: 'string', default: String(DEFAULT_DEALER.adminSavesPerWeek) },
    publishes: { type: 'string', default: String(DEFAULT_DEALER.publishesPerDay) },
    leads: { type: 'string', default: String(DEFAULT_DEALER.leadsPerDay) },
    subscribers: { type: 'string', default: String(DEFAULT_DEALER.alertSubscribers) },
    lot: { type: 'string', default: String(DEFAULT_DEALER.lotSize) },
    plan: { type: 'string', default: DEFAULT_DEALER.plan },
    times: { type: 'string', default: String(DEFAULT_DEALER.publishingTimes) },
    'emails-per-lead': { type: 'string', default: String(DEFAULT_DEALER.emailsPerLead) },
  },
});

function number(name: keyof typeof values): number {
  const value = Number(values[name]);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number ≥ 0, found "${values[name]}"`);
  return value;
}
if (!['free', 'personal', 'pro'].includes(String(values.plan))) throw new Error('--plan must be free, personal or pro');

const dealer: DealerFigures = {
  ...DEFAULT_DEALER,
  visitsPerMonth: number('visits'),
  pagesPerVisit: Math.max(1, number('pages')),
  adminSavesPerWeek: number('saves'),
  publishesPerDay: number('publishes'),
  leadsPerDay: number('leads'),
  alertSubscribers: number('subscribers'),
  lotSize: number('lot'),
  plan: values.plan as DealerFigures['plan'],
  publishingTimes: number('times'),
  emailsPerLead: number('emails-per-lead'),
};

// --- The pages, as a visitor's browser fetches them --------------------------------------------

async function measurePages(): Promise<Pick<Measured, 'firstView' | 'repeatView'>> {
  if (!existsSync(join(root, 'dist', 'index.html'))) throw new Error('No build in dist/: run `npm run build` first.');
  const unit = readdirSync(join(root, 'data', 'units'))
    .map((file) => file.replace(/\.json$/, ''))
    .find((id) => existsSync(join(root, 'dist', 'vehicles', `${id}.html`)));
  if (!unit) throw new Error('No unit page in dist/vehicles/: run `npm run build` first.');
  const unitPath = `/vehicles/${unit}`;
  const site = await servedSite();
  const proxy = await startProxy(new URL(site.base));
  const browser = await chromium.launch({ executablePath: HEADLESS_CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const views: { path: string; bytes: number; requests: number }[] = [];
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const inFlight = requestsInFlight(cdp);
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (event) => {
      requests += 1;
      bytes += event.encodedDataLength;
    });
    for (const path of ['/', '/inventory', unitPath]) {
      bytes = 0;
      requests = 0;
      await page.goto(new URL(path, proxy.url).href, { waitUntil: 'load' });
      await firstViewDone(page, inFlight);
      views.push({ path, bytes, requests });
    }
    const [first, ...repeats] = views;
    const mean = (pick: (view: { bytes: number; requests: number }) => number) => repeats.reduce((sum, view) => sum + pick(view), 0) / repeats.length;
    console.log('Pages (375 px phone, one visit):');
    for (const view of views)
      console.log(`  ${view.path.padEnd(48)} ${(view.bytes / 1024).toFixed(1).padStart(8)} KB  ${String(view.requests).padStart(3)} requests`);
    return { firstView: { bytes: first!.bytes, requests: first!.requests }, repeatView: { bytes: mean((v) => v.bytes), requests: mean((v) => v.requests) } };
  } finally {
    await browser.close();
    proxy.close();
    await site.stop();
  }
}

// --- The handlers, in-process ------------------------------------------------------------------

async function measureHandlers(): Promise<Measured['runs']> {
  const { startBlobs } = await import('../tests/support/blobs.ts');
  const { configureMail, Mailbox } = await import('../tests/support/mailbox.ts');
  const { Client, VALID } = await import('../tests/functions/contact-harness.ts');
  const { configureAlerts, subscriber, subscribe } = await import('../tests/functions/alerts-harness.ts');
  const { fillBacklog } = await import('../tests/functions/backlog.ts');
  const { BuildHookStandIn } = await import('../tests/functions/publishing-harness.ts');
  const { GitHubStandIn } = await import('../tests/support/github.ts');
  const { default: retryLeads } = await import('../functions/retry-leads.ts');
  const { default: sendAlerts } = await import('../functions/send-alerts.ts');
  const { scheduledInvocation } = await import('../functions/lib/http/guards.ts');
  // The scheduler's call, from this machine: with the served build's URL on loopback, the guard
  // runs a job only for a call from here (functions/lib/http/guards.ts).
  const asScheduler = () => {
    const request = scheduledInvocation();
    request.headers.set('x-nf-client-connection-ip', '127.0.0.1');
    return request;
  };
  const { runPublisher } = await import('../functions/publisher.ts');
  const { runDailyRebuild } = await import('../functions/daily-rebuild.ts');
  const { default: deploySucceeded } = await import('../functions/deploy-succeeded.ts');
  const { publishingBlobs, STATE_KEY } = await import('../functions/lib/publishing/record.ts');

  const blobs = await startBlobs();
  const mailbox = await new Mailbox().start();
  const [github, hook] = await Promise.all([new GitHubStandIn('dealer/site').start(), new BuildHookStandIn().start()]);
  github.accounts.set('ghp_cost', { login: 'dealer', permissions: { admin: false, push: true, pull: true } });
  configureMail(mailbox);
  configureAlerts(mailbox);
  process.env.RESEND_RATE_PER_SECOND = String(RESEND.requestsPerSecond);
  Object.assign(process.env, {
    BUILD_HOOK_URL: hook.url,
    GITHUB_TOKEN: 'ghp_cost',
    GITHUB_REPOSITORY: 'dealer/site',
    GITHUB_BRANCH: 'main',
    GITHUB_API_URL: github.url,
  });
  const quiet = { info: console.info, warn: console.warn };
  console.info = () => {};
  console.warn = () => {};

  const seconds = async (run: () => Promise<unknown>, times = 5): Promise<number> => {
    const taken: number[] = [];
    for (let i = 0; i < times; i++) {
      const started = performance.now();
      await run();
      taken.push((performance.now() - started) / 1000);
    }
    return taken.sort((a, b) => a - b)[Math.floor(taken.length / 2)]!;
  };
  const runs = {} as Measured['runs'];
  try {
    // retry-leads: nothing pending; then five leads that piled up during an outage.
    const retryIdle = await seconds(() => retryLeads(asScheduler()));
    await fillBacklog(blobs.store, 5);
    const retryBusy = await seconds(() => retryLeads(asScheduler()), 1);
    runs['retry-leads'] = { idleS: retryIdle, busyS: retryBusy };

    // send-alerts: nothing queued; then three confirmations waiting.
    const alertsIdle = await seconds(() => sendAlerts(asScheduler()));
    mailbox.mode = 'down';
    const client = subscriber();
    for (let i = 0; i < 3; i++) await subscribe(client, { email: `buyer${i}@example.com`, alert: 'price', unit: 'evo-d5-maverick-4-plus-sky-blue' }, undefined);
    await client.settle();
    mailbox.mode = 'ok';
    const alertsBusy = await seconds(() => sendAlerts(asScheduler()), 1);
    runs['send-alerts'] = { idleS: alertsIdle, busyS: alertsBusy };

    // publisher: outside publishing times; then at one, with a commit waiting.
    const store = publishingBlobs();
    const offTime = Date.parse('2026-12-10T15:00:00Z');
    const publisherIdle = await seconds(() => runPublisher(offTime));
    github.moveBranch('main', 'b'.repeat(40));
    const publisherBusy = await seconds(async () => {
      await store.setJSON(STATE_KEY, {
        month: '2026-12',
        deploys: [],
        asks: [],
        deployed: { id: 'd0', at: offTime, commit: 'a'.repeat(40), nextChange: null },
      });
      await runPublisher(Date.parse('2026-12-10T17:00:00Z'));
    }, 3);
    runs.publisher = { idleS: publisherIdle, busyS: publisherBusy };

    // daily-rebuild: nothing due; then a dated change due.
    const evening = Date.parse('2026-12-10T22:30:00-05:00');
    await store.setJSON(STATE_KEY, {
      month: '2026-12',
      deploys: [],
      asks: [],
      deployed: { id: 'd0', at: offTime, commit: 'a'.repeat(40), nextChange: '2026-12-20' },
    });
    const rebuildIdle = await seconds(() => runDailyRebuild(evening));
    const rebuildBusy = await seconds(async () => {
      await store.setJSON(STATE_KEY, {
        month: '2026-12',
        deploys: [],
        asks: [],
        deployed: { id: 'd0', at: offTime, commit: 'a'.repeat(40), nextChange: '2026-12-10' },
      });
      await runDailyRebuild(evening);
    }, 3);
    runs['daily-rebuild'] = { idleS: rebuildIdle, busyS: rebuildBusy };

    // deploy-succeeded: a production deploy of the bundled lot (the first keeps the lot, the next compares).
    let n = 0;
    const deployBusy = await seconds(() => {
      const id = `cost-${n++}`;
      // The runtime names the deploy the function runs in (functions/lib/http/guards.ts).
      return deploySucceeded(
        new Request('http://localhost/.netlify/functions/deploy-succeeded', {
          method: 'POST',
          body: JSON.stringify({ payload: { id, context: 'production', state: 'ready', commit_ref: 'c'.repeat(40) } }),
        }),
        { deploy: { id, context: 'production' } },
      );
    }, 3);
    runs['deploy-succeeded'] = { idleS: deployBusy, busyS: deployBusy };

    // The contact form: a lead filed, answered and e-mailed.
    const leads = new Client();
    let i = 0;
    const leadBusy = await seconds(async () => {
      await leads.post({ ...VALID, email: `visitor${i++}@example.com` }, { ip: `198.51.100.${i}` });
      await leads.settle();
    }, 3);
    runs['lead-form'] = { idleS: leadBusy, busyS: leadBusy };
  } finally {
    Object.assign(console, quiet);
    configureMail(null);
    await Promise.all([mailbox.stop(), github.stop(), hook.stop()]);
    await blobs.stop();
  }
  return runs;
}

// --- The month ---------------------------------------------------------------------------------

const pages = await measurePages();
const runs = await measureHandlers();
const cost = monthCost(dealer, { ...pages, runs });
const ms = (s: number) => `${(s * 1000).toFixed(0)} ms`;

console.log('\nRun times (in-process, median):');
for (const job of JOBS as readonly Job[]) console.log(`  ${job.padEnd(18)} idle ${ms(runs[job].idleS).padStart(8)}   busy ${ms(runs[job].busyS).padStart(8)}`);

console.log(`\nA month for: ${JSON.stringify(dealer)}`);
const d = cost.deploys;
console.log(
  `  deploys:   ${d.total} (by hand ${d.manual}, at publishing times ${d.scheduled} with dated changes riding along; budget ${d.budget}) = ${d.credits} credits`,
);
console.log(
  `  bandwidth: ${cost.bandwidthGb} GB = ${cost.bandwidthCredits} credits (first view ${(pages.firstView.bytes / 1024).toFixed(0)} KB, repeat ${(pages.repeatView.bytes / 1024).toFixed(0)} KB)`,
);
console.log(
  `  requests:  ${cost.requests} = ${cost.requestCredits} credits (first view ${pages.firstView.requests}, repeat ${pages.repeatView.requests.toFixed(1)})`,
);
for (const f of cost.functions)
  console.log(`  ${f.job.padEnd(18)} ${String(f.runs).padStart(6)} runs (${f.busyRuns} busy)  ${f.gbHours.toFixed(4)} GB-h = ${f.credits} credits`);
console.log(`  compute:   ${cost.computeCredits} credits`);
console.log(`  e-mails:   ${cost.emails.perDay} a day, ${cost.emails.perMonth} a month`);
console.log(
  `\nCredits: ${cost.credits} a month: Free ${NETLIFY.planCredits.free} ${cost.fits.free ? 'fits' : 'over'}, Personal ${NETLIFY.planCredits.personal} ${cost.fits.personal ? 'fits' : 'over'}, Pro ${NETLIFY.planCredits.pro} ${cost.fits.pro ? 'fits' : 'over'}  (${NETLIFY.source}, read ${NETLIFY.readOn})`,
);
console.log(
  `E-mails: Resend Free (${RESEND.free.perDay}/day, ${RESEND.free.perMonth}/month) ${cost.fits.resendFree ? 'fits' : 'over'}, Pro (${RESEND.pro.perMonth}/month) ${cost.fits.resendPro ? 'fits' : 'over'}  (${RESEND.source}, read ${RESEND.readOn})`,
);
console.log(summaryLine(cost));
