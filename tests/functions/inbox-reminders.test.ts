import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import adminLeads from '../../functions/admin-leads.ts';
import { LOCAL_TOKEN } from '../../functions/lib/inbox/auth.ts';
import { afterBusinessHours } from '../../functions/lib/inbox/promise.ts';
import { readFileSync } from 'node:fs';
import type { Field } from '@sveltia/cms';
import { DUE_PREFIX, dueKey, reminderHours, sendReminders } from '../../functions/lib/inbox/reminders.ts';
import { parseMarker } from '../../functions/lib/leads/blobs.ts';
import { schema } from '../../data/schemas/dealer.ts';
import { cmsConfig } from '../../src/lib/admin/cms-config.ts';
import { adminSchemas } from '../../src/lib/admin/site-config.ts';
import { dealer } from '../../src/lib/data/dealer.ts';
import { configureMail } from '../support/mailbox.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { Client, VALID } from './contact-harness.ts';

const SERVED = 'http://localhost:8888';

/**
 * The promise kept (docs/operations.md §The dealer's inbox): a lead still new after the reminder's
 * business hours sends one reminder to its department, through the real mailer to a stand-in of
 * Resend on loopback; an answered lead sends none; a run with nothing due only lists.
 */

const { blobs, mailbox } = functionSandbox({ mailbox: true, empty: 'each' });
const contact = new Client();
const HOUR = 3_600_000;

afterAll(() => {
  delete process.env.NETLIFY_LOCAL;
  delete process.env.URL;
});

beforeEach(async () => {
  configureMail(mailbox);
  process.env.LEADS_TO_SERVICE = 'service@dealer.test';
  // What `netlify serve` sets (npm start): the local sign-in answers requests to that address.
  Object.assign(process.env, { NETLIFY_LOCAL: 'true', URL: SERVED });
});

afterEach(() => contact.settle());

async function fileLead(interest: string): Promise<string> {
  const response = await contact.post({ ...VALID, interest });
  expect(response.status).toBe(200);
  await contact.settle();
  return ((await response.json()) as { id: string }).id;
}

const reminders = () => mailbox.received.filter((mail) => mail.body.subject.startsWith('Reminder:'));

