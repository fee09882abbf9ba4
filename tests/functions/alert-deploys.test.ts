import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import deploySucceeded, { publishDeploy } from '../../functions/deploy-succeeded.ts';
import { bundledLot } from '../../functions/lib/alerts/lot.ts';
import { runAlerts } from '../../functions/lib/alerts/sending.ts';
import { queueEntries } from '../../functions/lib/alerts/blobs.ts';
import type { PublishedUnit } from '../../src/lib/alerts.ts';
import { priceBands } from '../../src/lib/data/vehicles.ts';
import { alertBlobs, configureAlerts, formAction, linkIn, mailsTo, open, recordOf, subscribe, subscriber } from './alerts-harness.ts';
import { type RecordedEmail } from '../support/mailbox.ts';
import { functionSandbox } from '../support/sandbox.ts';

/**
 * Two builds of a fixture lot, published one after the other as Netlify's deploy-succeeded event
 * would (docs/product.md §Alerts): the second has a new unit, a price drop, a hold released and
 * a sale. Subscribers ask and confirm through the real handlers; what each deploy sends is read
 * from the recording mailbox.
 */

const { mailbox } = functionSandbox({ mailbox: true, empty: 'each' });

const NEW = 'denago-ev-rover-xxl-white';
const DROP = 'evo-d5-maverick-4-plus-sky-blue';
const FREED = 'denago-ev-rover-xl-2025';
const SOLD = 'evo-d5-maverick-6-black';

/** The fixture lot's two builds, from this deploy's own units. */
function builds(): { first: PublishedUnit[]; second: PublishedUnit[] } {
  const lot = bundledLot();
  const byId = (id: string) => lot.find((unit) => unit.id === id)!;
  for (const [id, status] of [
    [NEW, 'available'],
    [DROP, 'available'],
    [FREED, 'on-hold'],
    [SOLD, 'available'],
  ] as const)
    expect(byId(id).status, id).toBe(status);
  const first = lot
    .filter((unit) => unit.id !== NEW)
    .map((unit) => (unit.id === DROP ? { ...unit, price: unit.price + 1000, payment: { monthly: 300, terms: 'as before' } } : unit));
  const second = lot.map((unit) => {
    if (unit.id === FREED)
      return { ...unit, status: 'available' as const, payment: { monthly: 262.35, terms: '$1,449.50 down (10%), 6.99% APR for 60 months' } };
    if (unit.id === SOLD) return { ...unit, status: 'sold' as const, payment: undefined };
    return unit;
  });
  return { first, second };
}

const event = (id: string, context = 'production') => ({ payload: { id, context, state: 'ready', created_at: '2025-06-02T14:00:00Z' }, site: { id: 'site' } });

beforeEach(async () => {
  configureAlerts(mailbox);
  // The clocks the code reads stand still unless the test moves them: the date, and the one its
  // run deadlines and the provider's pace are measured on, which a busy machine cannot run out.
  vi.useFakeTimers({ toFake: ['Date', 'performance'] });
  vi.setSystemTime(new Date('2025-06-02T14:00:00Z'));
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
});

/** Asks for an alert as the form does and, unless told not to, confirms it through the e-mailed link. */
async function follow(email: string, fields: Record<string, string>, { page = '/vehicles/x', confirm = true } = {}): Promise<void> {
  const client = subscriber();
  expect((await subscribe(client, { email, ...fields }, page)).status).toBe(303);
  await client.settle();
  if (!confirm) return;
  const link = linkIn(mailsTo(mailbox, email).at(-1)?.body.text ?? '', '/alerts/confirm?');
  expect((await open(formAction(await (await open(link)).text()), 'POST')).status).toBe(200);
}

const alertMails = () => mailbox.received.filter((mail) => !mail.body.subject.startsWith('Confirm your alert'));
const summary = (mails: readonly RecordedEmail[]) => mails.map((mail) => `${mail.body.to.join(',')}: ${mail.body.subject}`).sort();

async function subscribeEveryone(): Promise<void> {
  await follow('alice@example.com', { alert: 'inventory' }, { page: '/new-inventory?brand=denago&category=rover' });
  await follow('bob@example.com', { alert: 'price', unit: DROP });
  await follow('carol@example.com', { alert: 'free', unit: FREED });
  await follow('dave@example.com', { alert: 'price', unit: SOLD });
  await follow('erin@example.com', { alert: 'model', model: 'evolution-turfman-1000' });
  await follow('frank@example.com', { alert: 'inventory' }, { confirm: false });
}

