import { DOMParser, onWarningStopParsing } from '@xmldom/xmldom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import reserve, { config } from '../../functions/reserve.ts';
import { reservationOptions } from '../../src/lib/data/reservation.ts';
import { dateParts, wallClockAt } from '../../src/lib/rentals/quote.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { Client, storedLeads } from './contact-harness.ts';

const { blobs, mailbox } = functionSandbox({ mailbox: true, empty: 'each' });
let client: Client;

beforeEach(() => {
  client = new Client(reserve, '/api/reserve');
});

afterEach(() => client.settle());

/** A date `days` from today on the showroom's clock, "YYYY-MM-DD". */
const inDays = (days: number) => dateParts(wallClockAt(Date.now(), reservationOptions.limits.timeZone) + days * 86_400_000).date;

const farthest = [...reservationOptions.places].sort((a, b) => b.miles - a.miles)[0]!;

/** 10 days of one 6 Seater, picked up at the showroom. */
const VALID = {
  group: '6-seater',
  quantity: 1,
  pickupDate: inDays(7),
  pickupTime: '10:00',
  returnDate: inDays(17),
  returnTime: '10:00',
  delivery: 'showroom',
  address: '',
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@example.com',
  phone: '(609) 555-0100',
  note: 'For a family reunion.',
  adult: true,
};
/** 6 days of two 4 Seaters, delivered to the farthest town. */
const DELIVERED = { ...VALID, group: '4-seater', quantity: 2, returnDate: inDays(13), delivery: farthest.slug, address: '12 Lake Road', note: '' };

const FORM = Object.fromEntries(Object.entries(VALID).map(([name, value]) => [name, name === 'adult' ? 'on' : String(value)]));

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

