import { getStore } from '@netlify/blobs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAIL_LOG_BLOBS } from '../../functions/lib/mail/log.ts';
import { deliverLead, FALLBACK_AFTER } from '../../functions/lib/leads/delivery.ts';
import { alertsEnv } from '../../src/lib/settings/alerts.ts';
import { leadsEnv, mailQuota } from '../../src/lib/settings/mail.ts';
import type { SettingIssue } from '../../src/lib/settings/read.ts';
import type { Lead } from '../../functions/lib/leads/lead.ts';
import { fileLead, readLead, saveLead } from '../../functions/lib/leads/blobs.ts';
import retryLeads from '../../functions/retry-leads.ts';
import { configureMail } from '../support/mailbox.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { Client, storedLeads, VALID } from './contact-harness.ts';
import { scheduledInvocation } from '../../functions/lib/http/guards.ts';

/** Routing per interest, the visitor's receipt, and the delivery defects: through the real handler, Blobs and SDK. */

const { blobs, mailbox } = functionSandbox({ mailbox: true, empty: 'each' });
let client: Client;

beforeEach(() => {
  client = new Client();
  // The clocks the code reads stand still unless the test moves them: the date, and the one its
  // run deadlines and the provider's pace are measured on, which a busy machine cannot run out.
  vi.useFakeTimers({ toFake: ['Date', 'performance'] });
  vi.setSystemTime(new Date('2025-06-02T14:00:00Z'));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

afterEach(async () => {
  await client.settle();
  vi.useRealTimers();
});

const minutesLater = (minutes: number) => vi.setSystemTime(new Date(Date.now() + minutes * 60_000));
const runJob = async () => (await (await retryLeads(scheduledInvocation())).json()) as Record<string, number>;
const mailsTo = (address: string) => mailbox.received.filter((m) => m.body.to.includes(address));
const post = async (body: Record<string, unknown>) => {
  const response = await client.post(body);
  expect(response.status).toBe(200);
  await client.settle();
  return ((await response.json()) as { id: string }).id;
};
const ROUTES = {
  LEADS_TO_SALES: 'sales-desk@dealer.test',
  LEADS_TO_SERVICE: 'service@dealer.test, shop@dealer.test',
  LEADS_TO_PARTS: 'parts@dealer.test',
  LEADS_TO_RENTALS: 'rentals@dealer.test',
} as const;

/** A lead as the reservation function files it (interest rentals), straight into the store. */
async function fileRentalLead(extra: Record<string, unknown> = {}): Promise<string> {
  const id = crypto.randomUUID();
  const lead = {
    id,
    receivedAt: new Date().toISOString(),
    status: 'pending',
    inquiry: { ...VALID, interest: 'rentals', message: 'Reservation request: 4 Seater for 3 days.' },
    source: { channel: 'json', page: '/rentals', utm: {} },
    delivery: { attempts: 0 },
    ...extra,
  } as Lead;
  expect((await fileLead(blobs.store, lead)).created).toBe(true);
  expect(await deliverLead(blobs.store, id)).toBe('sent');
  return id;
}

describe('routing per interest (docs/product.md §Leads)', () => {
  it.each([
    ['sales', ['sales-desk@dealer.test']],
    ['service', ['service@dealer.test', 'shop@dealer.test']],
    ['parts', ['parts@dealer.test']],
    ['general', ['sales@dealer.test', 'owner@dealer.test']],
  ])('a %s inquiry goes to %j (general has no inbox of its own: LEADS_TO)', async (interest, inbox) => {
    Object.assign(process.env, ROUTES);
    await post({ ...VALID, interest });
    const dealer = mailbox.received.filter((m) => m.headers['idempotency-key']?.toString().endsWith('-dealer'));
    expect(dealer).toHaveLength(1);
    expect(dealer[0]?.body.to).toEqual(inbox);
    const crm = mailsTo('crm@dealer.test');
    expect(crm).toHaveLength(1);
    const department = interest.charAt(0).toUpperCase() + interest.slice(1);
    expect(crm[0]?.body.text).toContain(`<name part="full">Burlington Golf Carts ${department} Department</name>`);
    expect(crm[0]?.body.text).toContain(`Department: ${department}`);
  });

  it('a rental reservation goes to LEADS_TO_RENTALS, and to LEADS_TO while that is unset', async () => {
    Object.assign(process.env, ROUTES);
    await fileRentalLead();
    expect(mailsTo('rentals@dealer.test')).toHaveLength(1);
    expect(mailsTo('rentals@dealer.test')[0]?.body.subject).toBe('New rentals inquiry from Jane Doe');
    expect(mailsTo('crm@dealer.test')[0]?.body.text).toContain('Burlington Golf Carts Rentals Department');

    delete process.env.LEADS_TO_RENTALS;
    mailbox.received.length = 0;
    await fileRentalLead();
    expect(mailbox.received.find((m) => m.headers['idempotency-key']?.toString().endsWith('-dealer'))?.body.to).toEqual([
      'sales@dealer.test',
      'owner@dealer.test',
    ]);
  });

  it('a wrong optional setting falls back to its default with a warning, and the lead is e-mailed all the same', async () => {
    process.env.LEADS_TO_PARTS = 'parts-at-dealer';
    process.env.RECEIPTS = 'yes';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const env = leadsEnv();
    expect(env).toMatchObject({
      ok: true,
      warnings: [
        { name: 'RECEIPTS', problem: 'must be "on" or "off": the default (off) is used' },
        { name: 'LEADS_TO_PARTS', problem: 'must be a comma-separated list of e-mail addresses: the default (LEADS_TO) is used' },
      ],
    });
    expect(warn.mock.calls.map(([line]) => String(line))).toEqual(
      expect.arrayContaining(['[settings] RECEIPTS must be "on" or "off": the default (off) is used']),
    );
    await post({ ...VALID, interest: 'parts' });
    // The parts request goes to LEADS_TO, with its ADF copy; no receipt (RECEIPTS falls back to off).
    expect(mailsTo('sales@dealer.test')).toHaveLength(1);
    expect(mailsTo('crm@dealer.test')).toHaveLength(1);
    expect(mailsTo(VALID.email)).toHaveLength(0);
    expect((await storedLeads(blobs.store))[0]?.status).toBe('sent');
  });
});

describe("the visitor's receipt (docs/product.md §Leads)", () => {
  const receipts = () => mailbox.received.filter((m) => m.headers['idempotency-key']?.toString().endsWith('-receipt'));

  it('is off unless RECEIPTS=on: the lead is sent without one', async () => {
    await post(VALID);
    expect(receipts()).toHaveLength(0);
    expect((await storedLeads(blobs.store))[0]).toMatchObject({ status: 'sent', delivery: { receipt: { skipped: 'off' } } });
  });

  it('says what was received, when, the response times and the phone number, in text and HTML, after the dealer’s message', async () => {
    process.env.RECEIPTS = 'on';
    await post({ ...VALID, interest: 'service', vehicle: 'denago-ev-city' });
    const [receipt] = receipts();
    expect(receipt?.body.to).toEqual([VALID.email]);
    expect(receipt?.body.reply_to).toBe('sales@example.com');
    expect(receipt?.body.subject).toBe('We received your service inquiry - Burlington Golf Carts');
    expect(receipt?.body.text).toBe(
      [
        'Thank you for contacting Burlington Golf Carts. We received your inquiry:',
        '',
        'Interest:    Service',
        'Vehicle:     Denago EV City',
        'Received:    Monday, June 2, 2025 at 10:00 AM EDT',
        '',
        'We answer within 24 hours, typically within 2-6 hours during business hours.',
        'Need us sooner? Call (609) 555-0142.',
        '',
        'You receive this e-mail because this address was entered in the contact form at https://www.example.com/contact. If that was not you, no action is needed: we only write again to answer the inquiry.',
        '',
        'Burlington Golf Carts, 100 High Street, Mount Holly, NJ 08060',
      ].join('\n'),
    );
    expect(receipt?.body.html).toContain('<a href="tel:+16095550142"');
    expect(receipt?.body.html).toContain('Denago EV City');
    const order = mailbox.requests.map((r) => r.idempotencyKey.split('-').pop());
    expect(order).toEqual(['dealer', 'crm', 'receipt']);
    expect((await storedLeads(blobs.store))[0]).toMatchObject({ status: 'sent', delivery: { receipt: { emailId: expect.any(String) } } });
  });

  it('never repeats what the visitor typed, even HTML or a link in the message, the names or an unknown vehicle', async () => {
    process.env.RECEIPTS = 'on';
    await post({
      ...VALID,
      firstName: 'Visit https://spam.example',
      lastName: '<a href="https://spam.example">WIN</a>',
      message: 'Cheap pills at <b>https://spam.example/buy</b> <script>alert(1)</script> — click now!',
      vehicle: 'cheap-pills-at-spam-example',
    });
    const [receipt] = receipts();
    expect(receipt).toBeDefined();
    const everything = JSON.stringify(receipt?.body);
    for (const typed of ['spam', 'Visit', 'WIN', 'pills', 'Pills', 'script', 'click', 'Cheap'])
      expect(everything, `the receipt repeats "${typed}"`).not.toContain(typed);
    expect(receipt?.body.text).not.toContain('Vehicle:');
  });

  it('names a rental reservation by its rental group', async () => {
    process.env.RECEIPTS = 'on';
    await fileRentalLead();
    const [receipt] = receipts();
    expect(receipt?.body.subject).toBe('We received your rentals inquiry - Burlington Golf Carts');
    expect(receipt?.body.text).toContain('Interest:    Rentals');
  });

  it('is left out once the day’s e-mails reach what the leads’ reserve leaves, while the lead itself goes', async () => {
    process.env.RECEIPTS = 'on';
    process.env.MAIL_DAILY_LIMIT = '10';
    process.env.MAIL_LEAD_RESERVE_DAILY = '4';
    try {
      // Six e-mails already sent today (one record for six recipients, as lib/mail/log.ts keeps them).
      await getStore({ name: MAIL_LOG_BLOBS, consistency: 'strong' }).set(`sent/2025-06-02/${Date.now()}-6-test`, '');
      await post(VALID);
      expect(receipts()).toHaveLength(0);
      expect((await storedLeads(blobs.store))[0]).toMatchObject({
        status: 'sent',
        delivery: { dealer: { emailId: expect.any(String) }, receipt: { skipped: 'quota' } },
      });
    } finally {
      delete process.env.MAIL_DAILY_LIMIT;
      delete process.env.MAIL_LEAD_RESERVE_DAILY;
    }
  });

  it('shares one quota with alerts: their default is the plan less the leads’ reserve, and a bad setting is named and falls back', () => {
    expect(mailQuota({})).toEqual({ daily: 100, monthly: 3000, leadReserveDaily: 40, leadReserveMonthly: 1000 });
    expect(alertsEnv({ MAIL_DAILY_LIMIT: '50', MAIL_MONTHLY_LIMIT: '1500' })).toMatchObject({ ok: true, dailyQuota: 10, monthlyQuota: 500 });
    expect(alertsEnv({ MAIL_DAILY_LIMIT: '50', ALERTS_DAILY_QUOTA: '20' })).toMatchObject({ ok: true, dailyQuota: 20 });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const warnings: SettingIssue[] = [];
    expect(mailQuota({ MAIL_LEAD_RESERVE_DAILY: 'many' }, warnings)).toEqual({ daily: 100, monthly: 3000, leadReserveDaily: 40, leadReserveMonthly: 1000 });
    expect(warnings).toEqual([{ name: 'MAIL_LEAD_RESERVE_DAILY', problem: 'must be a number: the default (40) is used' }]);
  });

  it('goes to one address at most once in 24 hours, whatever the letter case', async () => {
    process.env.RECEIPTS = 'on';
    await post(VALID);
    minutesLater(60);
    await post({ ...VALID, email: 'Jane.Doe@Example.com', interest: 'parts' });
    expect(receipts()).toHaveLength(1);
    const leads = await storedLeads(blobs.store);
    const second = leads.find((lead) => lead.inquiry.interest === 'parts');
    expect(second).toMatchObject({ status: 'sent', delivery: { receipt: { skipped: 'daily-limit' } } });
    expect(mailbox.received.filter((m) => m.headers['idempotency-key']?.toString().endsWith('-dealer'))).toHaveLength(2);

    await post({ ...VALID, email: 'someone.else@example.com' });
    expect(receipts()).toHaveLength(2);

    minutesLater(23 * 60 + 1);
    await post({ ...VALID, interest: 'general' });
    expect(receipts()).toHaveLength(3);
  });

  it('a failed receipt never holds up the dealer: the dealer’s messages go, the receipt is retried alone', async () => {
    process.env.RECEIPTS = 'on';
    mailbox.downFor = VALID.email;
    await post(VALID);
    expect(mailsTo('sales@dealer.test')).toHaveLength(1);
    expect(mailsTo('crm@dealer.test')).toHaveLength(1);
    let [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({
      status: 'pending',
      delivery: { dealer: { emailId: expect.any(String) }, lastError: 'receipt: internal_server_error: Provider is down' },
    });

    mailbox.downFor = undefined;
    minutesLater(3);
    expect(await runJob()).toMatchObject({ sent: 1 });
    [lead] = await storedLeads(blobs.store);
    expect(lead?.status).toBe('sent');
    expect(receipts()).toHaveLength(1);
    expect(mailsTo('sales@dealer.test')).toHaveLength(1);
  });
});

describe('delivery defects', () => {
  it('a page of "http://" is dropped on receipt: the lead is stored and e-mailed', async () => {
    await post({ ...VALID, page: 'http://', referrer: 'http://', utm_source: '\u0000' });
    const [lead] = await storedLeads(blobs.store);
    expect(lead?.source).toEqual({ channel: 'json', userAgent: 'Mozilla/5.0 (test)', utm: {} });
    expect(lead?.status).toBe('sent');
    expect(mailsTo('sales@dealer.test')).toHaveLength(1);
  });

  it('NUL, BEL, ESC and a right-to-left override reach neither the lead nor the e-mails', async () => {
    await post({ ...VALID, firstName: 'Zo\u00eb \u{1F697}\u202Egnp.exe', lastName: 'D\u0000o\u0007e', message: 'Hello\u001b[2J there, call me\u200B please.' });
    const [lead] = await storedLeads(blobs.store);
    expect(lead?.inquiry).toMatchObject({ firstName: 'Zo\u00eb \u{1F697}gnp.exe', lastName: 'Doe', message: 'Hello[2J there, call me please.' });
    const [mail] = mailsTo('sales@dealer.test');
    // Control (Cc) and format (Cf) characters other than the line breaks of the plain text.
    const invisible = (part = '') => /[\p{Cc}\p{Cf}]/u.test(part.replace(/[\n\r]/g, ''));
    expect(mail?.body.subject).toBe('New sales inquiry from Zo\u00eb \u{1F697}gnp.exe Doe');
    for (const part of [mail?.body.subject, mail?.body.text, mail?.body.html]) expect(invisible(part), part).toBe(false);
  });

  it('"call me maybe!" is not a phone number: 400 "Phone number is required"', async () => {
    const response = await client.post({ ...VALID, phone: 'call me maybe!' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Phone number is required' });
  });

  it('a stalled provider is logged as a timeout, and the retry sends the same idempotency key', async () => {
    process.env.RESEND_TIMEOUT_MS = '300';
    mailbox.hold = new Promise(() => {});
    const id = await post(VALID);
    const [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({ status: 'pending', delivery: { lastError: 'dealer: timeout: the provider did not answer within 0.3 s' } });
    expect(vi.mocked(console.warn).mock.calls.flat().join('\n')).toMatch(/failed \(attempt 1\): dealer: timeout: the provider did not answer within 0\.3 s/);

    mailbox.hold = undefined;
    minutesLater(3);
    expect(await runJob()).toMatchObject({ sent: 1 });
    const dealerKeys = mailbox.requests.filter((r) => r.to.includes('sales@dealer.test')).map((r) => r.idempotencyKey);
    expect(dealerKeys).toEqual([`lead-${id}-dealer`, `lead-${id}-dealer`]);
  });

  it(`a message the provider refuses for its content ${FALLBACK_AFTER} times is replaced by a plain copy; the last error is kept meanwhile`, async () => {
    mailbox.refuseContent = (body) => Boolean(body.attachments?.length);
    const id = await post({ ...VALID, message: 'Please call me about the <b>EV City</b>.' });
    let [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({
      status: 'pending',
      delivery: { attempts: 1, contentFailures: 1, lastError: 'dealer: validation_error: The message was refused' },
    });
    for (let attempt = 2; attempt <= FALLBACK_AFTER; attempt++) {
      minutesLater(240);
      expect(await runJob()).toMatchObject({ failed: 1 });
    }
    [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({
      status: 'pending',
      delivery: { contentFailures: FALLBACK_AFTER, lastError: 'dealer: validation_error: The message was refused' },
    });

    minutesLater(240);
    expect(await runJob()).toMatchObject({ sent: 1 });
    [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({ status: 'sent', delivery: { fallback: { emailId: expect.any(String) } } });
    expect(lead?.delivery.lastError).toBeUndefined();
    const [plain] = mailbox.received;
    expect(plain?.headers['idempotency-key']).toBe(`lead-${id}-fallback`);
    expect(plain?.body).toMatchObject({ to: ['sales@dealer.test', 'owner@dealer.test'], subject: `Website inquiry ${id} (plain copy)` });
    expect(plain?.body.html).toBeUndefined();
    expect(plain?.body.attachments).toBeUndefined();
    expect(plain?.body.text).toContain('Why: dealer: validation_error: The message was refused');
    expect(plain?.body.text).toContain('"email": "jane.doe@example.com"');
    expect(plain?.body.text).toContain('Please call me about the <b>EV City</b>.');
  });

  it('a 429 with a short Retry-After makes the lead due again after it, not after the backoff', async () => {
    mailbox.mode = 'rate-limited';
    mailbox.retryAfterSeconds = 1;
    await post(VALID);
    const [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({
      status: 'pending',
      delivery: { nextAttemptAt: '2025-06-02T14:00:01.000Z', lastError: 'dealer: rate_limit_exceeded: Too many requests' },
    });
    mailbox.retryAfterSeconds = 900;
  });

  it('a claim written with an outdated ETag loses, so a stale sender cannot send again', async () => {
    configureMail(null);
    const id = await post(VALID);
    const stale = await readLead(blobs.store, id);
    expect(stale?.etag).toMatch(/.+/);
    configureMail(mailbox);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await deliverLead(blobs.store, id)).toBe('sent');
    expect(await saveLead(blobs.store, { ...stale!.lead, delivery: { attempts: 9 } }, stale?.etag)).toEqual({ saved: false });
    expect((await storedLeads(blobs.store))[0]).toMatchObject({ status: 'sent', delivery: { attempts: 1 } });
  });

  it('provider outages are not counted against the message: no plain copy however long it is down', async () => {
    mailbox.mode = 'down';
    await post(VALID);
    for (let i = 0; i < FALLBACK_AFTER + 2; i++) {
      minutesLater(240);
      await runJob();
    }
    const [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({ status: 'pending', delivery: { attempts: FALLBACK_AFTER + 3 } });
    expect(lead?.delivery.contentFailures).toBeUndefined();
    expect(mailbox.requests.every((r) => r.idempotencyKey.endsWith('-dealer'))).toBe(true);
  });
});
