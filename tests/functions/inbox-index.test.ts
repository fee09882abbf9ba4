import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import adminLeads from '../../functions/admin-leads.ts';
import adminPrivacy from '../../functions/admin-privacy.ts';
import pruneLeads from '../../functions/prune-leads.ts';
import { LOCAL_TOKEN } from '../../functions/lib/inbox/auth.ts';
import { scheduledInvocation } from '../../functions/lib/http/guards.ts';
import { changeHandling } from '../../functions/lib/inbox/handling.ts';
import { foldChanges, INDEX_PREFIX, monthOf, parseTouched, rebuildIndex, reindexLead, TOUCHED_PREFIX } from '../../functions/lib/inbox/summaries.ts';
import type { Lead } from '../../functions/lib/leads/lead.ts';
import { keys, parseMarker } from '../../functions/lib/leads/blobs.ts';
import { configureMail } from '../support/mailbox.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { Client, storedLeads, VALID } from './contact-harness.ts';

const SERVED = 'http://localhost:8888';

/**
 * The inbox's index kept as leads are filed and handled (lib/inbox/summaries.ts), through the real
 * contact, inbox and privacy functions and the Blobs sandbox, whose requests are let through in
 * bursts so that filings side by side meet at the store.
 */

const { blobs } = functionSandbox({ blobs: { burstMs: 15 }, empty: 'each' });
const contact = new Client();

afterAll(() => {
  for (const name of ['NETLIFY_LOCAL', 'CONTEXT', 'URL']) delete process.env[name];
});

beforeEach(async () => {
  configureMail(null);
  for (const name of ['DEPLOY_ID', 'SITE_ID', 'CONTEXT']) delete process.env[name];
  // What `netlify serve` sets (npm start): the local sign-in answers requests to that address.
  Object.assign(process.env, { NETLIFY_LOCAL: 'true', URL: SERVED });
});

afterEach(() => contact.settle());

type Handler = (request: Request, context: { ip: string; params?: Record<string, string> }) => Promise<Response>;

async function call(handler: Handler, path: string, body?: unknown): Promise<Record<string, any>> {
  const url = new URL(path, SERVED);
  const id = url.pathname.split('/')[4];
  const request = new Request(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${LOCAL_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await handler(request, { ip: '127.0.0.1', params: id ? { id } : {} });
  expect(response.status, path).toBe(200);
  return (await response.json()) as Record<string, any>;
}

/** What the month blobs hold, by lead id (read straight from the store). */
async function indexed(): Promise<Map<string, Record<string, any>>> {
  const entries = new Map<string, Record<string, any>>();
  for (const { key } of (await blobs.store.list({ prefix: INDEX_PREFIX })).blobs) {
    const month = (await blobs.store.get(key, { type: 'json' })) as { entries: Record<string, any>[] } | null;
    for (const entry of month?.entries ?? []) entries.set(entry.id, entry);
  }
  return entries;
}

const markers = async () => (await blobs.store.list({ prefix: TOUCHED_PREFIX })).blobs.length;

async function fileTogether(count: number): Promise<string[]> {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, n) => contact.post({ ...VALID, firstName: `Person${n}`, email: `person${n}@example.com` })),
  );
  await contact.settle();
  return Promise.all(
    answers.map(async (answer) => {
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { id: string }).id;
    }),
  );
}

