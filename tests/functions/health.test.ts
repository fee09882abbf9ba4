import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import health, { config } from '../../functions/health.ts';
import { configureAlerts, subscribe, subscriber } from './alerts-harness.ts';
import { configureMail } from '../support/mailbox.ts';
import { functionSandbox } from '../support/sandbox.ts';
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
  delete process.env.HEALTH_PENDING_MAX_MINUTES;
  delete process.env.HEALTH_TOKEN;
});

const check = async (method = 'GET', authorization: string | null = `Bearer ${TOKEN}`) => {
  const response = await health(new Request('http://localhost/api/health', { method, headers: authorization ? { authorization } : {} }));
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
    expect((await check()).body).toMatchObject({ ok: false, problem: expect.stringContaining('61 minutes') });
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
      problem: expect.stringContaining('61 minutes'),
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
