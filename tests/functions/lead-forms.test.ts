import { DOMParser, onWarningStopParsing, type Element } from '@xmldom/xmldom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import leadPhoto from '../../functions/lead-photo.ts';
import { idFromKey } from '../../functions/lib/leads/intake.ts';
import { stagedPhotos } from '../../functions/lib/leads/photos.ts';
import partsRequest from '../../functions/parts-request.ts';
import photoUpload from '../../functions/photo-upload.ts';
import serviceRequest from '../../functions/service-request.ts';
import tradeIn from '../../functions/trade-in.ts';
import unitQuestion from '../../functions/unit-question.ts';
import { serviceOptions } from '../../src/lib/data/service-request.ts';
import { vehicles } from '../../src/lib/data/vehicles.ts';
import { formatPrice } from '../../src/lib/format.ts';
import { dateParts, deliveryFee, wallClockAt } from '../../src/lib/rentals/quote.ts';
import { weekdayOf } from '../../src/lib/leads/service.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { Client, storedLeads, TRADE_IN_CART } from './contact-harness.ts';
import { craftedHeic, jpegOfSize, jpegZipPolyglot, notAPhoto, phoneHeic, phoneJpeg, PRIVATE_MARKER } from './photo-fixtures.ts';

/**
 * The lead forms beside the contact form (docs/product.md §Leads, §Trading in, §Services, §Units)
 * through the one intake: good input, bad input and bad files, as JSON and as plain form
 * posts; routing to each department; the e-mail the dealer reads and its ADF document.
 */

const { blobs, mailbox } = functionSandbox({ mailbox: true, empty: 'each' });

const SECRET = 'photo-links-secret-for-the-test-suite-0123456789';
const PERSON = { firstName: 'Jane', lastName: 'Doe', email: 'jane.doe@example.com', phone: '(609) 555-0100' };
const unit = vehicles.find((candidate) => candidate.vin && candidate.status === 'available')!;

const clients: Client[] = [];
const client = (handler: ConstructorParameters<typeof Client>[0], path: string) => {
  const created = new Client(handler, path);
  clients.push(created);
  return created;
};

beforeEach(() => {
  Object.assign(process.env, {
    LEADS_TO_SALES: 'sales-desk@dealer.test',
    LEADS_TO_SERVICE: 'service@dealer.test',
    LEADS_TO_PARTS: 'parts@dealer.test',
    PHOTO_LINK_SECRET: SECRET,
  });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((each) => each.settle()));
});

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
const dealerMail = (to: string) => mailbox.received.find((mail) => mail.body.to.includes(to))?.body;
const adfOf = (to: string) => {
  const attachment = mailbox.received.find((mail) => mail.body.to.includes(to))?.body.attachments?.[0];
  return new DOMParser({ onError: onWarningStopParsing }).parseFromString(Buffer.from(attachment?.content ?? '', 'base64').toString('utf8'), 'text/xml');
};
const child = (element: Element, tag: string) => element.getElementsByTagName(tag)[0]?.textContent ?? null;
const hiddenInputs = (html: string) =>
  [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
    (m) => [m[1] ?? '', (m[2] ?? '').replaceAll('&amp;', '&')] as [string, string],
  );

/** The next date (the showroom's calendar) after tomorrow that falls on `weekday`. */
function next(weekday: string, after = 1): string {
  const today = wallClockAt(Date.now(), serviceOptions.timeZone);
  for (let days = after; days < after + 8; days++) {
    const date = dateParts(today + days * 86_400_000).date;
    if (weekdayOf(date) === weekday) return date;
  }
  throw new Error(`no ${weekday}`);
}

const TRADE = {
  ...TRADE_IN_CART,
  note: 'New tires last spring.',
  ...PERSON,
};

