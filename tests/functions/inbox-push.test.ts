import webPush from 'web-push';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import adminPush from '../../functions/admin-push.ts';
import tradeIn from '../../functions/trade-in.ts';
import { clearAccessCache } from '../../functions/lib/github/permissions.ts';
import { DUE_PREFIX, sendReminders } from '../../functions/lib/inbox/reminders.ts';
import { allDevices, DEVICE_PREFIX, pushBlobs } from '../../functions/lib/push/devices.ts';
import { GitHubStandIn } from '../support/github.ts';
import { configureMail } from '../support/mailbox.ts';
import { PushService, type PushDevice } from '../support/push-service.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { Client, storedLeads, TRADE_IN_CART, VALID } from './contact-harness.ts';

/**
 * Push to the staff's devices (docs/product.md §Inbox on a phone): a device saved through the real
 * /api/admin/push, a lead filed through the real form function, and a push service on loopback
 * that checks each request's VAPID header and decrypts the message with the device's own keys,
 * so each test reads what the phone shows.
 */

const REPO = 'dealer/site';
const { blobs, mailbox } = functionSandbox({ mailbox: true, empty: 'each' });
const service = new PushService();
let github: GitHubStandIn;
const VAPID = webPush.generateVAPIDKeys();
const contact = new Client();
const trade = new Client(tradeIn, '/api/trade-in');
const TRADE = { ...TRADE_IN_CART, note: 'New tires last spring.', ...VALID };
const HOUR = 3_600_000;

beforeAll(async () => {
  await service.start();
  github = await new GitHubStandIn(REPO).start();
  github.accounts.set('editor-token', { login: 'editor', permissions: { admin: false, push: true, pull: true } });
  github.accounts.set('other-token', { login: 'other', permissions: { admin: false, push: true, pull: true } });
});

