import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import adminExport from '../../functions/admin-export.ts';
import adminLeads from '../../functions/admin-leads.ts';
import adminPrivacy from '../../functions/admin-privacy.ts';
import { alertsBlobs, readSubscriber, subscriberHash } from '../../functions/lib/alerts/blobs.ts';
import { requestAlert } from '../../functions/lib/alerts/subscriptions.ts';
import { addressHash } from '../../functions/lib/leads/delivery.ts';
import { clearAccessCache } from '../../functions/lib/github/permissions.ts';
import { LOCAL_TOKEN } from '../../functions/lib/inbox/auth.ts';
import { keys } from '../../functions/lib/leads/blobs.ts';
import { calendarDay } from '../../src/lib/units/build-clock.ts';
import { configureMail, Mailbox } from '../support/mailbox.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { Client, VALID } from './contact-harness.ts';

const SERVED = 'http://localhost:8888';

/**
 * A person's privacy request and the CSV export in the inbox (docs/operations.md §The dealer's
 * inbox), through the real functions and the Blobs sandbox, signed in with the local sign-in.
 */

const { blobs } = functionSandbox({ empty: 'each' });
const contact = new Client();

afterAll(() => {
  delete process.env.NETLIFY_LOCAL;
  delete process.env.URL;
});

beforeEach(async () => {
  clearAccessCache();
  configureMail(null);
  for (const name of ['DEPLOY_ID', 'SITE_ID', 'CONTEXT']) delete process.env[name];
  // What `netlify serve` sets (npm start): the local sign-in answers requests to that address.
  Object.assign(process.env, { NETLIFY_LOCAL: 'true', URL: SERVED });
});

afterEach(() => contact.settle());

type Handler = (request: Request, context: { ip: string }) => Promise<Response>;

