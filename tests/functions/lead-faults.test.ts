import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type contact from '../../functions/contact.ts';
import type { Lead } from '../../functions/lib/leads/lead.ts';
import type health from '../../functions/health.ts';
import { fillBacklog } from './backlog.ts';
import { BlobsSandbox, startBlobs, type Blobs } from '../support/blobs.ts';
import { configureMail } from '../support/mailbox.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { Client, healthCheck, storedLeads, VALID } from './contact-harness.ts';

/**
 * The lead pipeline under the faults a black-box test found (docs/product.md §Leads): a provider
 * answering 429 with Retry-After, 40 racing posts with one idempotency key, the alarm after
 * them, a replayed key, a burst of first sends, and writes whose answer is lost. Netlify runs each request in a function
 * instance of its own (`netlify serve` in a worker of its own), so nothing held in a module's
 * memory is shared between them: each request here gets a fresh copy of the function's modules.
 */

/** The store as a quiet machine has it, and as a busy one (requests meeting at the store in bursts). */
const busy = new BlobsSandbox({ burstMs: 100 });
beforeAll(() => busy.start());
afterAll(() => busy.stop());
const { blobs, mailbox } = functionSandbox({ mailbox: true });

/** A provider that answers everything, with nothing recorded yet, and the e-mail settings pointing at it. */
function resetMailbox(): void {
  mailbox.reset();
  configureMail(mailbox);
  // The production settling time: these races meet at a busy store.
  delete process.env.LEADS_SETTLE_MS;
}