afterAll(async () => {
  for (const name of ['ADMIN_REPO', 'GITHUB_API_URL', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT', 'LEADS_TO_SERVICE']) delete process.env[name];
  await github.stop();
  await service.stop();
});

beforeEach(() => {
  clearAccessCache();
  service.reset();
  Object.assign(process.env, {
    ADMIN_REPO: REPO,
    GITHUB_API_URL: github.url,
    VAPID_PUBLIC_KEY: VAPID.publicKey,
    VAPID_PRIVATE_KEY: VAPID.privateKey,
    VAPID_SUBJECT: 'mailto:web@dealer.test',
  });
});

afterEach(async () => {
  service.hold = undefined;
  await Promise.all([contact.settle(), trade.settle()]);
});

let ipCounter = 0;
async function push(method: string, body?: unknown, token = 'editor-token') {
  const request = new Request('http://localhost/api/admin/push', {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const response = await adminPush(request, { ip: `198.51.100.${(ipCounter++ % 200) + 1}` });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function subscribe(device: PushDevice, wants: { stores?: string[]; departments?: string[] } = {}, token = 'editor-token') {
  const saved = await push('POST', { subscription: device.subscription, ...wants }, token);
  expect(saved.status).toBe(201);
}

const leadIdOf = async (response: Response) => ((await response.json()) as { id: string }).id;

describe('/api/admin/push', () => {
  it('gives the public key, saves a device for the signed-in login with every store and department, and removes it', async () => {
    const key = await push('GET');
    expect(key).toMatchObject({ status: 200, body: { on: true, publicKey: VAPID.publicKey } });
    const phone = service.device();
    await subscribe(phone);
    const [saved] = await allDevices();
    expect(saved?.device).toMatchObject({ endpoint: phone.subscription.endpoint, login: 'editor', stores: null, departments: null });
    expect(Date.parse(saved?.device.createdAt ?? '')).toBeGreaterThan(0);

    expect(await push('DELETE', { endpoint: phone.subscription.endpoint })).toMatchObject({ status: 200, body: { removed: true } });
    expect(await allDevices()).toEqual([]);
  });

  it('answers a wrong body with a 400 that names the field, and saves nothing', async () => {
    const phone = service.device();
    const cases: [unknown, string][] = [
      [{ subscription: { ...phone.subscription, keys: { p256dh: 'short', auth: phone.subscription.keys.auth } } }, 'subscription.keys.p256dh'],
      [{ subscription: { ...phone.subscription, endpoint: 'ftp://push.example/1' } }, 'subscription.endpoint'],
      [{ subscription: phone.subscription, departments: ['bakery'] }, 'departments.0'],
      [{ subscription: phone.subscription, stores: ['nowhere'] }, 'stores.0'],
      [{}, 'subscription'],
      ['{not json', ''],
    ];
    for (const [body, field] of cases) {
      const answer = await push('POST', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toContain(field);
    }
    expect((await push('DELETE', {})).status).toBe(400);
    expect(await allDevices()).toEqual([]);
  });

  it('without the VAPID settings push is off: GET says so and a device cannot be saved', async () => {
    delete process.env.VAPID_PRIVATE_KEY;
    expect(await push('GET')).toMatchObject({ status: 200, body: { on: false, reason: expect.stringContaining('VAPID_PRIVATE_KEY') } });
    expect((await push('POST', { subscription: service.device().subscription })).status).toBe(409);
  });

  it('refuses anyone the inbox refuses', async () => {
    expect((await push('GET', undefined, 'stranger-token')).status).toBe(401);
  });
});

describe('a new lead on the staff devices', { timeout: 60_000 }, () => {
  it('reaches the devices of its department within 5 s of filing, lock-screen safe, with the lead’s inbox address', async () => {
    const sales = service.device();
    const service_ = service.device();
    await subscribe(sales, { departments: ['sales'] });
    await subscribe(service_, { departments: ['service'] });

    const filed = performance.now();
    const response = await trade.post(TRADE);
    expect(response.status).toBe(200);
    const id = await leadIdOf(response);
    const [message] = await service.waitFor(1);
    console.info(`[push] a new lead reached the device ${Math.round(message!.at - filed)} ms after it was posted`);
    expect(message!.at - filed).toBeLessThan(5_000);
    expect(message!.device).toBe(sales.id);
    expect(message!.json).toMatchObject({ title: 'Trade-in: Jane D.', url: `/admin/leads#/lead/${id}`, tag: `lead-${id}` });
    for (const secret of [VALID.phone, VALID.email, '555', 'tires', 'Doe']) expect(message!.text).not.toContain(secret);
    expect(message!.vapid).toMatchObject({ aud: service.url, sub: 'mailto:web@dealer.test', key: VAPID.publicKey });
    await trade.settle();
    expect(service.shown(service_)).toEqual([]);
    expect(service.refused).toEqual([]);
  });

  it('removes a device its push service says is gone (404, 410) and keeps one that failed once (500)', async () => {
    const gone = service.device(410);
    const unknown = service.device(404);
    const failing = service.device(500);
    const fine = service.device();
    for (const device of [gone, unknown, failing, fine]) await subscribe(device);
    await contact.post(VALID);
    await contact.settle();
    const left = (await allDevices()).map((entry) => entry.device.endpoint).sort();
    expect(left).toEqual([failing.subscription.endpoint, fine.subscription.endpoint].sort());
    expect(service.shown(fine)).toHaveLength(1);
  });

  it('a slow push service delays neither the visitor’s answer nor the lead’s e-mail', async () => {
    let release!: () => void;
    service.hold = new Promise<void>((resolve) => (release = resolve));
    await subscribe(service.device());
    const response = await contact.post(VALID);
    expect(response.status).toBe(200);
    // The answer is given before the push goes out (the push first reads the devices and the pace from the store).
    expect(service.arrivals).toHaveLength(0);
    // The e-mail goes while the push service holds its answer.
    while (mailbox.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(mailbox.received[0]?.body.subject).toContain('Jane Doe');
    release();
    await contact.settle();
    expect(service.arrivals).toHaveLength(1);
  });

  it('a push service that is down fails nothing of the lead: it is answered, e-mailed and marked sent', async () => {
    await subscribe(service.device(500));
    const response = await contact.post(VALID);
    expect(response.status).toBe(200);
    await contact.settle();
    const id = await leadIdOf(response);
    expect((await storedLeads(blobs.store)).find((lead) => lead.id === id)).toMatchObject({ status: 'sent' });
    expect(mailbox.received.some((mail) => mail.body.subject.includes('Jane Doe'))).toBe(true);
  });

  it('a device stops getting leads once GitHub no longer lets its sign-in in', async () => {
    github.accounts.set('leaving-token', { login: 'leaving', permissions: { admin: false, push: true, pull: true } });
    const phone = service.device();
    await subscribe(phone, {}, 'leaving-token');
    await subscribe(service.device(), {}, 'other-token');
    github.accounts.set('leaving-token', { login: 'leaving', permissions: { admin: false, push: false, pull: true } });
    clearAccessCache();
    expect((await push('GET', undefined, 'leaving-token')).status).toBe(401);
    expect((await allDevices()).map((entry) => entry.device.login)).toEqual(['other']);
  });
});

describe('the reply promise’s reminder by push', { timeout: 60_000 }, () => {
  it('goes by push first, once, to the lead’s department, and the e-mail still goes', async () => {
    process.env.LEADS_TO_SERVICE = 'service@dealer.test';
    const phone = service.device();
    await subscribe(phone, { departments: ['service'] });
    const response = await contact.post({ ...VALID, interest: 'service' });
    const id = await leadIdOf(response);
    await contact.settle();
    await service.waitFor(1);
    expect((await blobs.store.list({ prefix: DUE_PREFIX })).blobs).toHaveLength(1);

    const later = Date.now() + 5 * 24 * HOUR;
    expect(await sendReminders(blobs.store, later)).toMatchObject({ due: 1, sent: 1 });
    const shown = service.shown(phone);
    expect(shown).toHaveLength(2);
    expect(shown[1]?.json).toMatchObject({ title: 'Still new: Contact: Jane D.', url: `/admin/leads#/lead/${id}`, tag: `lead-${id}` });
    expect(shown[1]?.text).not.toContain(VALID.phone);
    expect(mailbox.received.filter((mail) => mail.body.subject.startsWith('Reminder:'))).toHaveLength(1);
    expect(await sendReminders(blobs.store, later)).toMatchObject({ due: 0 });
    expect(service.shown(phone)).toHaveLength(2);
    // Its claim goes with its marker: the push store keeps the device and the pace's places (at most PUSH_PACE.max).
    expect((await pushBlobs().list({ prefix: 'reminded/' })).blobs).toEqual([]);
  });

  it('without e-mail set up, a push that reached a device is the reminder', async () => {
    configureMail(null);
    const phone = service.device();
    await subscribe(phone);
    await contact.post({ ...VALID, interest: 'parts' });
    await contact.settle();
    await service.waitFor(1);
    const later = Date.now() + 5 * 24 * HOUR;
    expect(await sendReminders(blobs.store, later)).toMatchObject({ due: 1, sent: 1 });
    expect(service.shown(phone).map((message) => message.json.title)).toEqual(['Contact: Jane D.', 'Still new: Contact: Jane D.']);
    expect((await blobs.store.list({ prefix: DUE_PREFIX })).blobs).toHaveLength(0);
  });
});

describe('the device records', () => {
  it('keep no lead data', async () => {
    await subscribe(service.device());
    await contact.post(VALID);
    await contact.settle();
    const { blobs: records } = await blobs.store.list();
    expect(records.some((record) => record.key.startsWith(DEVICE_PREFIX))).toBe(false);
    const [device] = await allDevices();
    expect(JSON.stringify(device)).not.toContain('Jane');
  });
});
