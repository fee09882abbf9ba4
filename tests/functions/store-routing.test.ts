import { DOMParser, onWarningStopParsing } from '@xmldom/xmldom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import contact from '../../functions/contact.ts';
import partsRequest from '../../functions/parts-request.ts';
import reserve from '../../functions/reserve.ts';
import serviceRequest from '../../functions/service-request.ts';
import tradeIn from '../../functions/trade-in.ts';
import unitQuestion from '../../functions/unit-question.ts';
import { stores } from '../../src/lib/data/stores.ts';
import { vehicles } from '../../src/lib/data/vehicles.ts';
import { dateParts, wallClockAt } from '../../src/lib/rentals/quote.ts';
import { reservationOptions } from '../../src/lib/data/reservation.ts';
import { serviceOptions } from '../../src/lib/data/service-request.ts';
import { weekdayOf } from '../../src/lib/leads/service.ts';
import { configureMail } from '../support/mailbox.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { Client, storedLeads, TRADE_IN_CART, VALID } from './contact-harness.ts';
import { SECOND_STORE, SECOND_STORE_SLUG } from '../fixtures/second-store.ts';

/**
 * A site with two stores (docs/product.md §Stores): the real lead handlers over the real lot with
 * a second store added and every other unit on its lot. A lead about a unit goes to its store's
 * department inbox; any form may name a store; e-mails, receipts and the ADF name the store.
 */
vi.mock('../../.generated/store-files.json', async (importOriginal) => {
  const { SECOND_STORE: second, SECOND_STORE_SLUG: slug } = await import('../fixtures/second-store.ts');
  const real = ((await importOriginal()) as { default: Record<string, unknown> }).default;
  return { default: { ...real, [`${slug}.json`]: second } };
});
vi.mock('../../.generated/unit-files.json', async (importOriginal) => {
  const { onSecondStore: second, SECOND_STORE_SLUG: slug } = await import('../fixtures/second-store.ts');
  const real = ((await importOriginal()) as { default: Record<string, Record<string, unknown>> }).default;
  return {
    // The second store's units name it; the rest name none and are on the main store's lot (docs/product.md §Stores).
    default: Object.fromEntries(Object.entries(real).map(([name, unit], index) => [name, second(name, index) ? { ...unit, store: slug } : unit])),
  };
});

const { blobs, mailbox } = functionSandbox({ mailbox: true, empty: 'each' });
const PERSON = { firstName: 'Jane', lastName: 'Doe', email: 'jane.doe@example.com', phone: '(609) 555-0100' };
const atSecond = vehicles.find((unit) => unit.store === SECOND_STORE_SLUG && unit.status === 'available')!;
const atFirst = vehicles.find((unit) => unit.store === 'mount-holly' && unit.status === 'available')!;

const clients: Client[] = [];
const client = (handler: ConstructorParameters<typeof Client>[0], path: string) => {
  const created = new Client(handler, path);
  clients.push(created);
  return created;
};
beforeEach(async () => {
  configureMail(mailbox);
  Object.assign(process.env, { LEADS_TO_SALES: 'sales-desk@dealer.test', LEADS_TO_SERVICE: 'service@dealer.test', LEADS_TO_PARTS: 'parts@dealer.test' });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((each) => each.settle()));
});

/** Posts one lead and waits for its e-mails: the stored lead and who got the dealer's message. */
async function file(handler: ConstructorParameters<typeof Client>[0], path: string, body: Record<string, unknown>) {
  const sender = client(handler, path);
  const response = await sender.post(body);
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
  await sender.settle();
  const [lead] = await storedLeads(blobs.store);
  const dealerMail = mailbox.received.find((mail) => mail.body.reply_to === PERSON.email || mail.body.reply_to?.includes?.(PERSON.email));
  const receipt = mailbox.received.find((mail) => mail.body.to.includes(PERSON.email));
  return { lead: lead!, to: dealerMail?.body.to ?? [], dealerMail: dealerMail?.body, receipt: receipt?.body };
}

