import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminLeads from '../../functions/admin-leads.ts';
import { ADMIN_RATE_LIMIT } from '../../functions/lib/inbox/auth.ts';
import { clientKey, pruneRateRecords, RATE_LIMIT, takeToken } from '../../functions/lib/http/rate-limit.ts';
import { configureAlerts, subscriber } from './alerts-harness.ts';
import { startBlobs, type Blobs } from '../support/blobs.ts';
import { functionSandbox } from '../support/sandbox.ts';

/**
 * The per-client limit against the real local Blobs sandbox, with requests arriving at once: the
 * sandbox checks a condition and writes with awaits in between, the weakest store the limit
 * meets, and still no burst admits more than the limit.
 */
const { blobs } = functionSandbox({ blobs: { sandboxConditions: true }, empty: 'each' });

beforeAll(() => {
  // The default settling time, as on Netlify (the suite's harness shortens it to 20 ms): writes
  // racing on a busy machine all land within it.
  process.env.LEADS_SETTLE_MS = '250';
});

afterAll(() => {
  delete process.env.LEADS_SETTLE_MS;
});

const admitted = (decisions: { allowed: boolean }[]) => decisions.filter((decision) => decision.allowed).length;

// Bounded by the machine's load, not by time: requests racing on a busy machine take a few rounds.
describe('the rate limit under concurrency', { timeout: 30_000 }, () => {
  it(`${30} submissions at once from one client: exactly ${RATE_LIMIT.max} admitted`, async () => {
    const client = await clientKey('192.0.2.1');
    const decisions = await Promise.all(Array.from({ length: 30 }, () => takeToken(blobs.store, client, crypto.randomUUID())));
    expect(admitted(decisions)).toBe(RATE_LIMIT.max);
    for (const decision of decisions.filter((d) => !d.allowed)) expect(decision).toMatchObject({ retryAfterSeconds: expect.any(Number) });
  });

  it('4 in a row, then 10 at once: 8 in the window in all', async () => {
    const client = await clientKey('192.0.2.2');
    for (let i = 0; i < 4; i++) expect((await takeToken(blobs.store, client, crypto.randomUUID())).allowed).toBe(true);
    const burst = await Promise.all(Array.from({ length: 10 }, () => takeToken(blobs.store, client, crypto.randomUUID())));
    expect(admitted(burst)).toBe(RATE_LIMIT.max - 4);
  });

  it('copies of one submission racing share one place, and the client keeps the other places', async () => {
    const client = await clientKey('192.0.2.3');
    const lead = crypto.randomUUID();
    const copies = await Promise.all(Array.from({ length: 12 }, () => takeToken(blobs.store, client, lead)));
    expect(admitted(copies)).toBe(12);
    const others = [];
    for (let i = 0; i < RATE_LIMIT.max; i++) others.push((await takeToken(blobs.store, client, crypto.randomUUID())).allowed);
    expect(others).toEqual([...Array(RATE_LIMIT.max - 1).fill(true), false]);
  });

  it('a place frees up when its window has passed, and the job clears closed windows', async () => {
    const client = await clientKey('192.0.2.4');
    const start = Date.now();
    for (let i = 0; i < RATE_LIMIT.max; i++) await takeToken(blobs.store, client, crypto.randomUUID(), start + i * 1000);
    expect((await takeToken(blobs.store, client, crypto.randomUUID(), start + 60_000)).allowed).toBe(false);
    const later = start + RATE_LIMIT.windowMs + 1;
    const burst = await Promise.all(Array.from({ length: 5 }, () => takeToken(blobs.store, client, crypto.randomUUID(), later)));
    expect(admitted(burst)).toBe(1);
    // Its places, and the note the full window left.
    expect(await pruneRateRecords(blobs.store, later + RATE_LIMIT.windowMs + 10_000)).toBe(RATE_LIMIT.max + 1);
    expect((await blobs.store.list({ prefix: 'rate/' })).blobs).toHaveLength(0);
  });

  it('the alert form: 4 requests in a row, then 10 at once from the same connection: at most 8 accepted', async () => {
    configureAlerts(null);
    const client = subscriber();
    const ip = '192.0.2.5';
    const ask = (n: number) => client.form({ email: `asker${n}@example.com`, alert: 'inventory' }, { ip, headers: { referer: 'http://localhost/vehicles/x' } });
    const first = [];
    for (let i = 0; i < 4; i++) first.push((await ask(i)).status);
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => ask(10 + i)));
    await client.settle();
    const statuses = [...first, ...burst.map((response) => response.status)];
    expect(statuses.filter((status) => status === 303)).toHaveLength(RATE_LIMIT.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(14 - RATE_LIMIT.max);
  });
});

describe('a full window', { timeout: 60_000 }, () => {
  let counted: Blobs;
  /** Requests that reached the store, counted in front of it. */
  let calls = 0;

  beforeAll(async () => {
    counted = await startBlobs({ onRequest: () => void calls++ });
  });

  afterAll(async () => {
    await counted.stop();
    blobs.use();
  });

  it(`refuses the inbox's requests past its ${ADMIN_RATE_LIMIT.max} a minute with one read of the store each, and writes nothing`, async () => {
    counted.use();
    process.env.LEADS_SETTLE_MS = '20';
    try {
      const ask = async () => {
        const before = calls;
        const response = await adminLeads(new Request('http://localhost/api/admin/leads'), { ip: '198.51.100.60' });
        return { status: response.status, calls: calls - before };
      };
      const admitted = [];
      for (let i = 0; i < ADMIN_RATE_LIMIT.max; i++) admitted.push(await ask());
      const refused = [];
      for (let i = 0; i < 5; i++) refused.push(await ask());
      console.log(`the inbox's limit once full: ${refused.map((one) => one.calls).join(', ')} Blobs call(s) per refused request`);
      // Let in by the limit: then asked to sign in.
      expect(admitted.map((one) => one.status)).toEqual(Array(ADMIN_RATE_LIMIT.max).fill(401));
      expect(refused.map((one) => one.status)).toEqual(Array(5).fill(429));
      for (const one of refused) expect(one.calls).toBeLessThanOrEqual(2);
      const records = (await counted.store.list({ prefix: 'rate/' })).blobs.length;
      await ask();
      expect((await counted.store.list({ prefix: 'rate/' })).blobs).toHaveLength(records);
    } finally {
      process.env.LEADS_SETTLE_MS = '250';
    }
  });
});