async function call(handler: Handler, path: string, body?: unknown) {
  const request = new Request(new URL(path, SERVED), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${LOCAL_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return handler(request, { ip: '127.0.0.1' });
}

async function fileLead(person: { [Field in keyof typeof VALID]?: string }): Promise<string> {
  const response = await contact.post({ ...VALID, ...person });
  expect(response.status).toBe(200);
  await contact.settle();
  return ((await response.json()) as { id: string }).id;
}

describe('a privacy request', () => {
  it('finds leads, receipts and alert subscriptions by e-mail or by phone, deletes them after confirmation, and records the deletion without personal data', async () => {
    const pat = await fileLead({ email: 'Pat@Example.com', phone: '(609) 555-0142' });
    await fileLead({ email: 'pat.work@example.com', phone: '609.555.0142' });
    const other = await fileLead({ email: 'someone@example.com', phone: '(609) 555-0199' });
    // The receipt Pat's first lead got (RECEIPTS=on): it names that lead.
    await blobs.store.setJSON(keys.receipt(await addressHash('pat@example.com')), { at: new Date().toISOString(), leadId: pat });
    await requestAlert(alertsBlobs(), 'pat@example.com', { kind: 'price', unit: 'some-unit' }, 'Price drop');

    const byPhone = (await (await call(adminPrivacy, '/api/admin/privacy', { action: 'find', phone: '+1 609 555 0142' })).json()) as Record<string, any>;
    expect(byPhone.leads).toHaveLength(2);
    expect(byPhone.receipts).toBe(1);
    expect(byPhone.subscriptions).toEqual([{ alerts: 1 }]);
    expect(byPhone.mailLog).toBe(0);
    const byEmail = (await (await call(adminPrivacy, '/api/admin/privacy', { action: 'find', email: 'PAT@example.com ' })).json()) as Record<string, any>;
    expect(byEmail.leads).toHaveLength(1);

    const unconfirmed = await call(adminPrivacy, '/api/admin/privacy', { action: 'delete', phone: '609 555 0142' });
    expect(unconfirmed.status).toBe(400);
    expect((await call(adminLeads, '/api/admin/leads').then((r) => r.json())) as Record<string, any>).toMatchObject({ total: 3 });

    const deleted = (await (await call(adminPrivacy, '/api/admin/privacy', { action: 'delete', phone: '609 555 0142', confirm: true })).json()) as Record<
      string,
      any
    >;
    expect(deleted.deleted).toMatchObject({ by: 'local', leads: 2, photos: 0, receipts: 1, subscriptions: 1 });
    const list = (await (await call(adminLeads, '/api/admin/leads')).json()) as Record<string, any>;
    expect(list.leads.map((lead: { id: string }) => lead.id)).toEqual([other]);
    const again = (await (await call(adminPrivacy, '/api/admin/privacy', { action: 'find', phone: '609 555 0142' })).json()) as Record<string, any>;
    expect(again).toMatchObject({ leads: [], receipts: 0, subscriptions: [] });

    const records = (await (await call(adminPrivacy, '/api/admin/privacy')).json()) as Record<string, any>;
    expect(records.deletions).toHaveLength(1);
    const everything = JSON.stringify(
      await Promise.all((await blobs.store.list({ prefix: 'inbox/' })).blobs.map((blob) => blobs.store.get(blob.key, { type: 'text' }))),
    );
    expect(everything.toLowerCase()).not.toContain('pat@example.com');
    expect(everything).not.toContain('555-0142');
  });

  describe('finds and deletes the records of the very address asked about, never another form of it', () => {
    let mailbox: Mailbox;
    beforeAll(async () => {
      mailbox = await new Mailbox().start();
    });
    afterAll(() => mailbox.stop());
    beforeEach(() => {
      configureMail(mailbox);
      process.env.RECEIPTS = 'on';
    });
    afterEach(() => void delete process.env.RECEIPTS);

    const find = async (email: string) => (await (await call(adminPrivacy, '/api/admin/privacy', { action: 'find', email })).json()) as Record<string, any>;
    const receiptKey = async (email: string) => keys.receipt(await addressHash(email));

    it('deleting bob+other-person@… leaves bob@…: his lead, his receipt and his alerts', async () => {
      const bob = await fileLead({ email: 'bob@example.com', phone: '(609) 555-0101' });
      await requestAlert(alertsBlobs(), 'bob@example.com', { kind: 'price', unit: 'some-unit' }, 'Price drop');
      const other = await fileLead({ email: 'bob+other-person@example.com', phone: '(609) 555-0102' });
      // One inbox gets one receipt a day: bob's lead took it.
      expect(await blobs.store.get(await receiptKey('bob+other-person@example.com'), { type: 'json' })).toMatchObject({ leadId: bob });

      expect(await find('bob+other-person@example.com')).toMatchObject({ leads: [{ id: other }], receipts: 0, subscriptions: [] });
      const deleted = (await (
        await call(adminPrivacy, '/api/admin/privacy', { action: 'delete', email: 'bob+other-person@example.com', confirm: true })
      ).json()) as Record<string, any>;
      expect(deleted.deleted).toMatchObject({ leads: 1, receipts: 0, subscriptions: 0 });

      expect(await recordOfBob()).toMatchObject({ email: 'bob@example.com', alerts: [expect.objectContaining({ title: 'Price drop' })] });
      expect(await blobs.store.get(await receiptKey('bob@example.com'), { type: 'json' })).toMatchObject({ leadId: bob });
      expect(await find('Bob@Example.com')).toMatchObject({ leads: [{ id: bob }], receipts: 1, subscriptions: [{ alerts: 1 }] });
    });

    it('finding victim@gmail.com shows nothing of vic.tim@gmail.com, and finding vic.tim@gmail.com shows both their lead and their alerts', async () => {
      const victim = await fileLead({ email: 'vic.tim@gmail.com', phone: '(609) 555-0103' });
      await requestAlert(alertsBlobs(), 'vic.tim@gmail.com', { kind: 'price', unit: 'some-unit' }, 'Price drop');

      expect(await find('victim@gmail.com')).toMatchObject({ leads: [], receipts: 0, subscriptions: [] });
      expect(await find('VIC.TIM@gmail.com')).toMatchObject({ leads: [{ id: victim }], receipts: 1, subscriptions: [{ alerts: 1 }] });
      const deleted = (await (await call(adminPrivacy, '/api/admin/privacy', { action: 'delete', email: 'victim@gmail.com', confirm: true })).json()) as Record<
        string,
        any
      >;
      expect(deleted.deleted).toMatchObject({ leads: 0, receipts: 0, subscriptions: 0 });
      expect(await find('vic.tim@gmail.com')).toMatchObject({ leads: [{ id: victim }], receipts: 1, subscriptions: [{ alerts: 1 }] });
    });

    const recordOfBob = async () => (await readSubscriber(alertsBlobs(), subscriberHash('bob@example.com')))?.record ?? null;
  });

  it('a request without one clear e-mail or phone is refused with a reason', async () => {
    for (const body of [
      { action: 'find' },
      { action: 'find', email: 'a@b.co', phone: '6095550100' },
      { action: 'find', email: 'nope' },
      { action: 'find', phone: '12' },
    ]) {
      const answer = await call(adminPrivacy, '/api/admin/privacy', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toEqual(expect.any(String));
    }
  });
});

describe('the CSV export', () => {
  it('gives the leads of the days asked for, with a header row and the dealer’s status and notes', async () => {
    const quinn = await fileLead({ firstName: 'Quinn' });
    expect((await call(adminLeads, `/api/admin/leads/${quinn}`, { action: 'status', status: 'appointment-set' })).status).toBe(200);
    expect((await call(adminLeads, `/api/admin/leads/${quinn}`, { action: 'note', text: '@noon Saturday' })).status).toBe(200);
    const today = calendarDay(new Date());
    const answer = await call(adminExport, `/api/admin/export?from=${today}&to=${today}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    const csv = await answer.text();
    expect(csv.split('\r\n')[0]).toMatch(/^receivedAt,status,firstName/);
    expect(csv).toContain('"Quinn"');
    const [row] = parse(csv, { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({ firstName: 'Quinn', inboxStatus: 'appointment-set', form: 'contact' });
    expect(row?.notes).toMatch(/ local: @noon Saturday$/);
    expect(row?.statusHistory).toMatch(/ local: new → appointment-set$/);
    const empty = await (await call(adminExport, '/api/admin/export?from=2001-01-01&to=2001-01-31')).text();
    expect(empty.trim().split('\r\n')).toHaveLength(1);
    expect((await call(adminExport, '/api/admin/export?from=2026-02-01&to=2026-01-01')).status).toBe(400);
    expect((await call(adminExport, '/api/admin/export?from=june')).status).toBe(400);
  });
});
