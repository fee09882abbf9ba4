import { DOMParser, onWarningStopParsing, type Document, type Element } from '@xmldom/xmldom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../functions/contact.ts';
import { Client, storedLeads, VALID } from './contact-harness.ts';
import { configureMail } from '../support/mailbox.ts';
import { functionSandbox } from '../support/sandbox.ts';

const { blobs, mailbox } = functionSandbox({ mailbox: true, empty: 'each' });
let client: Client;

beforeEach(() => {
  client = new Client();
  // The clock the e-mail's deadline and the provider's pace are measured on stands still: a busy
  // machine cannot run the first send's window out.
  vi.useFakeTimers({ toFake: ['performance'] });
});

// Every test waits for the e-mail work its answers started, so none leaks into the next.
afterEach(async () => {
  await client.settle();
  vi.useRealTimers();
});

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

/** A strict XML parse: any well-formedness problem (even a warning) throws. */
const parseXml = (xml: string): Document => new DOMParser({ onError: onWarningStopParsing }).parseFromString(xml, 'text/xml');
const one = (parent: Document | Element, tag: string): Element => {
  const found = parent.getElementsByTagName(tag)[0];
  if (!found) throw new Error(`no <${tag}>`);
  return found;
};

describe('POST /api/contact: field rules and messages', () => {
  it('is routed at /api/contact', () => {
    expect(config.path).toBe('/api/contact');
  });

  it('files a valid inquiry and answers 200 {"ok":true,"id":…}', async () => {
    const response = await client.post(VALID);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toEqual({ ok: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const leads = await storedLeads(blobs.store);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ id: body.id, inquiry: { ...VALID }, status: 'pending' });
  });

  it.each([
    ['firstName', '', 'First name is required'],
    ['firstName', '   ', 'First name is required'],
    ['lastName', '', 'Last name is required'],
    ['email', 'not-an-email', 'Invalid email address'],
    ['email', 'jane@', 'Invalid email address'],
    ['email', '', 'Invalid email address'],
    ['phone', '555-0100', 'Phone number is required'],
    ['phone', '', 'Phone number is required'],
    ['message', 'Too short', 'Message must be at least 10 characters'],
    ['message', '', 'Message must be at least 10 characters'],
    ['interest', 'boats', 'Interest must be one of sales, service, parts or general'],
  ])('%s = %j → 400 "%s"', async (field, value, message) => {
    const response = await client.post({ ...VALID, [field]: value });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: message });
    expect(await storedLeads(blobs.store)).toHaveLength(0);
  });

  it('accepts the boundaries: a 10-character phone and a 10-character message', async () => {
    const response = await client.post({ ...VALID, phone: '6095550100', message: '1234567890' });
    expect(response.status).toBe(200);
  });

  it('reports the first failing field in form order', async () => {
    const response = await client.post({ firstName: 'Jane', lastName: '', email: 'x', phone: '1', message: 'short' });
    expect(await json(response)).toEqual({ error: 'Last name is required' });
  });

  it.each(['sales', 'service', 'parts', 'general'])('accepts interest %s', async (interest) => {
    const response = await client.post({ ...VALID, interest });
    expect(response.status).toBe(200);
    const [lead] = await storedLeads(blobs.store);
    expect(lead?.inquiry.interest).toBe(interest);
  });

  it('defaults interest to sales', async () => {
    const { interest: _omitted, ...withoutInterest } = VALID;
    expect((await client.post(withoutInterest)).status).toBe(200);
    const [lead] = await storedLeads(blobs.store);
    expect(lead?.inquiry.interest).toBe('sales');
  });

  it('trims what it stores', async () => {
    await client.post({ ...VALID, firstName: '  Jane  ', email: ' jane.doe@example.com ' });
    const [lead] = await storedLeads(blobs.store);
    expect(lead?.inquiry).toMatchObject({ firstName: 'Jane', email: 'jane.doe@example.com' });
  });
});