describe('reminders', () => {
  it('counts business hours: a lead on Saturday at 16:00 falls due on Monday at 10:00 (New York)', () => {
    const ny = (iso: string) => Date.parse(`${iso}-04:00`);
    expect(afterBusinessHours(ny('2026-06-06T16:00'), 2)).toBe(ny('2026-06-08T10:00'));
    expect(afterBusinessHours(ny('2026-06-05T08:00'), 2)).toBe(ny('2026-06-05T11:00'));
  });

  it('a lead still new when due reminds its department once; an answered one does not; nothing due means nothing read', async () => {
    const waiting = await fileLead('service');
    const answered = await fileLead('parts');
    const status = await adminLeads(
      new Request(`${SERVED}/api/admin/leads/${answered}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${LOCAL_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'status', status: 'contacted' }),
      }),
      { ip: '127.0.0.1', params: { id: answered } },
    );
    expect(status.status).toBe(200);
    expect((await blobs.store.list({ prefix: DUE_PREFIX })).blobs).toHaveLength(2);

    expect(await sendReminders(blobs.store)).toMatchObject({ due: 0, sent: 0 });
    expect(reminders()).toHaveLength(0);

    const later = Date.now() + 5 * 24 * HOUR;
    expect(await sendReminders(blobs.store, later)).toMatchObject({ due: 2, sent: 1, answered: 1 });
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0]?.body.to).toEqual(['service@dealer.test']);
    expect(reminders()[0]?.body.text).toContain(`/admin/leads#/lead/${waiting}`);
    expect(reminders()[0]?.body.text).not.toContain(VALID.email);
    expect((await blobs.store.list({ prefix: DUE_PREFIX })).blobs).toHaveLength(0);

    expect(await sendReminders(blobs.store, later)).toMatchObject({ due: 0, sent: 0 });
    expect(reminders()).toHaveLength(1);
  });

  it('a tap on a reply link stops the clock: the lead is contacted and its reminder never goes', async () => {
    const id = await fileLead('service');
    expect((await blobs.store.list({ prefix: DUE_PREFIX })).blobs).toHaveLength(1);
    const reply = await adminLeads(
      new Request(`${SERVED}/api/admin/leads/${id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${LOCAL_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'reply', channel: 'text' }),
      }),
      { ip: '127.0.0.1', params: { id } },
    );
    expect(reply.status).toBe(200);
    expect(await sendReminders(blobs.store, Date.now() + 5 * 24 * HOUR)).toMatchObject({ due: 1, sent: 0, answered: 1 });
    expect(reminders()).toHaveLength(0);
    expect((await blobs.store.list({ prefix: DUE_PREFIX })).blobs).toHaveLength(0);
  });

  it("falls due after the dealer's setting, inquiryResponse.reminderHours of data/dealer.json, and says so", async () => {
    expect(reminderHours()).toBe(dealer.inquiryResponse.reminderHours);
    const id = await fileLead('service');
    const [marker] = (await blobs.store.list({ prefix: DUE_PREFIX })).blobs.map((blob) => parseMarker(blob.key, DUE_PREFIX.slice(0, -1)));
    const lead = (await blobs.store.get(`leads/${id}`, { type: 'json' })) as { receivedAt: string };
    expect(marker).toEqual({ id, at: afterBusinessHours(Date.parse(lead.receivedAt), dealer.inquiryResponse.reminderHours) });
    await sendReminders(blobs.store, Date.now() + 5 * 24 * HOUR);
    expect(reminders()[0]?.body.subject).toContain(`after ${dealer.inquiryResponse.reminderHours} business hours`);
    // Another setting moves the due time; 0 sends none.
    expect(dueKey({ id, receivedAt: lead.receivedAt }, reminderHours({ reminderHours: 4 }))).toContain(
      String(afterBusinessHours(Date.parse(lead.receivedAt), 4)),
    );
    expect(dueKey({ id, receivedAt: lead.receivedAt }, reminderHours({ reminderHours: 0 }))).toBeNull();
  });
});

describe("the reminder's setting", () => {
  const file = JSON.parse(readFileSync(new URL('../../data/dealer.json', import.meta.url), 'utf8')) as Record<string, any>;
  const withHours = (reminderHours: unknown) => ({ ...file, inquiryResponse: { ...file.inquiryResponse, reminderHours } });

  it('is checked with the dealer file: 0 to 40 business hours, 2 when left out', () => {
    expect(schema.parse(withHours(3.5)).inquiryResponse.reminderHours).toBe(3.5);
    expect(schema.parse(withHours(0)).inquiryResponse.reminderHours).toBe(0);
    const { reminderHours: _left, ...without } = file.inquiryResponse as Record<string, unknown>;
    expect(schema.parse({ ...file, inquiryResponse: without }).inquiryResponse.reminderHours).toBe(2);
    for (const bad of [-1, 41, 'two']) {
      const result = schema.safeParse(withHours(bad));
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['inquiryResponse', 'reminderHours']);
    }
  });

  it("is a number field of the dealer's settings in the admin, with its bounds and what it does", () => {
    const config = cmsConfig(adminSchemas, { repo: 'dealer/site', branch: 'main', siteUrl: 'https://www.dealer.test' }) as unknown as {
      collections: { name: string; files?: { file: string; fields: Field[] }[] }[];
    };
    const dealerFile = config.collections.find((collection) => collection.name === 'site')?.files?.find((entry) => entry.file === 'data/dealer.json');
    const response = dealerFile?.fields.find((field) => field.name === 'inquiryResponse') as { fields: Field[] } | undefined;
    expect(response?.fields.find((field) => field.name === 'reminderHours')).toMatchObject({
      widget: 'number',
      min: 0,
      max: 40,
      hint: expect.stringContaining('reminder'),
    });
  });
});
