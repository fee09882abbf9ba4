import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffMs } from '../../functions/lib/leads/delivery.ts';
import pruneLeads from '../../functions/prune-leads.ts';
import retryLeads, { config } from '../../functions/retry-leads.ts';
import { configureMail } from '../support/mailbox.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { Client, storedLeads, VALID } from './contact-harness.ts';
import { scheduledInvocation } from '../../functions/lib/http/guards.ts';

const { blobs, mailbox } = functionSandbox({ mailbox: true, empty: 'each' });
let client: Client;

beforeEach(() => {
  client = new Client();
  // The clocks the code reads stand still unless the test moves them: the date, and the one its
  // run deadlines and the provider's pace are measured on, which a busy machine cannot run out.
  vi.useFakeTimers({ toFake: ['Date', 'performance'] });
  vi.setSystemTime(new Date('2025-06-02T14:00:00Z'));
  // A failed send is worth a warning in the log, not a test failure.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

afterEach(async () => {
  await client.settle();
  vi.useRealTimers();
});

const minutesLater = (minutes: number) => vi.setSystemTime(new Date(Date.now() + minutes * 60_000));
const runJob = async () => (await (await retryLeads(scheduledInvocation())).json()) as Record<string, number>;
const dealerMails = () => mailbox.received.filter((m) => m.body.to.includes('sales@dealer.test'));
const pendingMarkers = async () => (await blobs.store.list({ prefix: 'pending/' })).blobs.length;

/** A port with nothing listening: the provider is unreachable. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('retry-leads (scheduled function)', () => {
  it('runs every 2 minutes', () => {
    expect(config.schedule).toBe('*/2 * * * *');
  });

  it('backs off 2, 4, 8 minutes, then every 15 minutes, and honours a longer Retry-After', () => {
    expect([1, 2, 3, 4, 8, 20].map((n) => backoffMs(n) / 60_000)).toEqual([2, 4, 8, 15, 15, 15]);
    expect(backoffMs(1, 900)).toBe(900_000);
  });
});

