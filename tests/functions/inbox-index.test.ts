import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import adminLeads from '../../functions/admin-leads.ts';
import adminPrivacy from '../../functions/admin-privacy.ts';
import pruneLeads from '../../functions/prune-leads.ts';
import { alertsBlobs } from '../../functions/lib/alerts/blobs.ts';
import { LOCAL_TOKEN } from '../../functions/lib/inbox/auth.ts';
import { scheduledInvocation } from '../../functions/lib/http/guards.ts';
import { changeHandling } from '../../functions/lib/inbox/handling.ts';
import { foldChanges, INDEX_PREFIX, monthOf, parseTouched, rebuildIndex, reindexLead, TOUCHED_PREFIX } from '../../functions/lib/inbox/summaries.ts';
import type { Lead } from '../../functions/lib/leads/lead.ts';
import { keys } from '../../functions/lib/leads/blobs.ts';
import { Client, configureMail, startBlobs, VALID, type Blobs } from './contact-harness.ts';

/**
 * The inbox's index kept as leads are filed and handled (lib/inbox/summaries.ts), through the real
 * contact, inbox and privacy functions and the Blobs sandbox, whose requests are let through in
 * bursts so that filings side by side meet at the store.
 */

let blobs: Blobs;
const contact = new Client();

beforeAll(async () => {
  blobs = await startBlobs({ burstMs: 15 });
});

afterAll(async () => {
  for (const name of ['NETLIFY_LOCAL', 'CONTEXT']) delete process.env[name];
  await blobs.stop();
});

beforeEach(async () => {
  await Promise.all([blobs.store.deleteAll(), alertsBlobs().deleteAll()]);
  configureMail(null);
  for (const name of ['DEPLOY_ID', 'SITE_ID', 'CONTEXT']) delete process.env[name];
  process.env.NETLIFY_LOCAL = 'true';
});

afterEach(() => contact.settle());

type Handler = (request: Request, context: { ip: string; params?: Record<string, string> }) => Promise<Response>;

async function call(handler: Handler, path: string, body?: unknown): Promise<Record<string, any>> {
  const url = new URL(path, 'http://localhost');
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
    // The job as netlify serve starts it here (NETLIFY_LOCAL is set for the local sign-in): from this machine.
    const invocation = scheduledInvocation();
    invocation.headers.set('x-nf-client-connection-ip', '127.0.0.1');
    const job = (await (await pruneLeads(invocation)).json()) as Record<string, any>;
    expect(job.index).toMatchObject({ leads: 3, added: 1, left: 0 });
    expect((await call(adminLeads, '/api/admin/leads')).total).toBe(3);
  });
});
