import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config as subscribeConfig } from '../../functions/alerts.ts';
import { config as linksConfig } from '../../functions/alert-links.ts';
import health from '../../functions/health.ts';
import { runAlerts } from '../../functions/lib/alerts/sending.ts';
import { queueEntries } from '../../functions/lib/alerts/blobs.ts';
import pruneAlertsJob, { config as pruneConfig } from '../../functions/prune-alerts.ts';
import { config as sendConfig } from '../../functions/send-alerts.ts';
import { priceBands } from '../../src/lib/data/vehicles.ts';
import { alertBlobs, configureAlerts, formAction, linkIn, mailLog, mailsTo, open, recordOf, subscribe, subscriber } from './alerts-harness.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { Client, healthCheck, VALID } from './contact-harness.ts';
import { scheduledInvocation } from '../../functions/lib/http/guards.ts';

/**
 * Asking for an alert, its confirmation, the pages its links open, and what a subscriber can end,
 * through the real handlers, the local Blobs sandbox and the recording mailbox (docs/product.md §Alerts).
 */

const { blobs, mailbox } = functionSandbox({ mailbox: true, empty: 'each' });
let client: Client;

const PRICE_UNIT = 'evo-d5-maverick-4-plus-sky-blue';
const HELD_UNIT = 'denago-ev-rover-xl-2025';
const price = { alert: 'price', unit: PRICE_UNIT };