describe('two successive deploys of a fixture lot', { timeout: 20_000 }, () => {
  it('the first keeps the lot and tells nobody; the second e-mails each subscriber once, only what matches, with cards and one-click unsubscribe', async () => {
    const { first, second } = builds();
    expect(await publishDeploy(alertBlobs(), first, event('deploy-1'))).toMatchObject({ published: true, first: true, changes: 0 });
    await subscribeEveryone();
    mailbox.received.length = 0;

    minutesLater(60);
    expect(await publishDeploy(alertBlobs(), second, event('deploy-2'))).toMatchObject({ published: true, first: false, changes: 4, matched: 4, sent: 4 });
    expect(summary(alertMails())).toEqual([
      'alice@example.com: 2 updates on the carts you follow - Burlington Golf Carts',
      'bob@example.com: Price drop: Evolution D5 Maverick 4 Plus, now $12,995 - Burlington Golf Carts',
      'carol@example.com: Available again: Denago EV Rover XL, $14,495 - Burlington Golf Carts',
      'dave@example.com: Sold: Evolution D5 Maverick 6 - Burlington Golf Carts',
    ]);

    const [alice] = mailsTo(mailbox, 'alice@example.com');
    const text = alice?.body.text ?? '';
    expect(text).toContain(`NEW ON THE LOT\n\nDenago EV Rover XXL\n$19,995\nEst. `);
    expect(text).toContain(`https://www.example.com/vehicles/${NEW}`);
    expect(text).toContain(`AVAILABLE AGAIN\n\nDenago EV Rover XL\n$14,495\nEst. $262/mo with $1,449.50 down (10%), 6.99% APR for 60 months*`);
    expect(text).toContain('* Estimates are for illustration only');
    expect(text).toContain('Your alerts:\n- New carts: Denago, Rover series');
    const unsubscribe = alice?.body.headers?.['List-Unsubscribe'] ?? '';
    expect(unsubscribe).toMatch(/^<https:\/\/www\.example\.com\/api\/alerts\/unsubscribe\?s=[0-9a-f]{40}&t=[\w-]{32}>$/);
    expect(alice?.body.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(text).toContain(`Unsubscribe from every alert: ${unsubscribe.slice(1, -1)}`);
    expect(linkIn(text, '/alerts/manage?')).toMatch(/^https:\/\/www\.example\.com\/alerts\/manage\?s=/);
    expect(alice?.body.html).toContain('<img src="https://www.example.com/images/');
    expect(alice?.body.html).toContain('View this cart');
    expect(alice?.headers['idempotency-key']).toMatch(/^alert-[0-9a-f]{40}-[0-9a-f]{16}$/);

    expect(mailsTo(mailbox, 'bob@example.com')[0]?.body.text).toContain('Evolution D5 Maverick 4 Plus\n$12,995 (was $13,995)');
    // Carol's cart came free and Dave's sold: their alerts end with the e-mail, their last, so their addresses go
    // and the e-mail links to no page that would not open any more.
    const carol = mailsTo(mailbox, 'carol@example.com')[0]?.body.text ?? '';
    expect(carol).toContain('Ended with this e-mail (the cart sold or came free):\n- When it comes free: Denago EV Rover XL');
    expect(carol).toContain('so this is our last e-mail');
    expect(carol).not.toContain('/alerts/manage?');
    expect(mailsTo(mailbox, 'dave@example.com')[0]?.body.text).toContain('Sold. Its page shows similar carts for a while.');
    expect(mailsTo(mailbox, 'carol@example.com')[0]?.body.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await recordOf('carol@example.com')).toBeNull();
    expect(await recordOf('dave@example.com')).toBeNull();
    expect((await recordOf('bob@example.com'))?.lastAlertAt).toBe('2025-06-02T15:00:00.000Z');
    expect(await queueEntries(alertBlobs())).toHaveLength(0);
  });

  it('a replayed event, or the same deploy twice at once, sends nothing twice; previews and malformed events publish nothing', async () => {
    const { first, second } = builds();
    await publishDeploy(alertBlobs(), first, event('deploy-1'));
    await subscribeEveryone();
    mailbox.received.length = 0;

    const [a, b] = await Promise.all([publishDeploy(alertBlobs(), second, event('deploy-2')), publishDeploy(alertBlobs(), second, event('deploy-2'))]);
    expect([a, b].some((outcome) => outcome.published && outcome.changes === 4)).toBe(true);
    expect(await publishDeploy(alertBlobs(), second, event('deploy-2'))).toMatchObject({ published: true, changes: 0 });
    expect(await runAlerts(alertBlobs(), priceBands, { limitMs: 3_000 })).toEqual({ queued: 0, matched: 0 });
    expect(summary(alertMails())).toHaveLength(4);
    expect(new Set(alertMails().map((mail) => mail.body.to[0])).size).toBe(4);
    expect((await alertBlobs().list({ prefix: 'changes/' })).blobs).toHaveLength(1);

    expect(await publishDeploy(alertBlobs(), first, event('preview', 'deploy-preview'))).toEqual({
      published: false,
      reason: 'a deploy-preview deploy does not publish the lot',
    });
    expect(await publishDeploy(alertBlobs(), first, { payload: {} })).toMatchObject({ published: false });
    const response = await deploySucceeded(new Request('http://localhost/.netlify/functions/deploy-succeeded', { method: 'POST', body: '{"payload":' }), {
      deploy: { context: 'production', id: 'deploy-3' },
    });
    expect(response.status).toBe(400);
    expect(alertMails()).toHaveLength(4);
  });

  it('an alert e-mail the provider refuses at the deploy is tried again by the job and sent once', async () => {
    const { first, second } = builds();
    await publishDeploy(alertBlobs(), first, event('deploy-1'));
    await follow('bob@example.com', { alert: 'price', unit: DROP });
    mailbox.received.length = 0;
    mailbox.refused = 0;
    mailbox.mode = 'down';
    minutesLater(1);
    expect(await publishDeploy(alertBlobs(), second, event('deploy-2'))).toMatchObject({ changes: 4, matched: 1 });
    expect(mailbox.refused).toBeGreaterThan(0);
    expect(alertMails()).toHaveLength(0);
    expect(await queueEntries(alertBlobs())).toHaveLength(1);

    mailbox.mode = 'ok';
    minutesLater(30);
    expect(await runAlerts(alertBlobs(), priceBands, { limitMs: 3_000 })).toMatchObject({ queued: 1, sent: 1 });
    expect(await runAlerts(alertBlobs(), priceBands, { limitMs: 3_000 })).toEqual({ queued: 0, matched: 0 });
    expect(summary(alertMails())).toEqual(['bob@example.com: Price drop: Evolution D5 Maverick 4 Plus, now $12,995 - Burlington Golf Carts']);
    expect(await queueEntries(alertBlobs())).toHaveLength(0);
  });

  it('at most one alert e-mail a day: a third deploy the same day waits until 24 hours after the last, then goes with both changes', async () => {
    const { first, second } = builds();
    await publishDeploy(alertBlobs(), first, event('deploy-1'));
    await follow('bob@example.com', { alert: 'price', unit: DROP });
    minutesLater(1);
    await publishDeploy(alertBlobs(), second, event('deploy-2'));
    expect(mailsTo(mailbox, 'bob@example.com')).toHaveLength(2);

    minutesLater(120);
    const third = second.map((unit) => (unit.id === DROP ? { ...unit, price: 11995 } : unit));
    expect(await publishDeploy(alertBlobs(), third, event('deploy-3'))).toMatchObject({ changes: 1, matched: 1, sent: undefined });
    expect(mailsTo(mailbox, 'bob@example.com')).toHaveLength(2);
    minutesLater(21 * 60);
    expect(await runAlerts(alertBlobs(), priceBands, { limitMs: 3_000 })).toMatchObject({ queued: 1, waiting: 1 });
    minutesLater(61);
    expect(await runAlerts(alertBlobs(), priceBands, { limitMs: 3_000 })).toMatchObject({ queued: 1, sent: 1 });
    expect(mailsTo(mailbox, 'bob@example.com').at(-1)?.body.subject).toBe('Price drop: Evolution D5 Maverick 4 Plus, now $11,995 - Burlington Golf Carts');
  });

  it('end to end through the event handler and the lot it was bundled with: nothing to an unconfirmed address, nothing after a one-click unsubscribe', async () => {
    const { first } = builds();
    const deploy = (body: unknown) =>
      deploySucceeded(new Request('http://localhost/.netlify/functions/deploy-succeeded', { method: 'POST', body: JSON.stringify(body) }), {
        deploy: { context: 'production', id: 'deploy-2' },
      });
    // The deploy before published the first build; this deploy's own lot has the new unit and the price drop.
    await publishDeploy(alertBlobs(), first, event('deploy-1'));
    await follow('frank@example.com', { alert: 'inventory' }, { confirm: false });
    await follow('uma@example.com', { alert: 'price', unit: DROP });
    await follow('vic@example.com', { alert: 'price', unit: DROP });
    // A confirmation link opened again shows the alert on, with the link to manage it.
    const confirmed = await open(linkIn(mailsTo(mailbox, 'uma@example.com')[0]?.body.text ?? '', '/alerts/confirm?'));
    const manage = /href="(\/alerts\/manage\?[^"]+)"/.exec(await confirmed.text())?.[1]?.replace(/&amp;/g, '&') ?? '';
    expect((await open(manage.replace('/alerts/manage', '/api/alerts/unsubscribe'), 'POST', { 'List-Unsubscribe': 'One-Click' })).status).toBe(200);
    mailbox.received.length = 0;

    const response = await deploy(event('deploy-2'));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ published: true, changes: 2, sent: 1 });
    expect(summary(alertMails())).toEqual(['vic@example.com: Price drop: Evolution D5 Maverick 4 Plus, now $12,995 - Burlington Golf Carts']);
    const unsubscribe = (mailsTo(mailbox, 'vic@example.com')[0]?.body.headers?.['List-Unsubscribe'] ?? '').slice(1, -1);
    expect((await open(unsubscribe, 'POST', { 'List-Unsubscribe': 'One-Click' })).status).toBe(200);
    expect(await recordOf('vic@example.com')).toBeNull();

    minutesLater(2 * 24 * 60);
    await publishDeploy(alertBlobs(), first, event('deploy-3'));
    await publishDeploy(
      alertBlobs(),
      bundledLot().map((unit) => (unit.id === DROP ? { ...unit, price: 10995 } : unit)),
      event('deploy-4'),
    );
    expect(alertMails()).toHaveLength(1);
    expect(mailsTo(mailbox, 'frank@example.com')).toHaveLength(0);
  });
});

const minutesLater = (minutes: number) => vi.setSystemTime(new Date(Date.now() + minutes * 60_000));