beforeEach(() => {
  blobs.use();
  resetMailbox();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

/** The contact function as a new instance loads it: its modules evaluated afresh. */
async function freshContact(): Promise<typeof contact> {
  vi.resetModules();
  return (await import('../../functions/contact.ts')).default;
}

async function freshHealth(): Promise<typeof health> {
  vi.resetModules();
  return (await import('../../functions/health.ts')).default;
}

/** Posts each body from an instance of its own, all at once. */
async function postFromInstances(bodies: unknown[], options: { ip?: string } = {}) {
  // One after another: imports in flight together would share one fresh copy.
  const handlers: (typeof contact)[] = [];
  for (let i = 0; i < bodies.length; i++) handlers.push(await freshContact());
  const clients = handlers.map((handler) => new Client(handler));
  const answers = await Promise.all(bodies.map((body, i) => clients[i]!.post(body, options)));
  return { answers, settle: () => Promise.all(clients.map((client) => client.settle())) };
}

/** The most requests that reached the provider within any one second. */
function mostInOneSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while ((sorted[i] ?? 0) - (sorted[j] ?? 0) >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe('a provider answering 429 with Retry-After', () => {
  beforeEach(() => blobs.store.deleteAll());

  it('gets no request from the retry run until the Retry-After has passed', { timeout: 20_000 }, async () => {
    process.env.RESEND_RATE_PER_SECOND = '2';
    mailbox.mode = 'rate-limited';
    mailbox.retryAfterSeconds = 3;
    await fillBacklog(blobs.store, 20);
    const { retryPending } = await import('../../functions/retry-leads.ts');

    const summary = await retryPending(blobs.store, { limitMs: 8_000 });

    const starts = mailbox.requests.map((request) => request.at);
    const gaps = starts.slice(1).map((at, i) => at - (starts[i] ?? 0));
    console.log(
      `429 with Retry-After: 3 → ${starts.length} requests in one run (${JSON.stringify(summary)}), gaps ${gaps.map((gap) => (gap / 1000).toFixed(2)).join(', ')} s`,
    );
    expect(starts.length).toBeGreaterThanOrEqual(1);
    expect(starts.length).toBeLessThanOrEqual(2);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(3_000 - 20);
  });
});

describe('a 429 answered while other requests wait for their slots', () => {
  beforeEach(async () => {
    await blobs.store.deleteAll();
    // One a second, and a settling time longer than that: a request's slot is confirmed before the
    // one ahead of it starts, and each waiting request still has a second to hear of the 429.
    process.env.RESEND_RATE_PER_SECOND = '1';
    process.env.LEADS_SETTLE_MS = '1500';
    mailbox.mode = 'rate-limited';
    mailbox.retryAfterSeconds = 60;
    // The clocks stand still: the Retry-After is in force for the whole test, however slow the machine.
    vi.useFakeTimers({ toFake: ['Date', 'performance'] });
  });

  afterEach(() => void vi.useRealTimers());

  it('in the retry run: none of the requests waiting for their slot goes after it', { timeout: 30_000 }, async () => {
    await fillBacklog(blobs.store, 6);
    const { retryPending } = await import('../../functions/retry-leads.ts');

    const summary = await retryPending(blobs.store, { limitMs: 10_000 });

    console.log(`429 with Retry-After while 4 requests wait for their slots → ${mailbox.requests.length} request(s) (${JSON.stringify(summary)})`);
    expect(mailbox.requests).toHaveLength(1);
    expect(summary).toMatchObject({ pending: 6, failed: 1 });
  });

  it('in the first sends of other instances: the hold reaches them through the store', { timeout: 30_000 }, async () => {
    delete process.env.ADF_TO;
    const { answers, settle } = await postFromInstances(Array.from({ length: 3 }, (_, i) => ({ ...VALID, email: `held${i}@example.com` })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    await settle();

    console.log(`429 with Retry-After while 2 other instances wait for their slots → ${mailbox.requests.length} request(s)`);
    expect(mailbox.requests).toHaveLength(1);
    expect((await storedLeads(blobs.store)).map((lead) => lead.status)).toEqual(['pending', 'pending', 'pending']);
  });
});

describe('40 simultaneous posts with one idempotency key, from one visitor', () => {
  const ip = '198.51.100.40';
  const key = 'race-key-0000000040';
  let statuses: number[] = [];
  let ids: string[] = [];
  /** How many requests reached the provider with each message's idempotency key. */
  const perKey = new Map<string, number>();

  beforeAll(async () => {
    busy.use();
    resetMailbox();
    const { answers, settle } = await postFromInstances(
      Array.from({ length: 40 }, () => ({ ...VALID, idempotencyKey: key })),
      { ip },
    );
    statuses = answers.map((answer) => answer.status);
    ids = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { id?: string }).id ?? ''));
    await settle();
    for (const request of mailbox.requests) perKey.set(request.idempotencyKey, (perKey.get(request.idempotencyKey) ?? 0) + 1);
  }, 60_000);

  beforeEach(() => busy.use());

  it('store one lead and send each of its messages to the provider once', { timeout: 30_000 }, async () => {
    const leads = await storedLeads(busy.store);
    console.log(`40 racing posts → ${leads.length} lead(s), provider requests per message: ${JSON.stringify(Object.fromEntries(perKey))}`);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ status: 'sent' });
    expect([...perKey.values()]).toEqual([1, 1]);
  });

  it('leave no pending marker behind, so /api/health reports nothing pending, also hours later', { timeout: 30_000 }, async () => {
    // What the racing posts leave depends on how they meet at the store; racing filings of one
    // lead, each stamped the millisecond its request arrived, then its one delivery, always show it.
    const raced = (await busy.store.list({ prefix: 'pending/' })).blobs.length;
    blobs.use();
    await blobs.store.deleteAll();
    const { fileLead } = await import('../../functions/lib/leads/blobs.ts');
    const { deliverLead } = await import('../../functions/lib/leads/delivery.ts');
    const lead: Lead = {
      id: 'raced-filing',
      receivedAt: '',
      status: 'pending',
      inquiry: { ...VALID },
      source: { channel: 'json', utm: {} },
      delivery: { attempts: 0 },
    };
    const arrived = Date.now();
    await Promise.all(Array.from({ length: 20 }, (_, i) => fileLead(blobs.store, { ...lead, receivedAt: new Date(arrived + i).toISOString() })));
    expect(await deliverLead(blobs.store, lead.id)).toBe('sent');

    const markers = raced + (await blobs.store.list({ prefix: 'pending/' })).blobs.length;
    const check = await freshHealth();
    const now = (await (await check(healthCheck())).json()) as { leads: unknown };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3 * 60 * 60_000);
    const later = await check(healthCheck());
    vi.useRealTimers();
    console.log(`after the races: ${markers} pending marker(s); /api/health ${JSON.stringify(now.leads)}, 3 hours later ${later.status}`);
    expect(markers).toBe(0);
    expect(now.leads).toMatchObject({ pending: 0, oldestPendingMinutes: null });
    expect(later.status).toBe(200);
  });

  it('each get the first answer and spend one place in the rate limit between them, and a replay gets it too', { timeout: 30_000 }, async () => {
    // The limit is 8 messages in 10 minutes: after the racing copies of one, the visitor can send 7 more.
    configureMail(null); // (their e-mails are not what this is about)
    const client = new Client(await freshContact());
    const others: number[] = [];
    for (let i = 0; i < 8; i++) others.push((await client.post({ ...VALID, email: `other${i}@example.com` }, { ip })).status);
    const counts = (list: number[]) => JSON.stringify(Object.fromEntries(list.map((s) => [s, list.filter((t) => t === s).length])));
    console.log(`40 racing posts → statuses ${counts(statuses)}; then 8 other messages → ${counts(others)}`);
    expect(statuses).toEqual(Array(40).fill(200));
    expect(new Set(ids).size).toBe(1);
    expect(others).toEqual([...Array(7).fill(200), 429]);

    const replay = await new Client(await freshContact()).post({ ...VALID, idempotencyKey: key }, { ip });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ ok: true, id: ids[0] });
    await client.settle();
  });
});