describe('POST /api/contact: bad input never gets a 5xx', () => {
  it('malformed JSON → 400', async () => {
    const response = await client.post('{"firstName": "Jane", ');
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: 'Request body is not valid JSON' });
  });

  it.each([['[]'], ['"hello"'], ['null'], ['42']])('JSON that is not an object (%s) → 400', async (body) => {
    const response = await client.post(body);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: 'Request body must be a JSON object' });
  });

  it('wrong types → 400 with the message of the first field', async () => {
    const response = await client.post({ firstName: 42, lastName: ['Doe'], email: { a: 1 }, phone: 6095550100, interest: 7, message: true });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: 'First name is required' });
  });

  it.each([
    ['firstName', 'First name is required'],
    ['lastName', 'Last name is required'],
    ['email', 'Invalid email address'],
    ['phone', 'Phone number is required'],
    ['message', 'Message must be at least 10 characters'],
  ])('missing %s → 400 "%s"', async (field, message) => {
    const body: Record<string, string> = { ...VALID };
    delete body[field];
    const response = await client.post(body);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: message });
  });

  it('an empty object → 400 "First name is required"', async () => {
    const response = await client.post({});
    expect(await json(response)).toEqual({ error: 'First name is required' });
  });

  it('a 1 MB body → 413', async () => {
    const response = await client.post({ ...VALID, message: 'x'.repeat(1024 * 1024) });
    expect(response.status).toBe(413);
    expect(await json(response)).toEqual({ error: 'Request body must be at most 16 KB' });
    expect(await storedLeads(blobs.store)).toHaveLength(0);
  });

  it('a body over 16 KB without Content-Length (streamed) → 413', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(4096));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 10) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const { default: contact } = await import('../../functions/contact.ts');
    const request = new Request('http://localhost/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(request.headers.get('content-length')).toBeNull();
    const response = await contact(request, { ip: '198.51.100.7' });
    expect(response.status).toBe(413);
  });

  it('exactly 16 KB is still read', async () => {
    const base = JSON.stringify({ ...VALID, message: '' });
    const message = 'y'.repeat(16 * 1024 - base.length);
    const response = await client.post({ ...VALID, message });
    expect(new TextEncoder().encode(JSON.stringify({ ...VALID, message })).byteLength).toBe(16 * 1024);
    // Under the byte cap, the message is still over the 5000-character limit: a 400, not a 413.
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: 'Message must be at most 5000 characters' });
  });

  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])('%s → 405 with Allow: POST', async (method) => {
    const response = await client.post(VALID, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await json(response)).toEqual({ error: 'Method not allowed' });
  });

  it.each(['text/plain', 'multipart/form-data; boundary=x', 'application/xml', ''])('Content-Type %j → 415', async (contentType) => {
    const response = await client.post(JSON.stringify(VALID), { contentType });
    expect(response.status).toBe(415);
    expect(await json(response)).toEqual({ error: 'Content-Type must be application/json or application/x-www-form-urlencoded' });
  });

  it('accepts application/json with a charset', async () => {
    const response = await client.post(VALID, { contentType: 'application/json; charset=utf-8' });
    expect(response.status).toBe(200);
  });

  it('bytes that are not UTF-8 → 400', async () => {
    const response = await client.post(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]));
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: 'Request body must be UTF-8 text' });
  });

  it('a malformed Idempotency-Key → 400', async () => {
    const response = await client.post(VALID, { headers: { 'Idempotency-Key': 'short' } });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: 'Idempotency-Key must be 8 to 128 letters, digits, dashes or underscores' });
  });

  it('sets its own security and cache headers on every answer', async () => {
    for (const response of [await client.post(VALID), await client.post({}), await client.post(VALID, { method: 'GET' })]) {
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });
});