beforeEach(async () => {
  configureAlerts(mailbox);
  client = subscriber();
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
const run = () => runAlerts(alertBlobs(), priceBands, { limitMs: 5_000 });

async function subscribed(email: string, fields: Record<string, string> = price, page?: string): Promise<string> {
  const response = await subscribe(client, { email, ...fields }, page);
  expect(response.status).toBe(303);
  await client.settle();
  const [mail] = mailsTo(mailbox, email).slice(-1);
  return linkIn(mail?.body.text ?? '', '/alerts/confirm?');
}

describe('asking for an alert', () => {
  it('stores the request, answers 303 to the check-your-inbox page, and e-mails one confirmation with a signed link; the GET changes nothing, the button turns it on', async () => {
    const response = await subscribe(client, { email: 'Ann.Lee@example.com', ...price });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/alerts/check-your-inbox');
    expect(response.headers.get('cache-control')).toBe('no-store');
    await client.settle();

    const [mail] = mailbox.received;
    expect(mailbox.received).toHaveLength(1);
    expect(mail?.body).toMatchObject({
      to: ['Ann.Lee@example.com'],
      subject: 'Confirm your alert from Burlington Golf Carts',
      from: 'Dealer Website <leads@dealer.test>',
    });
    expect(mail?.body.text).toContain('Price drops: Evolution D5 Maverick 4 Plus (stock #BGC-');
    expect(mail?.body.text).toContain('The link works for 7 days. Until you confirm, we send you nothing else.');
    expect(mail?.headers['idempotency-key']).toMatch(/^alert-confirm-[0-9a-f]{40}-[0-9a-f]+-\d{15}$/);
    const link = linkIn(mail?.body.text ?? '', '/alerts/confirm?');
    expect(link).toMatch(/^https:\/\/www\.example\.com\/alerts\/confirm\?s=[0-9a-f]{40}&a=[0-9a-f]+&t=[\w-]{32}$/);
    expect(mail?.body.html).toContain('Confirm my alert');

    const page = await open(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(page.headers.get('content-security-policy')).toMatch(/style-src 'sha256-[^']+'/);
    const html = await page.text();
    expect(html).toContain('<h1>Confirm your alert</h1>');
    expect((await recordOf('ann.lee@example.com'))?.alerts[0]?.confirmedAt).toBeUndefined();

    const on = await open(formAction(html), 'POST');
    expect(on.status).toBe(200);
    expect(await on.text()).toContain('<h1>Your alert is on</h1>');
    const record = await recordOf('ann.lee@example.com');
    expect(record?.alerts).toEqual([expect.objectContaining({ alert: { kind: 'price', unit: PRICE_UNIT }, confirmedAt: '2025-06-02T14:00:00.000Z' })]);

    // A reused link finds the alert on: the same page, nothing sent, nothing stored twice.
    expect(await (await open(formAction(html), 'POST')).text()).toContain('<h1>Your alert is on</h1>');
    expect(mailbox.received).toHaveLength(1);
    expect((await recordOf('ann.lee@example.com'))?.alerts).toHaveLength(1);
  });

  it('answers the same whether or not the address has alerts, and e-mails only what is new (nothing for an alert already on or asked for today)', async () => {
    const first = await subscribe(client, { email: 'bo@example.com', ...price });
    await client.settle();
    await open(formAction(await (await open(linkIn(mailbox.received[0]?.body.text ?? '', '/alerts/confirm?'))).text()), 'POST');
    const answers = [
      first,
      await subscribe(client, { email: 'bo@example.com', ...price }),
      await subscribe(client, { email: 'BO@example.com', ...price }),
      await subscribe(client, { email: 'new@example.com', ...price }),
    ];
    await client.settle();
    const shape = async (response: Response) => ({ status: response.status, location: response.headers.get('location'), body: await response.text() });
    const shapes = await Promise.all(answers.map(shape));
    for (const answer of shapes) expect(answer).toEqual(shapes[0]);
    expect(mailbox.received.map((mail) => mail.body.to[0])).toEqual(['bo@example.com', 'new@example.com']);
    const json = await client.post({ email: 'bo@example.com', ...price });
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ ok: true });
  });

  it('sends one address at most 3 confirmations a day, and keeps at most one request per alert a day', async () => {
    for (const unit of ['evo-d5-maverick-6-black', 'evo-turfman-1000-green', 'evo-d5-ranger-6-plus-white', 'evo-forester-4-plus-camo']) {
      await subscribe(client, { email: 'many@example.com', alert: 'price', unit });
    }
    await subscribe(client, { email: 'many@example.com', alert: 'price', unit: 'evo-d5-maverick-6-black' });
    await client.settle();
    expect(mailsTo(mailbox, 'many@example.com')).toHaveLength(3);
    expect((await recordOf('many@example.com'))?.alerts).toHaveLength(3);
  });

  it('takes the inventory form’s filters from the address of the list it was sent from', async () => {
    await subscribed(
      'filters@example.com',
      { alert: 'inventory' },
      '/new-inventory?brand=Denago&price=under-15000&street=legal&search=lifted&sort=price-asc&utm_source=x',
    );
    expect((await recordOf('filters@example.com'))?.alerts[0]?.alert).toEqual({
      kind: 'arrivals',
      filters: { search: 'lifted', brand: 'denago', category: 'all', price: 'under-15000', street: 'legal' },
    });
    // The e-mail names the filters from our data, never the visitor's own words.
    const [mail] = mailsTo(mailbox, 'filters@example.com');
    expect(mail?.body.text).toContain('New carts: Denago, under $15,000, street legal, matching your search words');
    expect(mail?.body.text).not.toContain('lifted');
    // A model page, and a sold unit's "one like it": the model.
    await subscribed('model@example.com', { alert: 'model', model: 'evolution-turfman-1000' });
    await subscribed('model@example.com', { alert: 'like', unit: 'evo-d5-maverick-4-white' });
    expect((await recordOf('model@example.com'))?.alerts.map((alert) => alert.title)).toEqual([
      'New arrivals: Evolution Turfman 1000',
      'New arrivals: Evolution D5 Maverick 4',
    ]);
  });

  it('refuses a bad address or an alert we do not offer with 400 and a page that says why, and keeps nothing', async () => {
    const bad = await subscribe(client, { email: 'not-an-address', ...price });
    expect(bad.status).toBe(400);
    const page = await bad.text();
    expect(page).toContain('Invalid email address');
    expect(page).toContain('aria-invalid="true"');
    expect(page).toContain(`<input type="hidden" name="unit" value="${PRICE_UNIT}">`);
    expect((await subscribe(client, { email: 'a@example.com', alert: 'price', unit: HELD_UNIT })).status).toBe(400);
    expect((await subscribe(client, { email: 'a@example.com', alert: 'free', unit: PRICE_UNIT })).status).toBe(400);
    expect((await subscribe(client, { email: 'a@example.com', alert: 'price', unit: 'no-such-cart' })).status).toBe(400);
    expect((await subscribe(client, { email: 'a@example.com', alert: 'everything' })).status).toBe(400);
    const json = await client.post({ email: 'a@example.com', alert: 'model', model: 'nope' });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ error: 'We have no such model' });
    expect((await client.post('{', {})).status).toBe(400);
    expect((await client.post({}, { method: 'GET' })).status).toBe(405);
    expect((await alertBlobs().list({ prefix: 'subscribers/' })).blobs).toHaveLength(0);
  });

  it('gives a bot (the hidden field filled) the usual answer and keeps nothing; more than 8 requests in 10 minutes get 429', async () => {
    const bot = await subscribe(client, { email: 'bot@example.com', ...price, website: 'http://spam.example' });
    expect(bot.status).toBe(303);
    await client.settle();
    expect(mailbox.received).toHaveLength(0);
    expect(await recordOf('bot@example.com')).toBeNull();
    for (let i = 0; i < 8; i++) expect((await client.form({ email: `r${i}@example.com`, ...price }, { ip: '198.51.100.7' })).status).toBe(303);
    const limited = await client.form({ email: 'r9@example.com', ...price }, { ip: '198.51.100.7' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited.text()).toContain('Too many requests from your connection');
  });

  it('is routed at /api/alerts; the links at /alerts/confirm, /alerts/manage and /api/alerts/unsubscribe; the jobs every 5 minutes and daily', () => {
    expect(subscribeConfig.path).toBe('/api/alerts');
    expect(linksConfig.path).toEqual(['/alerts/confirm', '/alerts/manage', '/api/alerts/unsubscribe']);
    expect(sendConfig.schedule).toBe('*/5 * * * *');
    expect(pruneConfig.schedule).toBe('40 3 * * *');
  });
});