describe('senders of one lead racing while the store answers late', () => {
  let slow: Blobs;

  // Requests held and let through together every 300 ms: longer than any settling time, so
  // nothing but the conditional writes can keep two senders apart.
  beforeAll(async () => {
    slow = await startBlobs({ burstMs: 300 });
  });

  afterAll(() => slow.stop());

  it('12 senders of a pending lead, one every 50 ms: one claims it, and each message goes once', { timeout: 30_000 }, async () => {
    slow.use();
    const { fileLead } = await import('../../functions/lib/leads/blobs.ts');
    const { deliverLead } = await import('../../functions/lib/leads/delivery.ts');
    const lead: Lead = {
      id: 'raced-senders',
      receivedAt: new Date().toISOString(),
      status: 'pending',
      inquiry: { ...VALID },
      source: { channel: 'json', utm: {} },
      delivery: { attempts: 0 },
    };
    await fileLead(slow.store, lead);
    // The first send's window is measured on a clock that stands still: what is shown is who sends, however slow the machine.
    vi.useFakeTimers({ toFake: ['performance'] });
    onTestFinished(() => void vi.useRealTimers());

    // One joins every 50 ms: later senders read the lead while earlier ones' claims land.
    const statuses = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 50));
        return deliverLead(slow.store, lead.id);
      }),
    );

    const perMessage = new Map<string, number>();
    for (const request of mailbox.requests) perMessage.set(request.idempotencyKey, (perMessage.get(request.idempotencyKey) ?? 0) + 1);
    console.log(`12 racing senders → ${JSON.stringify(statuses)}; provider requests per message ${JSON.stringify(Object.fromEntries(perMessage))}`);
    expect(statuses.filter((status) => status === 'sent')).toHaveLength(1);
    expect([...perMessage.values()]).toEqual([1, 1]);
    expect(await storedLeads(slow.store)).toMatchObject([{ status: 'sent', delivery: { attempts: 1 } }]);
  });

  it('a sender that read the lead just before another sent it does not send it again', async () => {
    blobs.use();
    await blobs.store.deleteAll();
    const { fileLead } = await import('../../functions/lib/leads/blobs.ts');
    const { deliverLead } = await import('../../functions/lib/leads/delivery.ts');
    const lead: Lead = {
      id: 'read-before-sent',
      receivedAt: new Date().toISOString(),
      status: 'pending',
      inquiry: { ...VALID },
      source: { channel: 'json', utm: {} },
      delivery: { attempts: 0 },
    };
    await fileLead(blobs.store, lead);
    // The late sender's read of the lead is answered, then the other sender claims and sends it
    // whole before the late one takes its next step.
    let first: Promise<unknown> | undefined;
    const late = new Proxy(blobs.store, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (name !== 'getWithMetadata' || typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          const answer = (await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args)) as unknown;
          first ??= deliverLead(blobs.store, lead.id);
          await first;
          return answer;
        };
      },
    });

    const statuses = [await deliverLead(late, lead.id), await first];

    expect(statuses).toEqual(['sent', 'sent']);
    expect(mailbox.requests.map((request) => request.idempotencyKey).sort()).toEqual([`lead-${lead.id}-crm`, `lead-${lead.id}-dealer`]);
    expect(await storedLeads(blobs.store)).toMatchObject([{ status: 'sent', delivery: { attempts: 1 } }]);
  });
});

