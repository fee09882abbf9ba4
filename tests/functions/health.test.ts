import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import health, { config } from '../../functions/health.ts';
import { runPublisher } from '../../functions/publisher.ts';
import { configureAlerts, subscribe, subscriber } from './alerts-harness.ts';
import { configureMail } from '../support/mailbox.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { GitHubStandIn } from '../support/github.ts';
import { BuildHookStandIn } from './publishing-harness.ts';
import { Client, VALID } from './contact-harness.ts';

const TOKEN = 'health-token-of-the-dealers-monitor-0123';

functionSandbox({ empty: 'each' });

beforeEach(async () => {
  // No e-mail configured: every lead filed stays pending, as when e-mail has stopped.
  configureMail(null);
  vi.spyOn(console, 'info').mockImplementation(() => {});
  // The clocks the code reads stand still unless the test moves them: the date, and the one its
  // run deadlines and the provider's pace are measured on, which a busy machine cannot run out.
  vi.useFakeTimers({ toFake: ['Date', 'performance'] });
  vi.setSystemTime(new Date('2025-06-02T14:00:00Z'));
  process.env.HEALTH_TOKEN = TOKEN;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  delete process.env.HEALTH_PENDING_MAX_MINUTES;
  delete process.env.HEALTH_TOKEN;
});

const check = async (method = 'GET', authorization: string | null = `Bearer ${TOKEN}`, deploy?: { context: string; id: string }) => {
  const request = new Request('http://localhost/api/health', { method, headers: authorization ? { authorization } : {} });
  const response = await health(request, deploy ? { deploy } : undefined);
  return { response, body: (await response.json()) as Record<string, unknown> };
};
const fileLead = async (overrides: Record<string, string> = {}) => {
  const client = new Client();
  expect((await client.post({ ...VALID, ...overrides })).status).toBe(200);
  await client.settle();
};
const minutesLater = (minutes: number) => vi.setSystemTime(new Date(Date.now() + minutes * 60_000));

describe('GET /api/health to anyone', () => {
  it('says whether the site is healthy and nothing else: no counts, no times, no quota', async () => {
    await fileLead();
    const { response, body } = await check('GET', null);
    expect(response.status).toBe(200);
    expect(body).toEqual({ ok: true });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('a wrong token, another scheme or an unset HEALTH_TOKEN shows no figures either', async () => {
    expect((await check('GET', 'Bearer not-the-token')).body).toEqual({ ok: true });
    expect((await check('GET', `Basic ${TOKEN}`)).body).toEqual({ ok: true });
    delete process.env.HEALTH_TOKEN;
    expect((await check()).body).toEqual({ ok: true });
  });

  it('a stranger cannot tell from it whether an address has just asked for an alert', async () => {
    configureAlerts(null);
    const before = await check('GET', null);
    const client = subscriber();
    expect((await subscribe(client, { email: 'someone@example.com', alert: 'inventory' })).status).toBe(303);
    await client.settle();
    const after = await check('GET', null);
    expect(after.body).toEqual(before.body);
    expect((await check()).body).toMatchObject({ alerts: { pending: 1 } });
  });

  it('unhealthy: 503 with ok false, the reason only to the token holder', async () => {
    await fileLead();
    minutesLater(61);
    const { response, body } = await check('GET', null);
    expect(response.status).toBe(503);
    expect(body).toEqual({ ok: false });
    expect((await check()).body).toMatchObject({ ok: false, problems: [expect.stringContaining('61 minutes')] });
  });
});

describe('GET /api/health with HEALTH_TOKEN', () => {
  it('with no lead pending: 200, ok, 0 pending, no caching, the security headers', async () => {
    const { response, body } = await check();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(body).toEqual({
      ok: true,
      service: 'golf-cart-site',
      time: '2025-06-02T14:00:00.000Z',
      leads: { pending: 0, oldestPendingMinutes: null, limitMinutes: 60 },
      alerts: { pending: 0, oldestPendingMinutes: null, sentToday: 0, dailyQuota: 60, sentThisMonth: 0, monthlyQuota: 2000, held: false },
      push: { state: 'off', reason: 'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are not set', wrong: false },
    });
  });

  it('with a fresh pending lead: 200, its count and age, and no personal data', async () => {
    await fileLead();
    minutesLater(12);
    const { response, body } = await check();
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ ok: true, leads: { pending: 1, oldestPendingMinutes: 12, limitMinutes: 60 } });
    const text = JSON.stringify(body);
    for (const personal of [VALID.email, VALID.firstName, VALID.lastName, VALID.phone, 'jane']) expect(text).not.toContain(personal);
  });

  it('with a lead pending longer than 60 minutes: 503 with the oldest age, for an uptime monitor', async () => {
    await fileLead();
    minutesLater(30);
    await fileLead({ email: 'second@example.com' });
    minutesLater(31);
    const { response, body } = await check();
    expect(response.status).toBe(503);
    expect(body).toMatchObject({
      ok: false,
      leads: { pending: 2, oldestPendingMinutes: 61, limitMinutes: 60 },
      problems: [expect.stringContaining('61 minutes')],
    });
  });

  it('exactly at the limit is still 200; the limit comes from HEALTH_PENDING_MAX_MINUTES', async () => {
    await fileLead();
    minutesLater(60);
    expect((await check()).response.status).toBe(200);
    process.env.HEALTH_PENDING_MAX_MINUTES = '15';
    const { response, body } = await check();
    expect(response.status).toBe(503);
    expect(body).toMatchObject({ leads: { limitMinutes: 15 } });
    process.env.HEALTH_PENDING_MAX_MINUTES = 'soon';
    expect((await check()).body).toMatchObject({ ok: true, leads: { limitMinutes: 60 } });
  });

  it('answers HEAD like GET, and refuses other methods with 405 and an Allow header', async () => {
    expect((await health(new Request('http://localhost/api/health', { method: 'HEAD' }))).status).toBe(200);
    const { response, body } = await check('POST');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(body).toEqual({ error: 'Method not allowed' });
  });

  it('is routed at /api/health', () => {
    expect(config.path).toBe('/api/health');
  });
});