/** The next date after tomorrow that falls on `weekday`, on the showroom's calendar. */
function next(weekday: string): string {
  const today = wallClockAt(Date.now(), serviceOptions.timeZone);
  for (let days = 1; days < 9; days++) {
    const date = dateParts(today + days * 86_400_000).date;
    if (weekdayOf(date) === weekday) return date;
  }
  throw new Error(`no ${weekday}`);
}

const inDays = (days: number) => dateParts(wallClockAt(Date.now(), reservationOptions.limits.timeZone) + days * 86_400_000).date;

describe('a site with two stores', () => {
  it('has both stores, and units on each lot', () => {
    expect(stores.map((store) => store.slug)).toEqual(['mount-holly', 'medford']);
    expect(atSecond).toBeDefined();
    expect(atFirst).toBeDefined();
  });

  it("sends a question about a unit to the sales inbox of the unit's store, and names the store in the e-mail, the receipt and the ADF", async () => {
    process.env.RECEIPTS = 'on';
    try {
      const { lead, to, dealerMail, receipt } = await file(unitQuestion, '/api/unit-question', {
        topic: 'price',
        unit: atSecond.id,
        message: 'Still there?',
        ...PERSON,
      });
      expect(lead.store).toBe(SECOND_STORE_SLUG);
      expect(to).toEqual([SECOND_STORE.inboxes.sales]);
      expect(dealerMail?.text).toContain('Medford showroom');
      expect(receipt?.text).toContain('25 Main Street, Medford, NJ 08055');
      expect(receipt?.text).toContain(SECOND_STORE.phones.main.display);
      const attachment = dealerMail?.attachments?.[0];
      const adf = new DOMParser({ onError: onWarningStopParsing }).parseFromString(
        Buffer.from(attachment?.content ?? '', 'base64').toString('utf8'),
        'text/xml',
      );
      const vendor = adf.getElementsByTagName('vendor')[0]!;
      expect(vendor.getElementsByTagName('vendorname')[0]?.textContent).toContain('Medford showroom');
      expect(vendor.getElementsByTagName('city')[0]?.textContent).toBe('Medford');
    } finally {
      delete process.env.RECEIPTS;
    }
  });

  it("sends a lead about a unit on the first store's lot, which names no inboxes, to the site's department inbox", async () => {
    const { lead, to } = await file(unitQuestion, '/api/unit-question', { topic: 'price', unit: atFirst.id, message: 'Still there?', ...PERSON });
    expect(lead.store).toBe('mount-holly');
    expect(to).toEqual(['sales-desk@dealer.test']);
  });

  it('routes a trade-in toward a unit to that unit’s store, whatever store the form names', async () => {
    const trade = { ...TRADE_IN_CART, note: '' };
    const { lead, to } = await file(tradeIn, '/api/trade-in', { ...trade, vehicle: atSecond.id, store: 'mount-holly', ...PERSON });
    expect([lead.store, to]).toEqual([SECOND_STORE_SLUG, [SECOND_STORE.inboxes.sales]]);
  });

  it.each([
    ['sales', SECOND_STORE.inboxes.sales],
    ['service', SECOND_STORE.inboxes.service],
    ['general', SECOND_STORE.inboxes.general],
  ])('sends a contact message for %s to the store the visitor chose', async (interest, inbox) => {
    const { lead, to } = await file(contact, '/api/contact', { ...VALID, interest, store: SECOND_STORE_SLUG });
    expect([lead.store, to]).toEqual([SECOND_STORE_SLUG, [inbox]]);
  });

  it('files a contact message naming no store, or a store that does not exist, for the first store', async () => {
    expect((await file(contact, '/api/contact', { ...VALID })).lead.store).toBe('mount-holly');
    await blobs.store.deleteAll();
    const { lead, to } = await file(contact, '/api/contact', { ...VALID, store: 'nowhere' });
    expect([lead.store, to]).toEqual(['mount-holly', ['sales-desk@dealer.test']]);
  });

  it('sends a service request and a parts request to the chosen store’s service and parts inboxes', async () => {
    const service = {
      make: 'ez-go',
      makeOther: '',
      model: 'RXV',
      year: '2018',
      problems: ['brakes'],
      note: '',
      day1: next('Tuesday'),
      day2: next('Saturday'),
      time: '10:30',
      handoff: 'drop-off',
      town: '',
      address: '',
    };
    const filed = await file(serviceRequest, '/api/service-request', { ...service, store: SECOND_STORE_SLUG, ...PERSON });
    expect([filed.lead.store, filed.to]).toEqual([SECOND_STORE_SLUG, [SECOND_STORE.inboxes.service]]);
    await blobs.store.deleteAll();
    mailbox.received.length = 0;
    const parts = { part: 'Front brake shoes', partNumber: '', quantity: '2', make: 'yamaha', makeOther: '', model: 'Drive2', year: '', note: '' };
    const asked = await file(partsRequest, '/api/parts-request', { ...parts, store: SECOND_STORE_SLUG, ...PERSON });
    expect([asked.lead.store, asked.to]).toEqual([SECOND_STORE_SLUG, [SECOND_STORE.inboxes.parts]]);
  });

  it('sends a rental reservation to the chosen store’s rentals inbox', async () => {
    const request = {
      group: '6-seater',
      quantity: 1,
      pickupDate: inDays(7),
      pickupTime: '10:00',
      returnDate: inDays(17),
      returnTime: '10:00',
      delivery: 'showroom',
      address: '',
      note: '',
      adult: true,
      store: SECOND_STORE_SLUG,
      ...PERSON,
    };
    const { lead, to } = await file(reserve, '/api/reserve', request);
    expect([lead.store, to]).toEqual([SECOND_STORE_SLUG, [SECOND_STORE.inboxes.rentals]]);
  });

  it('files a delivery for the store nearest the town, with the fee counted from it, in its rentals inbox, and names that store in the e-mail, the receipt and the ADF', async () => {
    process.env.RECEIPTS = 'on';
    const request = {
      group: '4-seater',
      quantity: 1,
      pickupDate: inDays(7),
      pickupTime: '10:00',
      returnDate: inDays(8),
      returnTime: '10:00',
      delivery: 'bass-river-township',
      address: '1 Stage Road',
      note: '',
      adult: true,
      ...PERSON,
    };
    const { lead, to, dealerMail, receipt } = await file(reserve, '/api/reserve', request).finally(() => delete process.env.RECEIPTS);
    expect([lead.store, to]).toEqual([SECOND_STORE_SLUG, [SECOND_STORE.inboxes.rentals]]);
    expect(receipt?.text).toContain('25 Main Street, Medford, NJ 08055');
    const adf = new DOMParser({ onError: onWarningStopParsing }).parseFromString(
      Buffer.from(dealerMail?.attachments?.[0]?.content ?? '', 'base64').toString('utf8'),
      'text/xml',
    );
    expect(adf.getElementsByTagName('vendor')[0]?.getElementsByTagName('vendorname')[0]?.textContent).toContain('Medford showroom');
    // Bass River Township is about 28 miles from Medford in a straight line: (28 − 10) × $6.
    expect(lead.reservation).toMatchObject({
      store: { slug: SECOND_STORE_SLUG, name: SECOND_STORE.name },
      delivery: { kind: 'delivery', miles: 28, measure: 'straight' },
      quote: { deliveryFee: 108 },
    });
    expect(dealerMail?.text).toContain('Delivery from Medford showroom to Bass River Township and pickup (about 28 miles in a straight line): $108');
    expect(dealerMail?.text).toContain('Bass River Township, about 28 miles in a straight line from Medford showroom: 1 Stage Road');
  });
});