describe("the inbox's index", () => {
  it('leads filed side by side all reach the index; after a list every one is in its month and no marker is left', async () => {
    const ids = await fileTogether(24);
    expect(new Set(ids).size).toBe(24);
    // Before anyone reads the list, every lead is in its month or still has its marker.
    const marked = (await blobs.store.list({ prefix: TOUCHED_PREFIX })).blobs.map((blob) => parseTouched(blob.key)?.id);
    expect(new Set([...(await indexed()).keys(), ...marked])).toEqual(new Set(ids));
    const list = await call(adminLeads, '/api/admin/leads');
    expect(list.total).toBe(24);
    expect([...(await indexed()).keys()].sort()).toEqual([...ids].sort());
    expect(await markers()).toBe(0);
  });

  it('the list is read from the index: with every lead record gone from under it, it still lists them', async () => {
    await fileTogether(3);
    await call(adminLeads, '/api/admin/leads');
    // Not how a lead is deleted (that leaves a marker): this only shows the list reads no lead.
    await Promise.all((await blobs.store.list({ prefix: 'leads/' })).blobs.map((blob) => blobs.store.delete(blob.key)));
    expect((await call(adminLeads, '/api/admin/leads')).total).toBe(3);
  });

  it('a status change rewrites the lead in its month at once', async () => {
    const [id = ''] = await fileTogether(1);
    await call(adminLeads, `/api/admin/leads/${id}`, { action: 'status', status: 'appointment-set' });
    expect((await indexed()).get(id)).toMatchObject({ status: 'appointment-set', firstResponseAt: expect.any(Number) });
    expect(await markers()).toBe(0);
    expect((await call(adminLeads, '/api/admin/leads?status=appointment-set')).leads.map((lead: { id: string }) => lead.id)).toEqual([id]);
  });

  it('a change whose fold was lost still shows, from its marker, and the next list folds it', async () => {
    const [id = ''] = await fileTogether(1);
    await call(adminLeads, '/api/admin/leads');
    const month = (await blobs.store.list({ prefix: INDEX_PREFIX })).blobs[0]?.key ?? '';
    const before = await blobs.store.get(month, { type: 'text' });
    await call(adminLeads, `/api/admin/leads/${id}`, { action: 'status', status: 'sold' });
    // A fold that lost its race: the month as it was before, and the change's marker still there.
    await blobs.store.set(month, before ?? '');
    await blobs.store.set(keys.touched({ id, receivedAt: new Date().toISOString() }), '');
    expect((await call(adminLeads, '/api/admin/leads?status=sold')).total).toBe(1);
    expect((await indexed()).get(id)?.status).toBe('sold');
    expect(await markers()).toBe(0);
  });

  it('a fold that read a lead just before a newer change never writes it over that change', async () => {
    const [id = ''] = await fileTogether(1);
    await call(adminLeads, '/api/admin/leads');
    const lead = (await blobs.store.get(keys.lead(id), { type: 'json' })) as Lead;
    // The lead was answered; its month does not say so yet.
    await changeHandling(blobs.store, id, { kind: 'status', status: 'contacted' }, 'one');
    let raced = false;
    // A store whose first read of the lead's handling lets another change and its fold happen
    // completely, and then answers what it read before them.
    const racing = new Proxy(blobs.store, {
      get(target, name) {
        const value: unknown = Reflect.get(target, name, target);
        if (name !== 'get' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
        return async (key: string, options: { type: 'json' }) => {
          const read: unknown = await target.get(key, options);
          if (!raced && key === keys.handling(id)) {
            raced = true;
            await changeHandling(target, id, { kind: 'status', status: 'sold' }, 'other');
            await reindexLead(target, lead);
          }
          return read;
        };
      },
    });
    await foldChanges(racing, [{ id, month: monthOf(Date.parse(lead.receivedAt)), markers: [] }]);
    expect(raced).toBe(true);
    expect((await indexed()).get(id)?.status).toBe('sold');
  });

  it("a person's data deleted on request leaves the index at once, with nothing of them in it", async () => {
    const [gone = '', kept = ''] = await fileTogether(2);
    const person = 'person0@example.com';
    await call(adminLeads, '/api/admin/leads');
    expect((await indexed()).get(gone)?.email).toBe(person);
    const deleted = await call(adminPrivacy, '/api/admin/privacy', { action: 'delete', email: person, confirm: true });
    expect(deleted.deleted.leads).toBe(1);
    expect([...(await indexed()).keys()]).toEqual([kept]);
    expect(await markers()).toBe(0);
    expect((await call(adminLeads, '/api/admin/leads')).leads.map((lead: { id: string }) => lead.id)).toEqual([kept]);
    const everything = JSON.stringify(
      await Promise.all((await blobs.store.list({ prefix: 'inbox/' })).blobs.map((blob) => blobs.store.get(blob.key, { type: 'text' }))),
    );
    expect(everything).not.toContain(person);
  });

  it('leads stored before the index was kept are added by the daily job, a bounded number a run, and by a rebuild', async () => {
    const old = (n: number): Lead => ({
      id: `00000000-0000-4000-8000-00000000000${n}`,
      receivedAt: new Date(Date.now() - (n + 1) * 86_400_000).toISOString(),
      status: 'sent',
      inquiry: { ...VALID, firstName: `Old${n}` },
      source: { channel: 'json', utm: {} },
      delivery: { attempts: 1 },
    });
    const leads = [0, 1, 2].map(old);
    await Promise.all(leads.flatMap((lead) => [blobs.store.setJSON(keys.lead(lead.id), lead), blobs.store.set(keys.received(lead), '')]));
    expect((await call(adminLeads, '/api/admin/leads')).total).toBe(0);
    expect(await rebuildIndex(blobs.store, { limit: 2 })).toMatchObject({ leads: 3, added: 2, left: 1 });
    // Under `netlify serve` a job runs when it comes from this machine (netlify-cli sets the address).
    const invocation = scheduledInvocation();
    invocation.headers.set('x-nf-client-connection-ip', '127.0.0.1');
    const job = (await (await pruneLeads(invocation)).json()) as Record<string, any>;
    expect(job.index).toMatchObject({ leads: 3, added: 1, left: 0 });
    expect((await call(adminLeads, '/api/admin/leads')).total).toBe(3);
  });
});

describe('one lead, one arrival', () => {
  const arrivals = async (prefix: string) =>
    (await blobs.store.list({ prefix })).blobs.map((blob) => (prefix === TOUCHED_PREFIX ? parseTouched(blob.key) : parseMarker(blob.key, prefix.slice(0, -1))));
  const daily = async () => {
    // Under `netlify serve` a job runs when it comes from this machine (netlify-cli sets the address).
    const invocation = scheduledInvocation();
    invocation.headers.set('x-nf-client-connection-ip', '127.0.0.1');
    expect((await pruneLeads(invocation)).status).toBe(200);
  };

  it(
    '20 copies of one submission from instances of their own: one lead, one arrival marker, and no marker of another arrival',
    { timeout: 60_000 },
    async () => {
      const handlers: NonNullable<ConstructorParameters<typeof Client>[0]>[] = [];
      for (let i = 0; i < 20; i++) {
        vi.resetModules();
        handlers.push((await import('../../functions/contact.ts')).default);
      }
      const clients = handlers.map((handler) => new Client(handler));
      const answers = await Promise.all(clients.map((client) => client.post({ ...VALID, idempotencyKey: 'one-burst-one-arrival' }, { ip: '198.51.100.20' })));
      await Promise.all(clients.map((client) => client.settle()));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));

      const [lead, ...others] = await storedLeads(blobs.store);
      expect(others).toEqual([]);
      const arrival = Date.parse(lead!.receivedAt);
      expect(await arrivals('received/')).toEqual([{ at: arrival, id: lead!.id }]);
      expect(await arrivals('pending/')).toEqual([{ at: arrival, id: lead!.id }]); // no e-mail key here: it waits
      for (const marker of await arrivals(TOUCHED_PREFIX)) expect(marker?.at).toBe(arrival);
      expect((await call(adminLeads, '/api/admin/leads')).leads.map((entry: { id: string }) => entry.id)).toEqual([lead!.id]);
      expect(await markers()).toBe(0);
      expect([...(await indexed()).keys()]).toEqual([lead!.id]);
    },
  );

  it('a lead left with two arrival markers (two copies the local sandbox let both land) keeps the one of its own arrival after the daily job', async () => {
    const lead: Lead = {
      id: '00000000-0000-4000-8000-0000000000aa',
      receivedAt: new Date(Date.now() - 60_000).toISOString(),
      status: 'sent',
      inquiry: { ...VALID },
      source: { channel: 'json', utm: {} },
      delivery: { attempts: 1 },
    };
    const copy = { ...lead, receivedAt: new Date(Date.now() - 60_005).toISOString() };
    await Promise.all([blobs.store.setJSON(keys.lead(lead.id), lead), blobs.store.set(keys.received(lead), ''), blobs.store.set(keys.received(copy), '')]);
    await daily();
    expect(await arrivals('received/')).toEqual([{ at: Date.parse(lead.receivedAt), id: lead.id }]);
    expect(await storedLeads(blobs.store)).toHaveLength(1);
  });

  it('a marker naming another arrival never puts the lead in that arrival’s month', async () => {
    // A copy of the submission arrived on May 31st, the lead as filed on June 1st.
    const lead: Lead = {
      id: '00000000-0000-4000-8000-0000000000bb',
      receivedAt: '2025-06-01T00:00:00.005Z',
      status: 'sent',
      inquiry: { ...VALID },
      source: { channel: 'json', utm: {} },
      delivery: { attempts: 1 },
    };
    const copy = { ...lead, receivedAt: '2025-05-31T23:59:59.990Z' };
    await blobs.store.setJSON(keys.lead(lead.id), lead);
    await Promise.all([
      blobs.store.set(keys.touched(copy, Date.parse(copy.receivedAt)), ''),
      blobs.store.set(keys.touched(lead, Date.parse(lead.receivedAt)), ''),
    ]);
    expect((await call(adminLeads, '/api/admin/leads')).total).toBe(1);
    const months = async () =>
      Object.fromEntries(
        await Promise.all(
          (await blobs.store.list({ prefix: INDEX_PREFIX })).blobs.map(async ({ key }) => [
            key.slice(INDEX_PREFIX.length),
            (((await blobs.store.get(key, { type: 'json' })) as { entries: { id: string }[] }).entries ?? []).map((entry) => entry.id),
          ]),
        ),
      );
    expect(await months()).toMatchObject({ '2025-06': [lead.id] });
    expect((await months())['2025-05'] ?? []).toEqual([]);
    expect(await markers()).toBe(0);
  });
});