describe('GET /api/health says what is wrong, to the token holder', () => {
  const LIVE = {
    SITE_URL: 'https://www.burlingtongolfcarts.com',
    RESEND_API_KEY: 're_live_0123456789',
    LEADS_TO: 'sales@burlingtongolfcarts.com',
    LEADS_FROM: 'Website <leads@burlingtongolfcarts.com>',
    HEALTH_TOKEN: TOKEN,
    ALERTS_SECRET: 'b'.repeat(44),
    PHOTO_LINK_SECRET: 'c'.repeat(44),
    ADMIN_REPO: 'dealer/site',
    GITHUB_TOKEN: 'github_pat_0123456789',
    BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/65f0c0ffee0123456789abcd',
  };
  const production = { context: 'production', id: '65f0c0ffee0123456789abcd' };
  const stub = (env: Record<string, string>) => {
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  };

  it('a wrong lead setting: 503 at once, naming it, before any lead has waited', async () => {
    stub({ RESEND_API_KEY: 're_test', LEADS_TO: 'sales at the dealer', LEADS_FROM: 'leads@dealer.test' });
    const { response, body } = await check();
    expect(response.status).toBe(503);
    expect(body).toMatchObject({
      ok: false,
      leads: { pending: 0 },
      problems: [expect.stringMatching(/^LEADS_TO must be a comma-separated list of e-mail addresses\. Set it in Netlify/)],
    });
    expect((await check('GET', null)).body).toEqual({ ok: false });
  });

  it('a wrong optional setting: still 200, listed as a warning with the default it fell back to', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stub({ RESEND_API_KEY: 're_test', LEADS_TO: 'sales@dealer.test', LEADS_FROM: 'leads@dealer.test', RECEIPTS: 'yes' });
    const { response, body } = await check();
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ ok: true, warnings: [expect.stringMatching(/^RECEIPTS must be "on" or "off": the default \(off\) is used\./)] });
  });

  it('on the production deploy, alerts offered without ALERTS_SECRET: 503, and ok once it is set', async () => {
    stub({ ...LIVE, ALERTS_SECRET: '' });
    const { response, body } = await check('GET', `Bearer ${TOKEN}`, production);
    expect(response.status).toBe(503);
    expect(body.problems).toEqual([expect.stringMatching(/^ALERTS_SECRET is not set: alert requests are stored but no e-mail goes/)]);
    // A deploy preview or npm start has no such duty.
    expect((await check()).response.status).toBe(200);
    stub(LIVE);
    expect((await check('GET', `Bearer ${TOKEN}`, production)).body).toMatchObject({ ok: true });
  });

  describe('the publisher and the GitHub token', () => {
    let github: GitHubStandIn;
    let hook: BuildHookStandIn;
    beforeAll(async () => {
      [github, hook] = await Promise.all([new GitHubStandIn().start(), new BuildHookStandIn().start()]);
    });
    afterAll(async () => {
      await Promise.all([github.stop(), hook.stop()]);
    });
    /** The stand-in's token, expiring at `expiresAt` as GitHub writes it in `GitHub-Authentication-Token-Expiration` (none: a token without an expiry). */
    const tokenExpiring = (expiresAt?: string) =>
      github.accounts.set(GitHubStandIn.TOKEN, { login: 'dealer', permissions: { admin: false, push: true, pull: true }, ...(expiresAt ? { expiresAt } : {}) });
    beforeEach(() => {
      stub({ BUILD_HOOK_URL: hook.url, GITHUB_TOKEN: github.token, ADMIN_REPO: github.repository, GITHUB_API_URL: github.url });
      github.down = false;
      tokenExpiring();
    });
    // 12:00 and 17:00 in New York, the publishing times of data/publishing.json.
    const noon = Date.parse('2026-12-02T17:00:00Z');
    const evening = Date.parse('2026-12-02T22:00:00Z');

    it("the publisher's failed run: 503 with its reason, until a run of it gets through", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      github.down = true;
      vi.setSystemTime(noon);
      expect(await (await runPublisher(noon)).json()).toMatchObject({ action: 'failed' });
      const { response, body } = await check();
      expect(response.status).toBe(503);
      expect(body.problems).toEqual([
        "The publisher failed at 2026-12-02 17:00 UTC: the branch's head is unknown: Service unavailable. Saved changes wait until a run gets through (publish by hand: docs/editors.md §Publishing).",
      ]);
      expect(body).toMatchObject({ publishing: { failures: [{ job: 'publisher', at: '2026-12-02T17:00:00.000Z' }] } });

      github.down = false;
      vi.setSystemTime(evening);
      expect(await (await runPublisher(evening)).json()).toMatchObject({ action: 'asked' });
      const after = await check();
      expect(after.response.status).toBe(200);
      expect(after.body.publishing).toBeUndefined();
    });

    it('a GitHub token that expires within 14 days: 503 with the day; one further off is only shown', async () => {
      vi.spyOn(console, 'info').mockImplementation(() => {});
      tokenExpiring('2027-03-01 12:00:00 UTC');
      vi.setSystemTime(noon);
      await runPublisher(noon);
      const far = await check();
      expect(far.response.status).toBe(200);
      expect(far.body.github).toEqual({ tokenExpiresAt: '2027-03-01T12:00:00.000Z', seenAt: '2026-12-02T17:00:00.000Z' });

      tokenExpiring('2026-12-12 09:30:00 -0500');
      github.commitAs("An editor's save", { 'data/pages.json': '{}' });
      vi.setSystemTime(evening);
      await runPublisher(evening);
      const { response, body } = await check();
      expect(response.status).toBe(503);
      expect(body.problems).toEqual([
        'GITHUB_TOKEN expires on 2026-12-12 14:30 UTC, in 9 day(s): make a new token and set it before then (docs/go-live.md, step 2).',
      ]);
    });
  });

  it('with HEALTH_NO_LEAD_DAYS: 503 once no lead has come in that many days', async () => {
    // The leads filed here wait for e-mail (none is configured): the pending alarm is set past the test's days.
    stub({ HEALTH_NO_LEAD_DAYS: '3', HEALTH_PENDING_MAX_MINUTES: String(7 * 24 * 60) });
    // No lead yet (a new site): nothing to be quiet about.
    expect((await check()).body).toMatchObject({ ok: true, lastLead: { at: null, limitDays: 3, none: 'no lead yet' } });
    await fileLead();
    minutesLater(3 * 24 * 60);
    expect((await check()).body).toMatchObject({ ok: true, lastLead: { at: '2025-06-02T14:00:00.000Z', limitDays: 3 } });
    minutesLater(1);
    const { response, body } = await check();
    expect(response.status).toBe(503);
    expect(body.problems).toEqual(['No lead has come in 3 days (HEALTH_NO_LEAD_DAYS): send the contact form yourself and check that it arrives.']);
    // One lead, and the site is well again.
    await fileLead({ email: 'next@example.com' });
    expect((await check()).body).toMatchObject({ ok: true, lastLead: { at: new Date(Date.now()).toISOString() } });
  });
});