describe('links that do not hold', () => {
  it('a forged, altered or unknown link gets the same 404 page as an expired one, and turns nothing on', async () => {
    const link = new URL(await subscribed('eve@example.com'));
    const variants = [
      new URL(link),
      new URL(link),
      new URL(link),
      new URL('https://www.example.com/alerts/manage'),
      new URL('https://www.example.com/api/alerts/unsubscribe?s=0000000000000000000000000000000000000000&t=x'),
    ];
    variants[0]!.searchParams.set('t', 'A'.repeat(32));
    variants[1]!.searchParams.set('a', 'ffffff');
    variants[2]!.searchParams.set('s', '1'.repeat(40));
    variants.push(new URL(link.href.replace('/alerts/confirm', '/alerts/manage')));
    const bodies = new Set<string>();
    for (const url of variants) {
      for (const method of ['GET', 'POST'] as const) {
        if (method === 'POST' && url.pathname === '/api/alerts/unsubscribe') continue;
        const response = await open(url.href, method);
        expect(response.status, `${method} ${url}`).toBe(404);
        bodies.add(await response.text());
      }
    }
    minutesLater(7 * 24 * 60 + 1);
    const expired = await open(link.href);
    expect(expired.status).toBe(404);
    bodies.add(await expired.text());
    expect((await open(link.href, 'POST')).status).toBe(404);
    expect(bodies.size).toBe(1);
    expect((await recordOf('eve@example.com'))?.alerts[0]?.confirmedAt).toBeUndefined();
  });

  it('an unconfirmed request is deleted by the daily job after 7 days; a confirmed alert ends after 12 months', async () => {
    await subscribed('late@example.com');
    const link = await subscribed('kept@example.com');
    await open(formAction(await (await open(link)).text()), 'POST');
    minutesLater(6 * 24 * 60);
    await pruneAlertsJob(scheduledInvocation());
    expect(await recordOf('late@example.com')).not.toBeNull();
    minutesLater(24 * 60 + 1);
    const response = await pruneAlertsJob(scheduledInvocation());
    expect(await response.json()).toMatchObject({ deleted: { requests: 1, subscribers: 1 } });
    expect(await recordOf('late@example.com')).toBeNull();
    expect(await queueEntries(alertBlobs())).toHaveLength(0);
    expect(await recordOf('kept@example.com')).not.toBeNull();
    vi.setSystemTime(new Date('2026-06-02T14:00:01Z'));
    expect(await (await pruneAlertsJob(scheduledInvocation())).json()).toMatchObject({ deleted: { alerts: 1, subscribers: 1 } });
    expect(await recordOf('kept@example.com')).toBeNull();
  });
});