describe('when the provider is down', () => {
  it('the visitor still gets 200, the lead stays pending, and the retry job sends it later', async () => {
    mailbox.mode = 'down';
    const response = await client.post(VALID);
    expect(response.status).toBe(200);
    await client.settle();
    expect(mailbox.refused).toBe(1);
    let [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({
      status: 'pending',
      delivery: { attempts: 1, lastError: 'dealer: internal_server_error: Provider is down', nextAttemptAt: '2025-06-02T14:02:00.000Z' },
    });
    expect(await pendingMarkers()).toBe(1);

    // Too early: the job leaves it alone.
    minutesLater(1);
    expect(await runJob()).toMatchObject({ pending: 1, waiting: 1 });
    expect(mailbox.refused).toBe(1);

    // Still down at the next attempt: backoff doubles.
    minutesLater(1.5);
    expect(await runJob()).toMatchObject({ pending: 1, failed: 1 });
    [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({ status: 'pending', delivery: { attempts: 2, nextAttemptAt: '2025-06-02T14:06:30.000Z' } });

    // The provider is back.
    mailbox.mode = 'ok';
    minutesLater(5);
    expect(await runJob()).toMatchObject({ pending: 1, sent: 1 });
    [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({ status: 'sent', delivery: { attempts: 3, sentAt: expect.any(String) } });
    expect(lead?.delivery.lastError).toBeUndefined();
    expect(dealerMails()).toHaveLength(1);
    expect(await pendingMarkers()).toBe(0);

    // Nothing left to do.
    expect(await runJob()).toEqual({ pending: 0 });
  });

  it('an unreachable provider is the same: pending, then sent', async () => {
    process.env.RESEND_BASE_URL = `http://127.0.0.1:${await closedPort()}`;
    await client.post(VALID);
    await client.settle();
    let [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({ status: 'pending', delivery: { attempts: 1, lastError: expect.stringMatching(/Unable to fetch data/) } });

    process.env.RESEND_BASE_URL = mailbox.url;
    minutesLater(3);
    expect(await runJob()).toMatchObject({ sent: 1 });
    [lead] = await storedLeads(blobs.store);
    expect(lead?.status).toBe('sent');
  });
});

describe('when the provider answers 429', () => {
  it('the lead stays pending until the Retry-After has passed, then the job sends it', async () => {
    mailbox.mode = 'rate-limited';
    expect((await client.post(VALID)).status).toBe(200);
    await client.settle();
    let [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({
      status: 'pending',
      delivery: { attempts: 1, lastError: 'dealer: rate_limit_exceeded: Too many requests', nextAttemptAt: '2025-06-02T14:15:00.000Z' },
    });

    mailbox.mode = 'ok';
    minutesLater(10);
    expect(await runJob()).toMatchObject({ waiting: 1 });
    expect(mailbox.received).toHaveLength(0);

    minutesLater(6);
    expect(await runJob()).toMatchObject({ sent: 1 });
    [lead] = await storedLeads(blobs.store);
    expect(lead?.status).toBe('sent');
    expect(dealerMails()).toHaveLength(1);
  });
});

describe('partial and bulk delivery', { timeout: 20_000 }, () => {
  it('when only the CRM copy failed, the retry sends only the CRM copy', async () => {
    mailbox.downFor = 'crm@dealer.test';
    await client.post(VALID);
    await client.settle();
    let [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({ status: 'pending', delivery: { dealer: { emailId: expect.any(String) } } });
    expect(lead?.delivery.crm).toBeUndefined();
    expect(dealerMails()).toHaveLength(1);

    mailbox.downFor = undefined;
    minutesLater(3);
    expect(await runJob()).toMatchObject({ sent: 1 });
    [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({ status: 'sent', delivery: { crm: { emailId: expect.any(String) } } });
    expect(dealerMails()).toHaveLength(1);
    expect(mailbox.received.filter((m) => m.body.to.includes('crm@dealer.test'))).toHaveLength(1);
  });

  it('sends every lead that piled up during an outage in one run', async () => {
    mailbox.mode = 'down';
    for (let i = 0; i < 12; i++) await client.post({ ...VALID, email: `visitor${i}@example.com` });
    await client.settle();
    expect(await pendingMarkers()).toBe(12);

    mailbox.mode = 'ok';
    minutesLater(3);
    expect(await runJob()).toMatchObject({ pending: 12, sent: 12 });
    expect(dealerMails()).toHaveLength(12);
    expect(new Set(dealerMails().map((m) => m.body.reply_to)).size).toBe(12);
    expect(await pendingMarkers()).toBe(0);
  });

  it('leaves leads pending (and says why) while no RESEND_API_KEY is set, then sends them once it is', async () => {
    configureMail(null);
    await client.post(VALID);
    await client.settle();
    const info = vi.mocked(console.info);
    info.mockClear();
    expect(await runJob()).toEqual({ pending: 1 });
    expect(info).toHaveBeenCalledWith('[leads] 1 lead(s) pending; e-mail step skipped: RESEND_API_KEY is not set.');

    configureMail(mailbox);
    expect(await runJob()).toMatchObject({ sent: 1 });
    expect(dealerMails()).toHaveLength(1);
  });

  it('leaves rate-limit records of closed windows to the daily prune job, which clears them', async () => {
    await client.post(VALID, { ip: '192.0.2.10' });
    expect((await blobs.store.list({ prefix: 'rate/' })).blobs).toHaveLength(1);
    minutesLater(11);
    await runJob();
    expect((await blobs.store.list({ prefix: 'rate/' })).blobs).toHaveLength(1);
    await pruneLeads(scheduledInvocation());
    expect((await blobs.store.list({ prefix: 'rate/' })).blobs).toHaveLength(0);
  });
});
