import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import adminLeads from '../../functions/admin-leads.ts';
import { LOCAL_TOKEN } from '../../functions/lib/inbox/auth.ts';
import { afterBusinessHours } from '../../functions/lib/inbox/promise.ts';
import { DUE_PREFIX, sendReminders } from '../../functions/lib/inbox/reminders.ts';
import { Client, configureMail, Mailbox, startBlobs, VALID, type Blobs } from './contact-harness.ts';

/**
 * The promise kept (docs/operations.md §The dealer's inbox): a lead still new after the reminder's
 * business hours sends one reminder to its department, through the real mailer to a stand-in of
 * Resend on loopback; an answered lead sends none; a run with nothing due only lists.
 */

let blobs: Blobs;
let mailbox: Mailbox;
const contact = new Client();
const HOUR = 3_600_000;

beforeAll(async () => {
  blobs = await startBlobs();
  mailbox = await new Mailbox().start();
});

afterAll(async () => {
  delete process.env.NETLIFY_LOCAL;
  await mailbox.stop();
  await blobs.stop();
});

beforeEach(async () => {
  await blobs.store.deleteAll();
  configureMail(mailbox);
  process.env.LEADS_TO_SERVICE = 'service@dealer.test';
  process.env.NETLIFY_LOCAL = 'true';
  mailbox.received.length = 0;
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
      new Request(`http://localhost/api/admin/leads/${answered}`, {
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
});
