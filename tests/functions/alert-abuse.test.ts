import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmationCap } from '../../functions/lib/alerts/confirmation-share.ts';
import { runAlerts } from '../../functions/lib/alerts/sending.ts';
import { queueEntries } from '../../functions/lib/alerts/blobs.ts';
import { MAX_CONFIRMATIONS_PER_DAY } from '../../functions/lib/alerts/subscriptions.ts';
import { mailboxKey } from '../../functions/lib/mail/addresses.ts';
import { sentTotals } from '../../functions/lib/mail/log.ts';
import { priceBands } from '../../src/lib/data/vehicles.ts';
import { alertBlobs, configureAlerts, mailLog, subscriber } from './alerts-harness.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { Client } from './contact-harness.ts';

/**
 * What a stranger can make the alert form send: one inbox is one subscriber whatever +tag or
 * Gmail dots it is typed with, and confirmations have a share of the day of their own, so they
 * cannot hold back the alerts of confirmed subscribers.
 */
const { mailbox } = functionSandbox({ mailbox: true, empty: 'each' });
let client: Client;
let n = 0;

beforeEach(async () => {
  configureAlerts(mailbox, { daily: 10 });
  client = subscriber();
  // The clocks the code reads stand still unless the test moves them: the date, and the one its
  // run deadlines and the provider's pace are measured on, which a busy machine cannot run out.
  vi.useFakeTimers({ toFake: ['Date', 'performance'] });
  vi.setSystemTime(new Date('2025-06-02T14:00:00Z'));
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

afterEach(async () => {
  await client.settle();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Each request from a connection of its own: the per-connection limit is not what is tested. */
const ask = async (email: string, fields: Record<string, string> = { alert: 'inventory' }) => {
  const response = await client.form({ email, ...fields }, { ip: `198.51.100.${++n % 250}`, headers: { referer: 'http://localhost/vehicles/x' } });
  expect(response.status).toBe(303);
  await client.settle();
};
const confirmations = () => mailbox.received.filter((mail) => /confirm/i.test(mail.body.subject ?? ''));

describe('one inbox is one subscriber', { timeout: 30_000 }, () => {
  it.each([
    ['Jane@Example.com', 'jane@example.com'],
    [' jane+alerts@example.com ', 'jane@example.com'],
    ['jane+1+2@example.com', 'jane@example.com'],
    ['J.a.n.e+x@GoogleMail.com', 'jane@gmail.com'],
    ['jane.doe@gmail.com', 'janedoe@gmail.com'],
    ['jane.doe@example.com', 'jane.doe@example.com'],
    ['+only@example.com', '+only@example.com'],
  ])('%s counts as %s', (typed, key) => {
    expect(mailboxKey(typed)).toBe(key);
  });

  it(`ten +tags of one address asking for alerts: at most ${MAX_CONFIRMATIONS_PER_DAY} confirmations, to the address as first typed`, async () => {
    for (let i = 1; i <= 10; i++) await ask(`name+${i}@example.com`, i % 2 ? { alert: 'inventory' } : { alert: 'inventory', brand: 'denago' });
    const sent = confirmations();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThanOrEqual(MAX_CONFIRMATIONS_PER_DAY);
    expect(new Set(sent.flatMap((mail) => mail.body.to))).toEqual(new Set(['name+1@example.com']));
  });

  it('Gmail dots and googlemail.com are one inbox too', async () => {
    await ask('jane.doe@gmail.com');
    await ask('JaneDoe+x@googlemail.com');
    expect(confirmations()).toHaveLength(1);
  });
});

describe('confirmations have their own share of the day', { timeout: 30_000 }, () => {
  it(`with a daily alert quota of 10, ${confirmationCap(10)} confirmations go today; the rest wait and the quota stays for alerts`, async () => {
    for (let i = 0; i < 6; i++) await ask(`person${i}@example.com`);
    expect(confirmations()).toHaveLength(confirmationCap(10));
    expect(await runAlerts(alertBlobs(), priceBands, { limitMs: 20_000 })).toMatchObject({ queued: 4, held: 4 });
    expect((await sentTotals(mailLog())).today).toBe(confirmationCap(10));

    vi.setSystemTime(new Date('2025-06-03T00:05:00Z'));
    expect(await runAlerts(alertBlobs(), priceBands, { limitMs: 20_000 })).toMatchObject({ queued: 4, sent: 2, held: 2 });
    expect(await queueEntries(alertBlobs())).toHaveLength(2);
  });
});