describe('POST /api/trade-in', () => {
  it('files a trade-in toward a unit for sales: the e-mail names both carts, the ADF carries the trade beside the unit', async () => {
    const trade = client(tradeIn, '/api/trade-in');
    const response = await trade.post({ ...TRADE, vehicle: unit.id, serial: '7evls4pa2tb000120' });
    expect(response.status).toBe(200);
    await trade.settle();
    const [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({
      form: 'trade-in',
      inquiry: { interest: 'sales', email: PERSON.email },
      trade: {
        year: 2019,
        make: 'Club Car',
        model: 'Onward',
        serial: '7EVLS4PA2TB000120',
        serialKind: 'vin',
        battery: 'lithium',
        lifted: true,
        condition: 'good',
      },
      unit: { id: unit.id, stockNumber: unit.stockNumber, vin: unit.vin, price: unit.price },
    });
    const mail = dealerMail('sales-desk@dealer.test');
    expect(mail?.subject).toBe(`New trade-in request from Jane Doe: 2019 Club Car Onward, toward the ${unit.name} (stock ${unit.stockNumber})`);
    expect(mail?.text).toContain('Trade-in:\n  Cart:          2019 Club Car Onward\n  VIN:           7EVLS4PA2TB000120');
    expect(mail?.text).toContain(`  Stock number:  ${unit.stockNumber}`);
    expect(mail?.text).toContain(`  Price:         ${formatPrice(unit.price)}`);
    const adf = adfOf('sales-desk@dealer.test');
    expect(child(adf.getElementsByTagName('provider')[0]!, 'service')).toBe('Website trade-in form');
    expect(child(adf.getElementsByTagName('customer')[0]!, 'comments')).toContain('\nForm: trade-in form\n');
    const vehiclesInAdf = Array.from(adf.getElementsByTagName('vehicle'));
    expect(vehiclesInAdf.map((v) => [v.getAttribute('interest'), v.getAttribute('status')])).toEqual([
      ['buy', unit.condition === 'used' || unit.condition === 'demo' ? 'used' : 'new'],
      ['trade-in', 'used'],
    ]);
    const [wanted, traded] = vehiclesInAdf as [Element, Element];
    expect([child(wanted, 'stock'), child(wanted, 'vin'), child(wanted, 'price'), child(wanted, 'year')]).toEqual([
      unit.stockNumber,
      unit.vin ?? null,
      String(unit.price),
      String(unit.year),
    ]);
    expect([child(traded, 'year'), child(traded, 'make'), child(traded, 'model'), child(traded, 'vin')]).toEqual([
      '2019',
      'Club Car',
      'Onward',
      '7EVLS4PA2TB000120',
    ]);
  });

  it('names each mistake: the year, the make, a VIN whose check digit is wrong, the choices left open', async () => {
    const response = await client(tradeIn, '/api/trade-in').post({
      ...TRADE,
      year: '19',
      make: 'other',
      serial: '7EVLS4PA3TB000120',
      battery: '',
      condition: 'shiny',
    });
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.error).toMatch(/^Enter the model year as four digits, 1980 to \d{4}$/);
    expect(body.errors).toMatchObject({
      makeOther: 'Tell us the make of your cart',
      serial: 'This VIN’s check digit (the 9th character) does not match the rest: check it for a typo',
      battery: 'Choose the battery type',
      condition: 'Choose the condition',
    });
    expect(await storedLeads(blobs.store)).toHaveLength(0);
  });

  it('without JavaScript: each bad file is named, the good photos and the input are kept, and the next post files them', async () => {
    const trade = client(tradeIn, '/api/trade-in');
    const referer = `http://localhost/trade-in?vehicle=${unit.id}`;
    const files = [
      { field: 'photos', name: 'IMG_0001.jpg', bytes: await phoneJpeg() },
      { field: 'photos', name: 'IMG_0002.HEIC', bytes: phoneHeic() },
      { field: 'photos', name: 'brochure.jpg', bytes: notAPhoto },
      { field: 'photos', name: 'empty.jpg', bytes: new Uint8Array() },
      { field: 'photos', name: 'huge.jpg', bytes: await jpegOfSize(10_400_000) },
      { field: 'photos', name: 'glued.jpg', bytes: await jpegZipPolyglot() },
    ];
    const first = await trade.multipart({ ...TRADE, website: '' }, files, { headers: { referer } });
    expect(first.status).toBe(400);
    const page = await first.text();
    for (const message of [
      'brochure.jpg is not a JPEG, PNG, WebP or HEIC photo. Choose a photo file instead.',
      'empty.jpg is empty. Choose the photo again.',
      'huge.jpg is 10.4 MB; a photo can be at most 10 MB.',
    ]) {
      expect(page).toContain(message);
    }
    expect(page).toContain('Received already, no need to choose again: IMG_0001.jpg, IMG_0002.HEIC, glued.jpg.');
    expect(page).toContain('value="Onward"');
    expect(page).toContain('<input id="trade-condition-good" name="condition" type="radio" value="good" checked>');
    expect(page).toContain('enctype="multipart/form-data"');
    expect(await storedLeads(blobs.store)).toHaveLength(0);

    const carried = hiddenInputs(page);
    const fields: Record<string, string | string[]> = { ...TRADE, website: '' };
    for (const [name, value] of carried) fields[name] = name === 'keptPhoto' ? [...((fields[name] as string[] | undefined) ?? []), value] : value;
    const second = await trade.multipart(fields, [], { headers: { referer: 'http://localhost/api/trade-in' } });
    expect(second.status).toBe(303);
    await trade.settle();
    const [lead] = await storedLeads(blobs.store);
    expect(lead?.source).toMatchObject({ channel: 'form', vehicle: unit.id, page: `/trade-in?vehicle=${unit.id}` });
    expect(lead?.photos.map((photo: { name: string; type: string }) => [photo.name, photo.type])).toEqual([
      ['IMG_0001.jpg', 'image/jpeg'],
      ['IMG_0002.HEIC', 'image/heic'],
      ['glued.jpg', 'image/jpeg'],
    ]);
    expect((await blobs.store.list({ prefix: 'uploads/' })).blobs).toHaveLength(0);

    // The dealer opens each photo through the link in the e-mail: no location data, no glued page.
    const text = dealerMail('sales-desk@dealer.test')?.text ?? '';
    const links = [...text.matchAll(/(https?:\/\/\S+\/api\/lead-photos\/\S+) \(link works until/g)].map((m) => m[1] ?? '');
    expect(links).toHaveLength(3);
    for (const link of links) {
      const url = new URL(link);
      const [, , , leadId = '', n = ''] = url.pathname.split('/');
      const photo = await leadPhoto(new Request(url), { params: { lead: leadId, n } });
      expect(photo.status).toBe(200);
      const bytes = Buffer.from(await photo.arrayBuffer());
      expect(bytes.includes(Buffer.from(PRIVATE_MARKER))).toBe(false);
      expect(bytes.includes(Buffer.from('<script>'))).toBe(false);
    }
  });

  it('without JavaScript: a HEIC whose item table asks for seconds of work is named as unreadable, and the lead is filed on the next post', async () => {
    const trade = client(tradeIn, '/api/trade-in');
    // 4 MB, one Exif item in 65,535 places each reaching to the end of the file (docs/operations.md §What each function trusts).
    const files = [
      { field: 'photos', name: 'IMG_0001.jpg', bytes: await phoneJpeg() },
      { field: 'photos', name: 'IMG_0002.HEIC', bytes: craftedHeic({ size: 4_000_000, exifExtents: [65_535] }) },
    ];
    const first = await trade.multipart({ ...TRADE, website: '' }, files, { headers: { referer: 'http://localhost/trade-in' } });
    expect(first.status).toBe(400);
    const page = await first.text();
    expect(page).toContain('IMG_0002.HEIC could not be read as a photo. Save it again as a JPEG and choose it again.');
    expect(page).toContain('Received already, no need to choose again: IMG_0001.jpg.');
    expect(await storedLeads(blobs.store)).toHaveLength(0);

    const fields: Record<string, string | string[]> = { ...TRADE, website: '' };
    for (const [name, value] of hiddenInputs(page)) fields[name] = name === 'keptPhoto' ? [...((fields[name] as string[] | undefined) ?? []), value] : value;
    const second = await trade.multipart(fields, [], { headers: { referer: 'http://localhost/api/trade-in' } });
    expect(second.status).toBe(303);
    await trade.settle();
    const [lead] = await storedLeads(blobs.store);
    expect(lead?.photos.map((photo: { name: string }) => photo.name)).toEqual(['IMG_0001.jpg']);
  });

  it('takes at most six photos; the seventh is named and not added', async () => {
    const jpeg = await phoneJpeg();
    const files = Array.from({ length: 7 }, (_, i) => ({ field: 'photos', name: `cart-${i + 1}.jpg`, bytes: jpeg }));
    const response = await client(tradeIn, '/api/trade-in').multipart({ ...TRADE }, files);
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('cart-7.jpg was not added: at most 6 photos can be sent.');
    expect(page).toContain('cart-1.jpg, cart-2.jpg, cart-3.jpg, cart-4.jpg, cart-5.jpg, cart-6.jpg.');
  });
});

describe('POST /api/photo-uploads (the island sends photos before the request, in parts)', () => {
  const upload = (key: string, query: Record<string, string | number>, body: Uint8Array) =>
    photoUpload(
      new Request(`http://localhost/api/photo-uploads?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'idempotency-key': key },
        body: new Uint8Array(body),
      }),
      { ip: '203.0.113.9' },
    );

  it('puts a photo together from its parts, and the JSON request that follows files it', async () => {
    const key = 'island-upload-key-0001';
    const photo = await phoneJpeg();
    const half = Math.ceil(photo.length / 2);
    const query = { form: 'trade-in', index: 0, parts: 2, size: photo.length, name: 'IMG_7.jpg' };
    expect((await upload(key, { ...query, part: 0 }, photo.subarray(0, half))).status).toBe(202);
    const done = await upload(key, { ...query, part: 1 }, photo.subarray(half));
    expect(done.status).toBe(200);
    expect(await json(done)).toMatchObject({ ok: true, index: 0, name: 'IMG_7.jpg', type: 'image/jpeg' });

    const trade = client(tradeIn, '/api/trade-in');
    const response = await trade.post({ ...TRADE, photos: [0] }, { headers: { 'Idempotency-Key': key } });
    expect(response.status).toBe(200);
    const [lead] = await storedLeads(blobs.store);
    expect(lead?.photos).toMatchObject([{ n: 0, name: 'IMG_7.jpg', removed: ['EXIF', 'XMP', 'comment'] }]);
  });

  it('answers 400 naming the file: not a photo, too big, one too many, more than 30 MB in all', { timeout: 20_000 }, async () => {
    const key = 'island-upload-key-0002';
    const notPhoto = await upload(key, { form: 'trade-in', index: 0, part: 0, parts: 1, size: notAPhoto.length, name: 'menu.jpg' }, notAPhoto);
    expect([notPhoto.status, (await json(notPhoto)).error]).toEqual([400, 'menu.jpg is not a JPEG, PNG, WebP or HEIC photo. Choose a photo file instead.']);
    const big = await upload(key, { form: 'trade-in', index: 0, part: 0, parts: 3, size: 12_400_000, name: 'big.jpg' }, await phoneJpeg());
    expect((await json(big)).error).toBe('big.jpg is 12.4 MB; a photo can be at most 10 MB.');
    const seventh = await upload(key, { form: 'trade-in', index: 6, part: 0, parts: 1, size: 1000, name: 'seven.jpg' }, await phoneJpeg());
    expect((await json(seventh)).error).toBe('seven.jpg was not added: at most 6 photos can be sent.');
    const second = await upload(key, { form: 'parts', index: 1, part: 0, parts: 1, size: 1000, name: 'two.jpg' }, await phoneJpeg());
    expect((await json(second)).error).toBe('two.jpg was not added: at most 1 photo can be sent.');

    // Three photos of 9.9 MB, then one of 2.5 MB: past 30 MB in all.
    const large = await jpegOfSize(9_900_000);
    for (let index = 0; index < 3; index++) {
      const parts = Math.ceil(large.length / (4 * 1024 * 1024));
      for (let part = 0; part < parts; part++) {
        const answer = await upload(
          key,
          { form: 'trade-in', index, part, parts, size: large.length, name: `wide-${index}.jpg` },
          large.subarray(part * 4 * 1024 * 1024, (part + 1) * 4 * 1024 * 1024),
        );
        expect(answer.status).toBe(part === parts - 1 ? 200 : 202);
      }
    }
    const extra = await jpegOfSize(2_500_000);
    const over = await upload(key, { form: 'trade-in', index: 3, part: 0, parts: 1, size: extra.length, name: 'last.jpg' }, extra);
    expect([over.status, (await json(over)).error]).toEqual([400, 'last.jpg was not added: the photos can be at most 30 MB in all.']);
  });

  /** What a submission's uploads hold, finished or not, in bytes (read back from the store). */
  const held = async (key: string) => {
    const { blobs: stored } = await blobs.store.list({ prefix: `uploads/${await idFromKey(key)}/` });
    const sizes = await Promise.all(stored.map(async (blob) => (await blobs.store.get(blob.key, { type: 'arrayBuffer' }))?.byteLength ?? 0));
    return sizes.reduce((sum, size) => sum + size, 0);
  };
  const PART = 4 * 1024 * 1024;
  /** A part of 4 MiB that starts like a JPEG, of a 10 MB photo in 3 parts that never gets its last part. */
  const unfinished = (key: string, index: number, part: number) => {
    const bytes = new Uint8Array(PART);
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    return upload(key, { form: 'trade-in', index, part, parts: 3, size: 10_000_000, name: `half-${index}.jpg` }, bytes);
  };
  const tooMuch = (name: string) => [400, `${name} was not added: the photos can be at most 30 MB in all.`];

  it(
    'parts never finished count against the 30 MB: of 12 parts of 4 MiB, the eighth is refused naming the limit, and at most 30 MB stays',
    { timeout: 60_000 },
    async () => {
      const key = 'island-upload-key-0003';
      const answers: (number | unknown)[][] = [];
      for (let index = 0; index < 6; index++) {
        for (let part = 0; part < 2; part++) {
          const answer = await unfinished(key, index, part);
          answers.push(answer.status === 202 ? [202] : [answer.status, (await json(answer)).error]);
        }
      }
      expect(answers.slice(0, 7)).toEqual(Array(7).fill([202]));
      expect(answers.slice(7)).toEqual([tooMuch('half-3.jpg'), tooMuch('half-4.jpg'), tooMuch('half-4.jpg'), tooMuch('half-5.jpg'), tooMuch('half-5.jpg')]);
      expect(await held(key)).toBe(7 * PART);
    },
  );

  it('12 parts of 4 MiB of one submission at once: each is taken or refused naming the limit, and at most 30 MB stays', { timeout: 60_000 }, async () => {
    const key = 'island-upload-key-0004';
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => unfinished(key, n % 6, Math.floor(n / 6))));
    for (const [n, answer] of answers.entries()) {
      if (answer.status !== 202) expect([answer.status, (await json(answer)).error]).toEqual(tooMuch(`half-${n % 6}.jpg`));
    }
    expect(answers.filter((answer) => answer.status === 202).length).toBeGreaterThan(0);
    expect(await held(key)).toBeLessThanOrEqual(30_000_000);
  });

  it('a refused part loses nothing of what was finished: the photos staged before it are filed with the lead', { timeout: 60_000 }, async () => {
    const key = 'island-upload-key-0005';
    const large = await jpegOfSize(9_900_000);
    for (let index = 0; index < 2; index++) {
      for (let part = 0; part < 3; part++) {
        const answer = await upload(
          key,
          { form: 'trade-in', index, part, parts: 3, size: large.length, name: `wide-${index}.jpg` },
          large.subarray(part * PART, (part + 1) * PART),
        );
        expect(answer.status).toBe(part === 2 ? 200 : 202);
      }
    }
    expect((await unfinished(key, 2, 0)).status).toBe(202);
    expect((await unfinished(key, 2, 1)).status).toBe(202);
    const refused = await unfinished(key, 3, 0);
    expect([refused.status, (await json(refused)).error]).toEqual(tooMuch('half-3.jpg'));
    expect(await held(key)).toBeLessThanOrEqual(30_000_000);

    const trade = client(tradeIn, '/api/trade-in');
    expect((await trade.post({ ...TRADE, photos: [0, 1] }, { headers: { 'Idempotency-Key': key } })).status).toBe(200);
    const [lead] = await storedLeads(blobs.store);
    expect(lead?.photos).toMatchObject([
      { n: 0, name: 'wide-0.jpg' },
      { n: 1, name: 'wide-1.jpg' },
    ]);
    expect(await held(key)).toBe(0);
  });

  it('answers 400 naming a 10 MB HEIC whose item table asks for seconds of work, stages nothing, and the request that follows is filed', async () => {
    const key = 'island-upload-key-0006';
    // Two Exif items in 99,935 places, each reaching to the end of the file (docs/operations.md §What each function trusts).
    const file = craftedHeic({ size: 10_000_000, exifExtents: [65_535, 34_400] });
    const parts = Math.ceil(file.length / (4 * 1024 * 1024));
    const answers: Response[] = [];
    for (let part = 0; part < parts; part++) {
      const query = { form: 'trade-in', index: 0, part, parts, size: file.length, name: 'IMG_0042.HEIC' };
      answers.push(await upload(key, query, file.subarray(part * 4 * 1024 * 1024, (part + 1) * 4 * 1024 * 1024)));
    }
    const last = answers.at(-1) as Response;
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 400]);
    expect((await json(last)).error).toBe('IMG_0042.HEIC could not be read as a photo. Save it again as a JPEG and choose it again.');
    expect(await stagedPhotos(blobs.store, await idFromKey(key))).toEqual([]);

    // The visitor takes the photo out and sends the request again: the lead is filed.
    const trade = client(tradeIn, '/api/trade-in');
    const response = await trade.post({ ...TRADE, photos: [] }, { headers: { 'Idempotency-Key': key } });
    expect(response.status).toBe(200);
    await trade.settle();
    const [lead] = await storedLeads(blobs.store);
    expect(lead?.photos ?? []).toEqual([]);
  });
});

describe('POST /api/service-request', () => {
  const SERVICE = {
    make: 'ez-go',
    makeOther: '',
    model: 'RXV',
    year: '2018',
    problems: ['brakes', 'lights'],
    note: '',
    day1: next('Tuesday'),
    day2: next('Saturday'),
    time: '10:30',
    handoff: 'drop-off',
    town: '',
    address: '',
    ...PERSON,
  };

  it('files a drop-off for the service department', async () => {
    const service = client(serviceRequest, '/api/service-request');
    expect((await service.post(SERVICE)).status).toBe(200);
    await service.settle();
    const [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({
      form: 'service',
      inquiry: { interest: 'service' },
      service: {
        cart: { make: 'EZ-GO', model: 'RXV', year: 2018 },
        problems: ['brakes', 'lights'],
        days: [SERVICE.day1, SERVICE.day2],
        time: '10:30',
        handoff: { kind: 'drop-off' },
      },
    });
    const mail = dealerMail('service@dealer.test');
    expect(mail?.subject).toMatch(/^New service appointment request from Jane Doe: 2018 EZ-GO RXV, brakes, lights, Tue, /);
    expect(mail?.text).toContain('  Time:          10:30AM');
  });

  it('works out the pick-up fee from the town’s distance, as a rental delivery', async () => {
    const farthest = [...serviceOptions.places].sort((a, b) => b.miles - a.miles)[0]!;
    const service = client(serviceRequest, '/api/service-request');
    expect((await service.form({ ...SERVICE, handoff: 'pick-up', town: farthest.slug, address: '12 Lake Road' })).status).toBe(303);
    await service.settle();
    const fee = deliveryFee(farthest.miles, serviceOptions.pickup);
    expect(fee).toBeGreaterThan(0);
    const [lead] = await storedLeads(blobs.store);
    expect(lead?.service.handoff).toEqual({
      kind: 'pick-up',
      town: { slug: farthest.slug, name: farthest.name },
      miles: farthest.miles,
      address: '12 Lake Road',
      fee,
    });
    expect(dealerMail('service@dealer.test')?.text).toContain(`12 Lake Road, ${farthest.name} (${farthest.miles} miles one way), fee ${formatPrice(fee)}`);
  });

  it('keeps to the service hours: no Sunday, no time outside the day’s hours, a note for something else, a town for pick-up', async () => {
    const response = await client(serviceRequest, '/api/service-request').post({
      ...SERVICE,
      problems: ['other'],
      day1: next('Sunday'),
      day2: next('Saturday'),
      time: '16:00',
      handoff: 'pick-up',
    });
    expect(response.status).toBe(400);
    expect((await json(response)).errors).toEqual({
      note: 'Tell us what is wrong',
      day1: 'Sunday: emergency only. Choose another day, or call us',
      time: 'On Saturday the shop takes carts from 9AM to 3PM: choose a time in those hours, or another day',
      town: 'Choose the town we pick the cart up in',
      address: 'Street address is required for pick-up',
    });
  });

  it('without JavaScript: the form comes back with its errors and every ticked box kept', async () => {
    const response = await client(serviceRequest, '/api/service-request').form({ ...SERVICE, day1: '', make: '' });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('Please correct these 2 fields');
    expect(page).toContain('<input id="service-problems-brakes" name="problems" type="checkbox" value="brakes" checked>');
    expect(page).toMatch(/<select id="service-make" name="make" aria-invalid="true" aria-describedby="service-make-error" autofocus>/);
  });
});

describe('POST /api/parts-request', () => {
  const PARTS = { part: 'Front brake shoes', partNumber: '', quantity: '2', make: 'yamaha', makeOther: '', model: 'Drive2', year: '', note: '', ...PERSON };

  it('files a parts request with its photo for the parts department', async () => {
    const parts = client(partsRequest, '/api/parts-request');
    expect((await parts.multipart(PARTS, [{ field: 'photos', name: 'shoe.jpg', bytes: await phoneJpeg() }])).status).toBe(303);
    await parts.settle();
    const [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({
      form: 'parts',
      inquiry: { interest: 'parts' },
      parts: { part: 'Front brake shoes', quantity: 2, cart: { make: 'Yamaha', model: 'Drive2' } },
      photos: [{ name: 'shoe.jpg' }],
    });
    expect(dealerMail('parts@dealer.test')?.subject).toBe('New parts request from Jane Doe: 2 × Front brake shoes (Yamaha Drive2)');
  });

  it('answers the quantity and a second photo with their messages', async () => {
    const jpeg = await phoneJpeg();
    const response = await client(partsRequest, '/api/parts-request').multipart({ ...PARTS, quantity: '0' }, [
      { field: 'photos', name: 'one.jpg', bytes: jpeg },
      { field: 'photos', name: 'two.jpg', bytes: jpeg },
    ]);
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('Quantity must be a whole number from 1 to 20');
    expect(page).toContain('two.jpg was not added: at most 1 photo can be sent.');
  });
});

describe('POST /api/unit-question', () => {
  it('files a question with the unit attached: stock number, VIN, year, make, model and price in the lead, the e-mail and the ADF', async () => {
    const ask = client(unitQuestion, '/api/unit-question');
    const response = await ask.form(
      { topic: 'test-drive', unit: unit.id, day: next('Friday'), message: '', ...PERSON, website: '' },
      { headers: { referer: `http://localhost/vehicles/${unit.id}/ask?topic=test-drive` } },
    );
    expect(response.status).toBe(303);
    await ask.settle();
    const [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({
      form: 'unit-question',
      inquiry: { interest: 'sales', message: 'I would like a test drive.' },
      question: { topic: 'test-drive' },
      unit: { id: unit.id, stockNumber: unit.stockNumber, vin: unit.vin, year: unit.year, make: 'Evolution', price: unit.price },
    });
    const mail = dealerMail('sales-desk@dealer.test');
    expect(mail?.subject).toBe(`New question from Jane Doe about the ${unit.name} (stock ${unit.stockNumber}): i would like a test drive`);
    expect(mail?.html).toContain(`<a href="https://www.example.com/vehicles/${unit.id}">`);
    const vehicle = adfOf('sales-desk@dealer.test').getElementsByTagName('vehicle')[0]!;
    expect(vehicle.getAttribute('interest')).toBe('test-drive');
    expect([child(vehicle, 'stock'), child(vehicle, 'vin'), child(vehicle, 'model')]).toEqual([unit.stockNumber, unit.vin ?? null, unit.model ?? null]);
    expect(vehicle.getElementsByTagName('price')[0]?.getAttribute('type')).toBe('asking');
  });

  it('asks for a topic it knows, and keeps the unit through the page it answers', async () => {
    const response = await client(unitQuestion, '/api/unit-question').form({ topic: 'trade', unit: unit.id, ...PERSON });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('Choose what you would like to know');
    expect(page).toContain(`<input type="hidden" name="unit" value="${unit.id}">`);
  });

  it('sends a receipt that names the request and the unit, never what the visitor typed', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    process.env.RECEIPTS = 'on';
    const ask = client(unitQuestion, '/api/unit-question');
    await ask.post({ topic: 'price', unit: unit.id, message: 'Call me at <b>noon</b> http://spam.example', ...PERSON });
    await ask.settle();
    const receipt = mailbox.received.find((mail) => mail.body.to.includes(PERSON.email))?.body;
    expect(receipt?.subject).toBe('We received your question about a unit - Burlington Golf Carts');
    expect(receipt?.text).toContain(`Vehicle:     ${unit.name}`);
    expect(receipt?.text).not.toContain('spam.example');
    expect(receipt?.text).not.toContain('noon');
  });
});