describe('POST /api/reserve: JSON', () => {
  it('is routed at /api/reserve and refuses other methods', async () => {
    expect(config.path).toBe('/api/reserve');
    const response = await client.post('', { method: 'GET' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('files a valid request as a rentals lead with the quote worked out on the server', async () => {
    const response = await client.post(VALID);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toEqual({ ok: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const [lead, ...others] = await storedLeads(blobs.store);
    expect(others).toHaveLength(0);
    expect(lead).toMatchObject({
      id: body.id,
      status: 'pending',
      inquiry: {
        firstName: 'Jane',
        lastName: 'Doe',
        email: 'jane.doe@example.com',
        phone: '(609) 555-0100',
        interest: 'rentals',
        message: 'Rental reservation request: 1 cart × 10 days, 6 Seater.\n\nFor a family reunion.',
      },
      source: { channel: 'json' },
      reservation: {
        group: { id: '6-seater', name: '6 Seater' },
        quantity: 1,
        pickUp: `${VALID.pickupDate}T10:00`,
        dropOff: `${VALID.returnDate}T10:00`,
        periods: 10,
        delivery: { kind: 'pickup' },
        quote: { breakdown: 'weekly + 3 day per cart', perCart: 2135, rental: 2135, deliveryFee: 0, total: 2135, coveredDays: 10 },
      },
    });
  });

  it('quotes a delivery once per reservation: two 4 Seaters for 6 days to the farthest town', async () => {
    expect((await client.post(DELIVERED)).status).toBe(200);
    const [lead] = await storedLeads(blobs.store);
    const fee = Math.round((farthest.miles - 10) * 6);
    expect(lead?.reservation).toMatchObject({
      delivery: { kind: 'delivery', town: { slug: farthest.slug, name: farthest.name }, miles: farthest.miles, address: '12 Lake Road' },
      quote: { breakdown: 'weekly per cart', perCart: 1050, rental: 2100, deliveryFee: fee, total: 2100 + fee, coveredDays: 7 },
    });
  });

  it.each([
    [{ quantity: 0 }, 'Number of carts must be 1 to 10'],
    [{ quantity: 11 }, 'Number of carts must be 1 to 10'],
    [{ group: 'hovercraft' }, 'Choose a cart type'],
    [{ pickupDate: inDays(-1) }, 'Pick-up must be in the future'],
    [{ returnDate: inDays(6) }, 'Return must be after pick-up'],
    [{ delivery: 'medford-township' }, 'Street address is required for delivery'],
    [{ email: 'jane@' }, 'Invalid email address'],
    [{ adult: false }, 'Please confirm the driver is 21 or older with a valid license'],
  ])('%j → 400 "%s", nothing stored', async (change, message) => {
    const response = await client.post({ ...VALID, ...change });
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.error).toBe(message);
    expect(Object.values(body.errors as Record<string, string>)).toContain(message);
    expect(await storedLeads(blobs.store)).toHaveLength(0);
  });

  it('an empty object → 400 naming every missing field', async () => {
    const response = await client.post({});
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.error).toBe('Choose a cart type');
    expect(Object.keys(body.errors as object)).toEqual(
      expect.arrayContaining(['group', 'quantity', 'pickupDate', 'returnDate', 'delivery', 'firstName', 'lastName', 'email', 'phone', 'adult']),
    );
  });

  it.each([
    ['malformed JSON', '{"group":', 'application/json', 400],
    ['a JSON array', '[]', 'application/json', 400],
    ['plain text', 'hello', 'text/plain', 415],
  ])('%s → %i with an error, never a 500', async (_, body, contentType, status) => {
    const response = await client.post(body, { contentType });
    expect(response.status).toBe(status);
    expect(typeof (await json(response)).error).toBe('string');
  });

  it('a filled honeypot gets a normal answer and files nothing', async () => {
    const response = await client.post({ ...VALID, website: 'https://spam.example', fillMs: 9000 });
    expect(response.status).toBe(200);
    expect(await storedLeads(blobs.store)).toHaveLength(0);
  });

  it('a form filled faster than 3 seconds files nothing', async () => {
    expect((await client.post({ ...VALID, website: '', fillMs: 400 })).status).toBe(200);
    expect(await storedLeads(blobs.store)).toHaveLength(0);
  });

  it('the same Idempotency-Key twice files one lead and answers the same id', async () => {
    const headers = { 'idempotency-key': 'reserve-key-0001' };
    const [first, second] = await Promise.all([client.post(VALID, { headers }), client.post(VALID, { headers })]);
    expect((await json(first!)).id).toBe((await json(second!)).id);
    expect(await storedLeads(blobs.store)).toHaveLength(1);
  });

  it('answers 429 after the rate limit, like /api/contact', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 8; i++) expect((await client.post({ ...VALID, email: `r${i}@example.com` }, { ip })).status).toBe(200);
    const refused = await client.post(VALID, { ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('POST /api/reserve: the e-mail and the ADF document', () => {
  it("puts the request and the quote in the dealer's e-mail, reply-to the visitor", async () => {
    await client.post(DELIVERED);
    await client.settle();
    const mail = mailbox.received.find((m) => m.body.to.includes('sales@dealer.test'))!.body;
    expect(mail.subject).toBe('New rental reservation request from Jane Doe: 2 carts × 6 days, 4 Seater');
    expect(mail.reply_to).toBe('jane.doe@example.com');
    const fee = Math.round((farthest.miles - 10) * 6);
    for (const line of [
      'Interest: Rentals',
      'Carts:    4 Seater × 2',
      `Delivery: ${farthest.name}, ${farthest.miles} miles one way: 12 Lake Road`,
      'Plans per cart (6 days): weekly: $1,050',
      'Rental, 2 carts × $1,050: $2,100',
      `Delivery to ${farthest.name} and pickup (${farthest.miles} miles one way): $${fee}`,
      `Estimated total: $${(2100 + fee).toLocaleString('en-US')}`,
      'This quote is an estimate until we confirm availability.',
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.html).toContain('Quote shown to the visitor');
    expect(mail.html).toContain(`$${(2100 + fee).toLocaleString('en-US')}`);
  });

  it('puts the request and the quote in the ADF comments', async () => {
    await client.post(VALID);
    await client.settle();
    const adf = mailbox.received.find((m) => m.body.to.includes('crm@dealer.test'))!.body.text;
    const doc = new DOMParser({ onError: onWarningStopParsing }).parseFromString(adf, 'text/xml');
    const comments = doc.getElementsByTagName('customer')[0]?.getElementsByTagName('comments')[0]?.textContent ?? '';
    expect(comments).toContain('Interest: Rentals');
    expect(comments).toContain('Carts:    6 Seater × 1');
    expect(comments).toContain('Plans per cart (10 days): weekly + 3 day: $2,135');
    expect(comments).toContain('Estimated total: $2,135');
    expect(comments).toContain('For a family reunion.');
  });
});

describe('POST /api/reserve: the HTML form (JavaScript off)', () => {
  it('answers the quote worked out on the server with a Send request button, storing nothing yet', async () => {
    const response = await client.form(FORM, { headers: { referer: 'http://localhost/rentals?group=6-seater&plan=weekly' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await response.text();
    expect(page).toContain('<h1>Your Rental Quote</h1>');
    expect(page).toContain('weekly + 3 day: $2,135');
    expect(page).toContain('Estimated total $2,135');
    expect(page).toContain('<button type="submit" name="step" value="send">Send request</button>');
    expect(page).toContain('<input type="hidden" name="page" value="/rentals?group=6-seater&amp;plan=weekly">');
    expect(await storedLeads(blobs.store)).toHaveLength(0);
  });

  it('sending the quoted request stores the lead and answers 303 to /thank-you', async () => {
    const quote = await (await client.form(FORM, { headers: { referer: 'http://localhost/rentals' } })).text();
    const hidden = Object.fromEntries(
      [...quote.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]!.replace(/&amp;/g, '&')]),
    );
    const response = await client.form({ ...hidden, step: 'send', website: '' }, { headers: { referer: 'http://localhost/api/reserve' } });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/thank-you');
    const [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({
      inquiry: { interest: 'rentals', email: 'jane.doe@example.com' },
      source: { channel: 'form', page: '/rentals' },
      reservation: { quote: { total: 2135 } },
    });
  });

  it('invalid input answers 400 with the form again: every error listed, the input kept, focus on the first', async () => {
    const response = await client.form({ ...FORM, quantity: '11', lastName: '', returnDate: FORM.pickupDate!, adult: '' });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('Please correct these 4 fields');
    for (const message of [
      'Number of carts must be 1 to 10',
      'Return must be after pick-up',
      'Last name is required',
      'Please confirm the driver is 21 or older with a valid license',
    ]) {
      expect(page).toContain(message);
    }
    expect(page).toMatch(/<select id="reserve-quantity" name="quantity" aria-invalid="true" aria-describedby="reserve-quantity-error" autofocus>/);
    expect(page).toContain(`value="${FORM.firstName}"`);
    expect(page).toContain('<option value="6-seater" selected>6 Seater</option>');
    expect(page).toContain(`<textarea id="reserve-note" name="note" rows="3" maxlength="2000">${FORM.note}</textarea>`);
    expect(await storedLeads(blobs.store)).toHaveLength(0);
  });

  it('the quote comes first: a trip without name, e-mail, phone or the age box gets its estimate, those fields’ errors and what was typed', async () => {
    const response = await client.form({ ...FORM, firstName: '', lastName: '', email: '', phone: '', adult: '' });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('<h2 id="quote-heading">Estimated total $2,135</h2>');
    expect(page).toContain('weekly + 3 day: $2,135');
    expect(page).toContain('Please correct these 5 fields');
    expect(page).toContain('Please confirm the driver is 21 or older with a valid license');
    expect(page).toMatch(/<input id="reserve-firstName" name="firstName"[^>]*aria-invalid="true"[^>]*autofocus>/);
    expect(page).not.toMatch(/id="reserve-(group|quantity|pickupDate|returnDate)"[^>]*aria-invalid/);
    expect(page).toContain(`name="pickupDate" type="date" value="${FORM.pickupDate}"`);
    expect(page).toContain('<option value="6-seater" selected>6 Seater</option>');
    expect(page).toContain(`>${FORM.note}</textarea>`);
    // The estimate is shown above the form, so a visitor reads the price before the errors' fields.
    expect(page.indexOf('quote-heading')).toBeLessThan(page.indexOf('<form'));
    expect(await storedLeads(blobs.store)).toHaveLength(0);
  });

  it('a trip that does not check out gets no estimate, only the errors', async () => {
    const page = await (await client.form({ ...FORM, returnDate: FORM.pickupDate!, firstName: '' })).text();
    expect(page).not.toContain('quote-heading');
    expect(page).toContain('Return must be after pick-up');
    expect(page).toContain('First name is required');
  });

  it('Change details answers the form with the request filled in', async () => {
    const response = await client.form({ ...FORM, step: 'edit' });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<h1>Reserve a Rental</h1>');
    expect(page).toContain(`name="pickupDate" type="date" value="${FORM.pickupDate}"`);
    expect(page).toContain('<input id="reserve-adult" name="adult" type="checkbox" checked>');
  });

  it('escapes what the visitor typed', async () => {
    const response = await client.form({ ...FORM, firstName: '<script>alert(1)</script>' });
    const page = await response.text();
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