describe('a burst of first sends', () => {
  beforeEach(() => blobs.store.deleteAll());

  it('reaches the provider at its pace (2 a second), and every lead is sent', { timeout: 40_000 }, async () => {
    process.env.RESEND_RATE_PER_SECOND = '2';
    delete process.env.ADF_TO;
    mailbox.limitPerSecond = 2;
    const count = 8;
    const { answers, settle } = await postFromInstances(Array.from({ length: count }, (_, i) => ({ ...VALID, email: `burst${i}@example.com` })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(count).fill(200));
    await settle();
    const { retryPending } = await import('../../functions/retry-leads.ts');
    // Whatever the first sends left (a slot further out than they wait), the next retry run sends.
    if ((await blobs.store.list({ prefix: 'pending/' })).blobs.length > 0) await retryPending(blobs.store, { limitMs: 10_000 });

    const most = mostInOneSecond(mailbox.requests.map((request) => request.at));
    console.log(`burst of ${count} first sends → at most ${most} request(s) within one second, ${mailbox.overLimit} answered 429`);
    expect(most).toBeLessThanOrEqual(2);
    expect(mailbox.overLimit).toBe(0);
    const leads = await storedLeads(blobs.store);
    expect(leads.filter((lead) => lead.status === 'sent')).toHaveLength(count);
  });
});

describe('a write to the store whose answer is lost on the way back (the Blobs client sends it again, and is refused)', () => {
  let lossy: Blobs;
  /** Which write loses its answer next (one, then none); each lost one is named in `lost`. */
  let next: { name: string; header: 'if-match' | 'if-none-match' } | undefined;
  const lost: string[] = [];

  beforeAll(async () => {
    lossy = await startBlobs({
      loseAnswer: (request) => {
        const path = decodeURIComponent(request.url ?? '');
        if (!next || request.method !== 'PUT' || !/\/leads\/[^/]+$/.test(path) || !request.headers[next.header]) return false;
        lost.push(next.name);
        next = undefined;
        return true;
      },
    });
  });

  afterAll(() => lossy.stop());

  beforeEach(async () => {
    lossy.use();
    await lossy.store.deleteAll();
    lost.length = 0;
  });

  function requestsPerMessage(): number[] {
    const perMessage = new Map<string, number>();
    for (const request of mailbox.requests) perMessage.set(request.idempotencyKey, (perMessage.get(request.idempotencyKey) ?? 0) + 1);
    return [...perMessage.values()];
  }

  it('a claim to send a lead that landed still sends it, each message once', { timeout: 20_000 }, async () => {
    const { fileLead } = await import('../../functions/lib/leads/blobs.ts');
    const { deliverLead } = await import('../../functions/lib/leads/delivery.ts');
    const lead: Lead = {
      id: 'claim-answer-lost',
      receivedAt: new Date().toISOString(),
      status: 'pending',
      inquiry: { ...VALID },
      source: { channel: 'json', utm: {} },
      delivery: { attempts: 0 },
    };
    await fileLead(lossy.store, lead);
    next = { name: 'claim', header: 'if-match' };

    const status = await deliverLead(lossy.store, lead.id);

    expect(lost).toEqual(['claim']);
    expect(status).toBe('sent');
    expect(await storedLeads(lossy.store)).toMatchObject([{ id: lead.id, status: 'sent' }]);
    expect(requestsPerMessage()).toEqual([1, 1]);
  });

  it('a lead whose filing landed but was answered "already filed" is sent, each message once', { timeout: 20_000 }, async () => {
    next = { name: 'filing', header: 'if-none-match' };
    const client = new Client(await freshContact());

    const answer = await client.post({ ...VALID, idempotencyKey: 'filing-answer-lost-01' });
    await client.settle();

    expect(lost).toEqual(['filing']);
    expect(answer.status).toBe(200);
    const leads = await storedLeads(lossy.store);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ status: 'sent' });
    expect(requestsPerMessage()).toEqual([1, 1]);
    expect((await lossy.store.list({ prefix: 'pending/' })).blobs).toHaveLength(0);
  });
});