describe('seeing and ending alerts', () => {
  async function twoAlerts(email: string): Promise<string> {
    for (const fields of [price, { alert: 'free', unit: HELD_UNIT }]) {
      const link = await subscribed(email, fields);
      await open(formAction(await (await open(link)).text()), 'POST');
    }
    const on = await open(formAction(await (await open(await subscribed(email, { alert: 'model', model: 'denago-ev-city' }))).text()), 'POST');
    const manage = /href="(\/alerts\/manage\?[^"]+)"/.exec(await on.text())?.[1]?.replace(/&amp;/g, '&');
    if (!manage) throw new Error('no manage link on the confirmed page');
    return manage;
  }

  it('the manage page lists the alerts, ends one, then all; the address is then deleted', async () => {
    const manage = await twoAlerts('sam@example.com');
    const page = await (await open(manage)).text();
    expect(page).toContain('E-mails go to sam@example.com, at most once a day.');
    expect(page.match(/End this alert/g)).toHaveLength(3);
    expect(page).toContain('When it comes free: Denago EV Rover XL (stock #BGC-');
    const [first] = (await recordOf('sam@example.com'))?.alerts ?? [];
    const ended = await open(manage, 'POST', { end: first?.id ?? '' });
    expect(await ended.text()).toContain('That alert has ended.');
    expect((await recordOf('sam@example.com'))?.alerts).toHaveLength(2);
    const all = await open(manage, 'POST', { end: 'all' });
    expect(await all.text()).toContain('<h1>Your alerts have ended</h1>');
    expect(await recordOf('sam@example.com')).toBeNull();
    expect((await open(manage)).status).toBe(404);
  });

  it('one-click unsubscribe: the POST a mail program sends ends every alert; a GET only asks', async () => {
    const manage = await twoAlerts('uma@example.com');
    const unsubscribe = manage.replace('/alerts/manage', '/api/alerts/unsubscribe');
    const ask = await open(unsubscribe);
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain('Unsubscribe from every alert?');
    expect((await recordOf('uma@example.com'))?.alerts).toHaveLength(3);
    const response = await open(unsubscribe, 'POST', { 'List-Unsubscribe': 'One-Click' });
    expect(response.status).toBe(200);
    expect(await recordOf('uma@example.com')).toBeNull();
    // The same link again (a second click, a retry of the mail program): the same answer.
    expect((await open(unsubscribe, 'POST', { 'List-Unsubscribe': 'One-Click' })).status).toBe(200);
  });

  it('a confirmation link used again after unsubscribing turns nothing back on, nor after the address asks again', async () => {
    const link = await subscribed('vi@example.com');
    const button = formAction(await (await open(link)).text());
    await open(button, 'POST');
    const manage = /href="(\/alerts\/manage\?[^"]+)"/.exec(await (await open(link)).text())?.[1]?.replace(/&amp;/g, '&') ?? '';
    expect((await open(manage, 'POST', { end: 'all' })).status).toBe(200);
    for (const method of ['GET', 'POST'] as const) expect((await open(button, method)).status).toBe(404);
    expect(await recordOf('vi@example.com')).toBeNull();

    // Asking again makes a new request, signed anew: the old links name nothing.
    minutesLater(24 * 60);
    const fresh = await subscribed('vi@example.com');
    expect(fresh).not.toBe(link);
    for (const old of [button, manage]) expect((await open(old, 'POST', { end: 'all' })).status).toBe(404);
    expect((await recordOf('vi@example.com'))?.alerts).toEqual([expect.not.objectContaining({ confirmedAt: expect.anything() })]);
  });
});

describe('a rate-limited provider, the quota and /api/health', () => {
  it('a confirmation refused with 429 waits for its Retry-After, then the job sends it once', async () => {
    mailbox.mode = 'rate-limited';
    mailbox.retryAfterSeconds = 120;
    await subscribe(client, { email: 'wait@example.com', ...price });
    await client.settle();
    expect(mailbox.refused).toBeGreaterThan(0);
    const [entry] = await queueEntries(alertBlobs());
    expect(await alertBlobs().get(entry?.key ?? '', { type: 'json' })).toMatchObject({ attempts: 1, nextAttemptAt: '2025-06-02T14:02:00.000Z' });
    mailbox.mode = 'ok';
    minutesLater(1);
    expect(await run()).toMatchObject({ queued: 1, waiting: 1 });
    minutesLater(1.5);
    expect(await run()).toMatchObject({ queued: 1, sent: 1 });
    expect(mailsTo(mailbox, 'wait@example.com')).toHaveLength(1);
    expect(await run()).toEqual({ queued: 0, matched: 0 });
  });

  it('counts every e-mail the site sends; alert mail past the daily quota waits for the next day, oldest first, past the monthly quota for the next month, and /api/health says so', async () => {
    configureAlerts(mailbox, { daily: 3 });
    process.env.ADF_TO = 'crm@dealer.test';
    // A lead: the dealer's message (two recipients) and the CRM copy count 3 against the day.
    const leads = new Client();
    expect((await leads.post(VALID)).status).toBe(200);
    await leads.settle();
    expect((await mailLog().list({ prefix: 'sent/2025-06-02/' })).blobs.map((blob) => blob.key.split('/').pop()?.split('-')[1]).sort()).toEqual(['1', '2']);
    await subscribe(client, { email: 'first@example.com', ...price });
    minutesLater(1);
    await subscribe(client, { email: 'second@example.com', ...price });
    await client.settle();
    expect(mailsTo(mailbox, 'first@example.com')).toHaveLength(0);
    const body = (await (await health(healthCheck())).json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      ok: true,
      alerts: { pending: 2, oldestPendingMinutes: 1, sentToday: 3, dailyQuota: 3, held: true, heldUntil: '2025-06-03T00:00:00.000Z' },
    });
    expect(JSON.stringify(body)).not.toContain('example.com');
    expect(await run()).toMatchObject({ queued: 2, held: 2, heldUntil: '2025-06-03T00:00:00.000Z' });

    vi.setSystemTime(new Date('2025-06-03T00:05:00Z'));
    configureAlerts(mailbox, { daily: 1 });
    expect(await run()).toMatchObject({ queued: 2, sent: 1, held: 1 });
    expect(mailsTo(mailbox, 'first@example.com')).toHaveLength(1);
    expect(mailsTo(mailbox, 'second@example.com')).toHaveLength(0);
    expect((await (await health(healthCheck())).json()) as Record<string, unknown>).toMatchObject({
      alerts: { pending: 1, held: true },
    });

    // The month's quota: the lead's 3 and the first confirmation fill it; the rest waits for the next month.
    vi.setSystemTime(new Date('2025-06-03T10:00:00Z'));
    configureAlerts(mailbox, { monthly: 4 });
    expect(await run()).toMatchObject({ queued: 1, held: 1, heldUntil: '2025-07-01T00:00:00.000Z' });
    expect((await (await health(healthCheck())).json()) as Record<string, unknown>).toMatchObject({
      alerts: { pending: 1, sentToday: 1, sentThisMonth: 4, monthlyQuota: 4, held: true, heldUntil: '2025-07-01T00:00:00.000Z' },
    });
    // By then the request's 7 days are over: its confirmation is dropped, never sent late.
    vi.setSystemTime(new Date('2025-07-01T00:05:00Z'));
    expect(await run()).toMatchObject({ queued: 1, dropped: 1 });
    expect(mailsTo(mailbox, 'second@example.com')).toHaveLength(0);
    expect(await queueEntries(alertBlobs())).toHaveLength(0);
  });
});