describe('POST /api/contact: the lead and its e-mail', () => {
  it('stores the lead before answering and e-mails after the answer', async () => {
    let release!: () => void;
    mailbox.hold = new Promise<void>((resolve) => (release = resolve));
    // The provider answers nothing until released: the visitor's answer cannot have waited for it.
    const response = await client.post(VALID);
    expect(response.status).toBe(200);
    const { id } = await json(response);
    // Answered while the provider was still holding the e-mail request.
    expect(mailbox.received).toHaveLength(0);
    const [pending] = await storedLeads(blobs.store);
    expect(pending).toMatchObject({ id, status: 'pending' });

    release();
    mailbox.hold = undefined;
    await client.settle();
    expect(mailbox.received).toHaveLength(2);
    const [sent] = await storedLeads(blobs.store);
    expect(sent).toMatchObject({
      id,
      status: 'sent',
      delivery: { attempts: 1, dealer: { emailId: expect.stringMatching(/^email-\d+$/) }, crm: { emailId: expect.stringMatching(/^email-\d+$/) } },
    });
    expect((await blobs.store.list({ prefix: 'pending/' })).blobs).toHaveLength(0);
  });

  it('records page, vehicle, referrer, UTM parameters, user agent and time', async () => {
    const before = Date.now();
    await client.post({
      ...VALID,
      page: '/contact?interest=sales&vehicle=denago-ev-city&utm_source=google',
      vehicle: 'denago-ev-city',
      referrer: 'https://www.google.com/',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring-sale',
      utm_term: 'golf carts nj',
      utm_content: 'ad-2',
    });
    const [lead] = await storedLeads(blobs.store);
    expect(lead?.source).toEqual({
      channel: 'json',
      page: '/contact?interest=sales&vehicle=denago-ev-city&utm_source=google',
      vehicle: 'denago-ev-city',
      referrer: 'https://www.google.com/',
      userAgent: 'Mozilla/5.0 (test)',
      utm: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring-sale', utm_term: 'golf carts nj', utm_content: 'ad-2' },
    });
    expect(Date.parse(lead?.receivedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('drops tracking values that make no sense instead of refusing the lead', async () => {
    const response = await client.post({ ...VALID, vehicle: '<script>', page: 42, utm_source: 'x'.repeat(1000) });
    expect(response.status).toBe(200);
    const [lead] = await storedLeads(blobs.store);
    expect(lead?.source).toEqual({ channel: 'json', userAgent: 'Mozilla/5.0 (test)', utm: {} });
  });

  it('sends the dealer an HTML + text e-mail, reply-to the visitor, with the ADF attached', async () => {
    await client.post({ ...VALID, vehicle: 'denago-ev-city', page: '/contact?vehicle=denago-ev-city' });
    await client.settle();
    const dealerMail = mailbox.received.find((mail) => mail.body.to.includes('sales@dealer.test'));
    expect(dealerMail).toBeDefined();
    const mail = dealerMail!;
    expect(mail.path).toBe('/emails');
    expect(mail.headers.authorization).toBe('Bearer re_test_key');
    expect(mail.headers['idempotency-key']).toMatch(/^lead-.+-dealer$/);
    expect(mail.body.from).toBe('Dealer Website <leads@dealer.test>');
    expect(mail.body.to).toEqual(['sales@dealer.test', 'owner@dealer.test']);
    expect(mail.body.reply_to).toBe('jane.doe@example.com');
    expect(mail.body.subject).toBe('New sales inquiry from Jane Doe about the Denago EV City');
    expect(mail.body.text).toContain('Name:     Jane Doe');
    expect(mail.body.text).toContain('Phone:    (609) 555-0100');
    expect(mail.body.text).toContain('Vehicle:  Denago EV City (denago-ev-city)');
    expect(mail.body.text).toContain(VALID.message);
    expect(mail.body.html).toContain('<a href="mailto:jane.doe@example.com">jane.doe@example.com</a>');
    expect(mail.body.html).toContain('<a href="tel:6095550100">(609) 555-0100</a>');
    const [attachment] = mail.body.attachments ?? [];
    expect(attachment?.filename).toMatch(/^lead-.+\.adf\.xml$/);
    expect(attachment?.content_type).toBe('application/xml');
    const adf = Buffer.from(attachment?.content ?? '', 'base64').toString('utf8');
    expect(adf).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<\?adf version="1.0"\?>/);

    const crm = mailbox.received.find((m) => m.body.to.includes('crm@dealer.test'));
    expect(crm?.body.text).toBe(adf);
    expect(crm?.body.subject).toBe('ADF lead: Jane Doe (Sales)');
    expect(crm?.headers['idempotency-key']).toMatch(/^lead-.+-crm$/);
  });

  it('writes an ADF document that parses as XML and carries requestdate, vehicle, customer and vendor', async () => {
    await client.post({ ...VALID, vehicle: 'evolution-d6-max-gt4' });
    await client.settle();
    const crm = mailbox.received.find((m) => m.body.to.includes('crm@dealer.test'));
    const xml = crm?.body.text ?? '';
    const doc = parseXml(xml);
    expect(doc.documentElement?.tagName).toBe('adf');
    expect(xml).toContain('<?adf version="1.0"?>');
    const prospect = one(doc, 'prospect');
    expect(one(prospect, 'requestdate').textContent).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    const vehicle = one(prospect, 'vehicle');
    expect(vehicle.getAttribute('interest')).toBe('buy');
    expect(one(vehicle, 'make').textContent).toBe('Evolution');
    expect(one(vehicle, 'model').textContent).toBe('D6 Max GT4');
    const customer = one(prospect, 'customer');
    const names = Array.from(customer.getElementsByTagName('name')).map((n) => [n.getAttribute('part'), n.textContent]);
    expect(names).toEqual([
      ['first', 'Jane'],
      ['last', 'Doe'],
    ]);
    expect(one(customer, 'email').textContent).toBe('jane.doe@example.com');
    expect(one(customer, 'phone').textContent).toBe('(609) 555-0100');
    expect(one(customer, 'comments').textContent).toContain(VALID.message);
    expect(one(customer, 'comments').textContent).not.toContain('Form:');
    const vendor = one(prospect, 'vendor');
    expect(one(vendor, 'vendorname').textContent).toBe('Burlington Golf Carts');
    expect(one(vendor, 'phone').textContent).toBe('+16095550142');
    expect(one(one(prospect, 'provider'), 'service').textContent).toBe('Website contact form');
  });

  it('keeps unicode and emoji names intact everywhere', async () => {
    const visitor = { ...VALID, firstName: 'José 😀', lastName: 'Nguyễn-李', message: 'Ça roule? 🚗 Looking for a 6-seater, merci!' };
    expect((await client.post(visitor)).status).toBe(200);
    await client.settle();
    const [lead] = await storedLeads(blobs.store);
    expect(lead?.inquiry).toMatchObject({ firstName: 'José 😀', lastName: 'Nguyễn-李' });
    const mail = mailbox.received.find((m) => m.body.to.includes('sales@dealer.test'));
    expect(mail?.body.subject).toBe('New sales inquiry from José 😀 Nguyễn-李');
    expect(mail?.body.html).toContain('José 😀 Nguyễn-李');
    expect(mail?.body.text).toContain('Ça roule? 🚗');
    const adf = mailbox.received.find((m) => m.body.to.includes('crm@dealer.test'))?.body.text ?? '';
    expect(one(parseXml(adf), 'name').textContent).toBe('José 😀');
  });

  it('delivers HTML and script in the message inert: escaped in the HTML e-mail and the ADF', async () => {
    const attack = {
      ...VALID,
      firstName: '<img src=x onerror=alert(1)>',
      lastName: 'O\'Brien "the" <b>Bold</b>',
      message: '<script>alert("pwned")</script> & <a href="javascript:alert(1)">click</a>',
    };
    expect((await client.post(attack)).status).toBe(200);
    await client.settle();
    const mail = mailbox.received.find((m) => m.body.to.includes('sales@dealer.test'));
    const html = mail?.body.html ?? '';
    expect(html).not.toMatch(/<script|<img|<b>|href="javascript/i);
    expect(html).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; &lt;a href=&quot;javascript:alert(1)&quot;&gt;click&lt;/a&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('O&#39;Brien &quot;the&quot; &lt;b&gt;Bold&lt;/b&gt;');
    // Plain text is inert by nature: it carries what the visitor typed.
    expect(mail?.body.text).toContain(attack.message);
    const adf = mailbox.received.find((m) => m.body.to.includes('crm@dealer.test'))?.body.text ?? '';
    expect(one(one(parseXml(adf), 'customer'), 'comments').textContent).toContain(attack.message);
    expect(adf).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;');
    expect(adf).not.toContain('<script>');
  });

  it('without RESEND_API_KEY stores the lead, sends nothing and says so in the log', async () => {
    configureMail(null);
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const response = await client.post(VALID);
    expect(response.status).toBe(200);
    await client.settle();
    expect(mailbox.received).toHaveLength(0);
    const [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({ status: 'pending', delivery: { attempts: 0 } });
    expect(info).toHaveBeenCalledWith(expect.stringMatching(/RESEND_API_KEY is not set, so the e-mail step is skipped/));
  });

  it('a bad configuration is named per variable, and the lead is still stored', async () => {
    process.env.LEADS_TO = 'not-an-address';
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await client.post(VALID)).status).toBe(200);
    await client.settle();
    expect(mailbox.received).toHaveLength(0);
    expect(error).toHaveBeenCalledWith(
      expect.stringMatching(/^\[leads\] Invalid lead e-mail configuration: LEADS_TO must be a comma-separated list of e-mail addresses/),
    );
    expect(await storedLeads(blobs.store)).toHaveLength(1);
  });

  it('answers 503 with a phone number when storage is down, never losing the lead silently', async () => {
    const saved = process.env.NETLIFY_BLOBS_CONTEXT;
    delete process.env.NETLIFY_BLOBS_CONTEXT;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await client.post(VALID);
      expect(response.status).toBe(503);
      expect(await json(response)).toEqual({ error: 'We could not save your message just now. Please try again in a minute or call us at (609) 555-0142.' });
      expect(error).toHaveBeenCalledWith(expect.stringMatching(/^\[leads\] Could not file an inquiry/));
    } finally {
      process.env.NETLIFY_BLOBS_CONTEXT = saved;
    }
  });
});

describe('POST /api/contact: spam guards', () => {
  const spam = async () => (await blobs.store.list({ prefix: 'spam/' })).blobs.length;

  it('a filled honeypot gets a normal answer, files no lead and is counted', async () => {
    const response = await client.post({ ...VALID, website: 'http://spam.example' });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ ok: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    await client.settle();
    expect(await storedLeads(blobs.store)).toHaveLength(0);
    expect(mailbox.received).toHaveLength(0);
    expect(await spam()).toBe(1);
  });

  it('a form filled faster than 3 seconds is treated as a bot', async () => {
    const response = await client.post({ ...VALID, fillMs: 800 });
    expect(response.status).toBe(200);
    expect(await storedLeads(blobs.store)).toHaveLength(0);
    expect(await spam()).toBe(1);
  });

  it('a nonsense fill time is treated as a bot', async () => {
    await client.post({ ...VALID, fillMs: 'soon' });
    expect(await storedLeads(blobs.store)).toHaveLength(0);
    expect(await spam()).toBe(1);
  });

  it('an empty honeypot and a human fill time file the lead', async () => {
    const response = await client.post({ ...VALID, website: '', fillMs: 12_000 });
    expect(response.status).toBe(200);
    expect(await storedLeads(blobs.store)).toHaveLength(1);
    expect(await spam()).toBe(0);
  });

  it('a plain JSON POST with only the six form fields is a real lead', async () => {
    await client.post(VALID);
    expect(await storedLeads(blobs.store)).toHaveLength(1);
    expect(await spam()).toBe(0);
  });

  it('a bot using the HTML form is sent to /thank-you like anyone else', async () => {
    const response = await client.form({ ...VALID, website: 'buy-now' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/thank-you');
    expect(await storedLeads(blobs.store)).toHaveLength(0);
    expect(await spam()).toBe(1);
  });
});

describe('POST /api/contact: rate limit', () => {
  it('answers 429 with Retry-After after 8 requests in 10 minutes from one client', async () => {
    const ip = '192.0.2.44';
    for (let i = 0; i < 8; i++) expect((await client.post({ ...VALID, email: `n${i}@example.com` }, { ip })).status).toBe(200);
    const refused = await client.post(VALID, { ip });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await json(refused)).toEqual({ error: 'Too many messages from your connection. Please try again in 10 minutes or call us at (609) 555-0142.' });
    expect(await storedLeads(blobs.store)).toHaveLength(8);
    // Another client is not affected.
    expect((await client.post(VALID, { ip: '192.0.2.45' })).status).toBe(200);
  });

  it('counts invalid attempts too, and tells a no-JavaScript visitor on the form page', async () => {
    const ip = '192.0.2.46';
    for (let i = 0; i < 8; i++) await client.form({ ...VALID, email: 'bad' }, { ip });
    const refused = await client.form(VALID, { ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await refused.text();
    expect(html).toContain('Too many messages from your connection.');
    expect(html).toContain('value="jane.doe@example.com"');
  });

  it('takes the client address from x-nf-client-connection-ip when the context has none', async () => {
    const { default: contact } = await import('../../functions/contact.ts');
    const send = () =>
      contact(
        new Request('http://localhost/api/contact', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-nf-client-connection-ip': '192.0.2.99' },
          body: JSON.stringify({}),
        }),
      );
    for (let i = 0; i < 8; i++) expect((await send()).status).toBe(400);
    expect((await send()).status).toBe(429);
  });
});

describe('POST /api/contact: idempotency', () => {
  it('a repeated submission with the same Idempotency-Key gets the first answer and files one lead', async () => {
    const headers = { 'Idempotency-Key': 'c0ffee00-1111-4222-8333-444455556666' };
    const first = await json(await client.post(VALID, { headers }));
    const second = await client.post(VALID, { headers });
    expect(second.status).toBe(200);
    expect(await json(second)).toEqual(first);
    await client.settle();
    expect(await storedLeads(blobs.store)).toHaveLength(1);
    expect(mailbox.received.filter((m) => m.body.to.includes('sales@dealer.test'))).toHaveLength(1);
  });

  it('a double click (concurrent requests, same key in the form field) files one lead', async () => {
    const body = { ...VALID, idempotencyKey: 'double-click-0001' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.post(body)));
    const ids = new Set(await Promise.all(answers.map(async (a) => (await json(a)).id)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(ids.size).toBe(1);
    await client.settle();
    expect(await storedLeads(blobs.store)).toHaveLength(1);
  });

  it('a replay does not use up the rate limit', async () => {
    const ip = '192.0.2.70';
    const headers = { 'Idempotency-Key': 'replay-key-000001' };
    for (let i = 0; i < 12; i++) expect((await client.post(VALID, { ip, headers })).status).toBe(200);
  });

  it('the same key for a different inquiry → 422', async () => {
    const headers = { 'Idempotency-Key': 'reused-key-000001' };
    await client.post(VALID, { headers });
    const response = await client.post({ ...VALID, email: 'someone.else@example.com' }, { headers });
    expect(response.status).toBe(422);
    expect(await json(response)).toEqual({ error: 'This Idempotency-Key was already used for a different inquiry' });
    await client.settle();
    expect(await storedLeads(blobs.store)).toHaveLength(1);
  });

  it('different keys file different leads', async () => {
    await client.post(VALID, { headers: { 'Idempotency-Key': 'attempt-one-0001' } });
    await client.post(VALID, { headers: { 'Idempotency-Key': 'attempt-two-0002' } });
    expect(await storedLeads(blobs.store)).toHaveLength(2);
  });
});

describe('POST /api/contact: the HTML form (JavaScript off)', () => {
  it('a valid form post answers 303 to /thank-you and files the lead with the page it came from', async () => {
    const response = await client.form(
      { ...VALID, website: '' },
      { headers: { referer: 'http://localhost/contact?interest=sales&vehicle=denago-ev-city&utm_source=newsletter&utm_campaign=june' } },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/thank-you');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({
      inquiry: { ...VALID },
      source: {
        channel: 'form',
        page: '/contact?interest=sales&vehicle=denago-ev-city&utm_source=newsletter&utm_campaign=june',
        vehicle: 'denago-ev-city',
        utm: { utm_source: 'newsletter', utm_campaign: 'june' },
      },
    });
  });

  it('carries page, vehicle and UTM read from the contact page address through a second post from the error page', async () => {
    const referer = 'http://localhost/contact?interest=sales&vehicle=denago-ev-city&utm_source=mail';
    const first = await client.form({ ...VALID, email: 'bad' }, { headers: { referer } });
    expect(first.status).toBe(400);
    const html = await first.text();
    expect(html).toContain('<input type="hidden" name="vehicle" value="denago-ev-city">');
    expect(html).toContain('<input type="hidden" name="page" value="/contact?interest=sales&amp;vehicle=denago-ev-city&amp;utm_source=mail">');
    expect(html).toContain('<input type="hidden" name="utm_source" value="mail">');
    const hidden = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1] ?? '', (m[2] ?? '').replaceAll('&amp;', '&')]),
    );
    const second = await client.form({ ...VALID, ...hidden }, { headers: { referer: 'http://localhost/api/contact' } });
    expect(second.status).toBe(303);
    const [lead] = await storedLeads(blobs.store);
    expect(lead?.source).toMatchObject({
      channel: 'form',
      page: '/contact?interest=sales&vehicle=denago-ev-city&utm_source=mail',
      vehicle: 'denago-ev-city',
      utm: { utm_source: 'mail' },
    });
  });

  it('ignores the Referer of another site', async () => {
    await client.form(VALID, { headers: { referer: 'https://evil.example/contact?vehicle=fake-cart' } });
    const [lead] = await storedLeads(blobs.store);
    expect(lead?.source).toEqual({ channel: 'form', userAgent: 'Mozilla/5.0 (test)', utm: {} });
  });

  it('an invalid form post answers 400 with the form again: every error, the input kept, focus on the first error', async () => {
    const response = await client.form({
      firstName: 'Ana "Bee"',
      lastName: '',
      email: 'ana@',
      phone: '123',
      interest: 'parts',
      message: '<b>hi</b>',
      vehicle: 'denago-ev-city',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("form-action 'self'");
    const html = await response.text();
    for (const message of ['Last name is required', 'Invalid email address', 'Phone number is required', 'Message must be at least 10 characters']) {
      expect(html).toContain(message);
    }
    expect(html).not.toContain('First name is required');
    expect(html).toContain('value="Ana &quot;Bee&quot;"');
    expect(html).toContain('value="ana@"');
    expect(html).toContain('<option value="parts" selected>Parts</option>');
    expect(html).toContain('&lt;b&gt;hi&lt;/b&gt;</textarea>');
    expect(html).toContain('<input type="hidden" name="vehicle" value="denago-ev-city">');
    expect(html).toMatch(/id="contact-lastName"[^>]*aria-invalid="true" aria-describedby="contact-lastName-error" autofocus/);
    expect(html).toMatch(/<form method="post" action="\/api\/contact" novalidate>/);
    expect(html).toMatch(/name="idempotencyKey" value="[0-9a-f-]{36}"/);
    expect(await storedLeads(blobs.store)).toHaveLength(0);
  });
});
