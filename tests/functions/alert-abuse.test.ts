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

/** The most requests that reached the provider within any one second. */
function mostInOneSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while ((sorted[i] ?? 0) - (sorted[j] ?? 0) >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

/** Function instances of /api/alerts, each with its modules evaluated afresh (Netlify runs instances side by side). */
async function instances(count: number): Promise<Client[]> {
  const clients: Client[] = [];
  // One after another: imports in flight together would share one fresh copy.
  for (let i = 0; i < count; i++) {
    vi.resetModules();
    clients.push(new Client((await import('../../functions/alerts.ts')).default, '/api/alerts'));
  }
  return clients;
}

describe('confirmation requests arriving at once, each from a connection of its own', () => {
  it.each([40, 80])(
    `%i requests for different inboxes, spread over 40 function instances: no more than the confirmations' share reaches the provider, at its pace, and the rest wait in the queue`,
    { timeout: 180_000 },
    async (count) => {
      configureAlerts(mailbox);
      process.env.RESEND_RATE_PER_SECOND = '5';
      mailbox.requests.length = 0;
      mailbox.limitPerSecond = 5;
      mailbox.overLimit = 0;
      // The date runs from a set day (the share is the day's), a millisecond at a time: every
      // function instance reads its pace off that one clock, as instances read the wall clock. A
      // date standing still would leave each instance's pace on a running clock of its own,
      // started when that instance first looked.
      vi.useRealTimers();
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, advanceTimeDelta: 1 });
      vi.setSystemTime(new Date('2025-06-02T14:00:00Z'));
      try {
        const clients = await instances(40);
        const answers = await Promise.all(
          Array.from({ length: count }, (_, i) =>
            clients[i % clients.length]!.form(
              { email: `racer${i}@example.com`, alert: 'inventory' },
              { ip: `203.0.113.${i + 1}`, headers: { referer: 'http://localhost/vehicles/x' } },
            ),
          ),
        );
        await Promise.all(clients.map((one) => one.settle()));
        const share = confirmationCap(60);
        const times = mailbox.requests.map((request) => request.at);
        const span = times.length > 1 ? Math.max(...times) - Math.min(...times) : 0;
        console.log(
          `${count} confirmation requests at once → ${times.length} reached the provider within ${Math.round(span)} ms (share ${share}), at most ${mostInOneSecond(times)} in one second, ${mailbox.overLimit} answered 429`,
        );
        // Every visitor gets the usual answer.
        expect(answers.map((answer) => answer.status)).toEqual(Array(count).fill(303));
        expect(times.length).toBeLessThanOrEqual(share);
        expect(mostInOneSecond(times)).toBeLessThanOrEqual(5);
        expect(mailbox.overLimit).toBe(0);
        // Nothing is lost: what the pace left in time goes with the scheduled job, and what the
        // share left waits in the queue for the next day.
        const { runAlerts: run } = await import('../../functions/lib/alerts/sending.ts');
        for (let runs = 0; runs < 10; runs++) {
          const summary = await run(alertBlobs(), priceBands, { limitMs: 20_000 });
          if (!summary.deferred && !summary.busy) break;
        }
        expect(confirmations()).toHaveLength(share);
        expect(mailbox.requests).toHaveLength(share);
        expect(await queueEntries(alertBlobs())).toHaveLength(count - share);
      } finally {
        mailbox.limitPerSecond = undefined;
      }
    },
  );
});