describe('npm run alerts (against a local sandbox)', () => {
  it(
    'lists each alert with how many addresses have it on or waiting, exports one row per address and alert, deletes that very address on request',
    { timeout: 60_000 },
    async () => {
      const root = join(import.meta.dirname, '..', '..');
      const cli = async (...args: string[]) =>
        (
          await promisify(execFile)(
            join(root, 'node_modules', '.bin', 'node'),
            ['--import', './scripts/json-imports.ts', 'scripts/alerts.ts', ...args, '--sandbox', blobs.directory],
            {
              cwd: root,
              env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
            },
          )
        ).stdout;
      const link = await subscribed('ann@example.com');
      await open(formAction(await (await open(link)).text()), 'POST');
      // No e-mail key from here: the next confirmations wait in the queue.
      configureAlerts(null);
      for (const fields of [price, { alert: 'model', model: 'denago-ev-city' }])
        expect((await subscribe(client, { email: 'two@example.com', ...fields })).status).toBe(303);
      await client.settle();

      const list = await cli();
      expect(list).toContain(`2 addresses in the local sandbox ${blobs.directory}: 1 alert on, 2 waiting for confirmation`);
      // (The command counts by its own clock, not the test's.)
      expect(list).toMatch(/\n2 alert e-mails queued; the site sent \d+ e-mails today and \d+ this month \(alerts stop at 60 a day and 2000 a month\)\n/);
      expect(list).toMatch(/Price drops: Evolution D5 Maverick 4 Plus \(stock #BGC-\d+\)\s+1\s+1\n/);
      expect(list).toMatch(/New arrivals: Denago EV City\s+0\s+1\n/);
      const rows = parse(await cli('export'), { columns: true }) as Record<string, string>[];
      expect(rows.map((row) => [row.email, row.status])).toEqual([
        ['ann@example.com', 'on'],
        ['two@example.com', 'waiting for confirmation'],
        ['two@example.com', 'waiting for confirmation'],
      ]);
      // Another form of the address may be someone else (docs/product.md §Privacy): it deletes nothing.
      expect(await cli('delete', '--email', 'two+other@example.com')).toContain('Found no alerts of two+other@example.com in the local sandbox');
      expect(await recordOf('two@example.com')).not.toBeNull();
      expect(await cli('delete', '--email', 'TWO@example.com')).toContain('Deleted TWO@example.com and its alerts from the local sandbox');
      expect(await recordOf('two@example.com')).toBeNull();
      expect(await queueEntries(alertBlobs())).toHaveLength(0);
      expect(await recordOf('ann@example.com')).not.toBeNull();
    },
  );
});
