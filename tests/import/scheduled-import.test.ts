import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { leadsEnv } from '../../src/lib/settings/mail.ts';
import { importRunsBlobs, recentRuns } from '../../functions/lib/import/runs.ts';
import { SETTINGS_PATH } from '../../functions/lib/import/head-settings.ts';
import { scheduledImport } from '../../functions/lib/import/scheduled.ts';
import { dueSlot } from '../../src/lib/import/schedule.ts';
import { GitHubStandIn } from '../support/github.ts';
import { listen, type Loopback } from '../support/loopback.ts';
import { MAIL_ENV } from '../support/mailbox.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { csvOf, HEADER, lotFiles, lotRows, mappingWith, settingsText } from './lot-feed.ts';

/** 11:00 in New Jersey on a November day: one of the default import times is 12:00, so 17:00 UTC is. */
const AT_NOON = new Date('2026-11-26T17:00:00Z');

const { mailbox } = functionSandbox({ mailbox: true, empty: 'each' });
let github: GitHubStandIn;
let sheet: { url: string; body: string; status: number; server: Loopback; onRequest?: () => void };

beforeEach(async () => {
  const server = await listen((_request, response) => {
    sheet.onRequest?.();
    response.writeHead(sheet.status, { 'Content-Type': 'text/csv' }).end(sheet.body);
  });
  sheet = { url: `${server.url}/lot.csv`, body: '', status: 200, server };
  github = await new GitHubStandIn('dealer/site', {
    ...Object.fromEntries(Object.entries(lotFiles()).map(([id, unit]) => [`data/units/${id}.json`, `${JSON.stringify(unit, null, 2)}\n`])),
    [SETTINGS_PATH]: settingsText({ enabled: true, url: sheet.url }),
  }).start();
});
afterEach(async () => {
  await sheet.server.close();
  await github.stop();
});

const env = () => ({ ...MAIL_ENV, RESEND_BASE_URL: mailbox.url, GITHUB_TOKEN: github.token, GITHUB_REPOSITORY: 'dealer/site', GITHUB_API_URL: github.url });

async function wake(now = AT_NOON, environment: Record<string, string | undefined> = env()) {
  const mail = leadsEnv(environment);
  return scheduledImport({
    mapping: mappingWith({ enabled: true, url: sheet.url }),
    store: importRunsBlobs(),
    now,
    env: environment,
    mail: mail.ok ? mail.mail : null,
    siteName: 'Burlington Golf Carts',
  });
}

describe('the scheduled import', () => {
  it("runs only at the dealer's times, in their time zone, and only when it is on", () => {
    const on = mappingWith({ enabled: true, url: 'https://sheet.example/lot.csv' });
    expect(dueSlot(on, AT_NOON)).toBe('2026-11-26T12');
    expect(dueSlot(on, new Date('2026-11-26T12:00:00Z'))).toBeUndefined();
    expect(dueSlot(on, new Date('2026-07-01T16:00:00Z'))).toBe('2026-07-01T12');
    expect(dueSlot(mappingWith({ url: 'https://sheet.example/lot.csv' }), AT_NOON)).toBeUndefined();
  });

  it('commits the changes once per time slot and e-mails the dealer once about the rows it rejected', async () => {
    const rows = lotRows().map((cells) => (cells[0] === 'BGC-25088U' ? [...cells.slice(0, 7), '$13,000.00', ''] : cells));
    sheet.body = csvOf([HEADER, ...rows, ['N-9', '', 'S-9', 'soon', 'Denago', 'Hovercraft', 'Red', '$1,000', '']]);
    const result = await wake();
    expect(result).toMatchObject({ status: 'ran', run: { outcome: 'imported', counts: { changed: 1, rejected: 1 } } });
    expect(github.log()[0]).toContain('[skip netlify]');
    expect(JSON.parse(github.files()['data/units/denago-ev-rover-xl-2025.json']!).price).toBe(13000);
    expect(mailbox.received).toHaveLength(1);
    expect(mailbox.received[0]!.body.to).toEqual(['sales@dealer.test', 'owner@dealer.test']);
    expect(mailbox.received[0]!.body.subject).toBe('Burlington Golf Carts: the lot import left out 1 row');
    expect(mailbox.received[0]!.body.text).toContain('row 18, Year: "soon" is not a year');

    expect(await wake(new Date(AT_NOON.getTime() + 20 * 60_000))).toEqual({ status: 'skipped', reason: 'the 2026-11-26T12:00 import has already run' });
    expect(github.log()).toHaveLength(2);
    expect(mailbox.received).toHaveLength(1);
    const [run] = await recentRuns(importRunsBlobs());
    expect(run!.mailedAt).toBeDefined();
  });

  it('holds back a much smaller lot, commits nothing and tells the dealer what would have happened', async () => {
    sheet.body = csvOf([HEADER, ...lotRows().slice(0, 8)]);
    const result = await wake();
    expect(result).toMatchObject({ status: 'ran', run: { outcome: 'held-back' } });
    expect(github.log()).toHaveLength(1);
    expect(mailbox.received).toHaveLength(1);
    expect(mailbox.received[0]!.body.subject).toBe('Burlington Golf Carts: the lot import was held back, nothing changed');
    expect(mailbox.received[0]!.body.text).toContain('Held back: the feed leaves out 8 of the 16 units listed now');
    expect(mailbox.received[0]!.body.text).toMatch(/missing from the feed: (evo-[a-z0-9-]+, ){7}evo-[a-z0-9-]+\n/);
  });

  it('fails without changing anything when the spreadsheet address answers an error, and tells the dealer', async () => {
    sheet.status = 500;
    const result = await wake();
    expect(result).toMatchObject({ status: 'ran', run: { outcome: 'failed', reason: 'the spreadsheet address answered 500' } });
    expect(github.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    expect(mailbox.received.map((mail) => mail.body.subject)).toEqual(['Burlington Golf Carts: the lot import failed, nothing changed']);
  });

  it('sends the e-mail of a run at the next run when the mail provider was down', async () => {
    sheet.status = 500;
    mailbox.mode = 'down';
    await wake();
    expect(mailbox.received).toEqual([]);
    mailbox.mode = 'ok';
    sheet.status = 200;
    sheet.body = csvOf([HEADER, ...lotRows()]);
    expect(await wake(new Date('2026-11-26T23:00:00Z'))).toMatchObject({ status: 'ran', run: { outcome: 'imported', counts: { rejected: 0 } } });
    expect(mailbox.received.map((mail) => mail.body.subject)).toEqual(['Burlington Golf Carts: the lot import failed, nothing changed']);
    await wake(new Date('2026-11-27T11:00:00Z'));
    expect(mailbox.received).toHaveLength(1);
  });

  it('records a failed run and tells the dealer when GitHub is not set up', async () => {
    sheet.body = csvOf([HEADER, ...lotRows()]);
    const result = await wake(AT_NOON, { ...env(), GITHUB_TOKEN: '' });
    expect(result).toMatchObject({
      status: 'ran',
      run: { outcome: 'failed', reason: 'the import is not set up: GITHUB_TOKEN is required for the scheduled import' },
    });
    expect(mailbox.received).toHaveLength(1);
  });

  describe("reads the import settings at the repository's head, not the deployed ones", () => {
    const saveSettings = (changes: Record<string, unknown>) =>
      github.commitAs('Update Import from the dealer’s system', { [SETTINGS_PATH]: settingsText({ enabled: true, url: sheet.url, ...changes }) });

    it('imports with a column name the dealer added in the admin after the deploy', async () => {
      saveSettings({ columns: { ...mappingWith().columns, price: ['Asking'] } });
      const rows = lotRows().map((cells) => (cells[0] === 'BGC-25088U' ? [...cells.slice(0, 7), '$13,000.00', cells[8]!] : cells));
      sheet.body = csvOf([HEADER.map((header) => (header === 'Price' ? 'Asking' : header)), ...rows]);
      expect(await wake()).toMatchObject({ status: 'ran', run: { outcome: 'imported', counts: { changed: 1, rejected: 0 } } });
      expect(JSON.parse(github.files()['data/units/denago-ev-rover-xl-2025.json']!).price).toBe(13000);
    });

    it('fails the run, changes nothing and tells the dealer when the settings at the head are not valid', async () => {
      sheet.body = csvOf([HEADER, ...lotRows()]);
      let fetched = 0;
      sheet.onRequest = () => (fetched += 1);
      const head = saveSettings({ maxShrinkPercent: 120 });
      const result = await wake();
      expect(result).toMatchObject({ status: 'ran', run: { outcome: 'failed' } });
      const reason = (result as { run: { reason: string } }).run.reason;
      expect(reason).toContain(`the import settings at ${head.slice(0, 7)} are not valid, nothing was changed`);
      expect(reason).toContain('data/import.json → maxShrinkPercent: must be at most 100');
      expect(fetched).toBe(0);
      expect(github.log()).toHaveLength(2);
      expect(mailbox.received.map((mail) => mail.body.subject)).toEqual(['Burlington Golf Carts: the lot import failed, nothing changed']);
      expect(mailbox.received[0]!.body.text).toContain('maxShrinkPercent: must be at most 100');
    });

    it('fails the run when GitHub cannot give the settings, rather than run on the deployed ones', async () => {
      sheet.body = csvOf([HEADER, ...lotRows()]);
      const result = await wake(AT_NOON, { ...env(), GITHUB_TOKEN: 'a-revoked-token' });
      expect(result).toMatchObject({
        status: 'ran',
        run: { outcome: 'failed', reason: 'the import settings could not be read from main (reading the branch main: Bad credentials): nothing was changed' },
      });
      expect(mailbox.received).toHaveLength(1);
    });

    it('runs nothing once the dealer has turned the import off at the head', async () => {
      sheet.body = csvOf([HEADER, ...lotRows()]);
      const head = saveSettings({ enabled: false });
      expect(await wake()).toEqual({ status: 'skipped', reason: `the import is off in data/import.json at ${head.slice(0, 7)}` });
      expect(github.log()).toHaveLength(2);
      expect(mailbox.received).toEqual([]);
    });

    it('commits nothing when the settings change while the feed is read, and the next run uses the new ones', async () => {
      sheet.body = csvOf([HEADER, ...lotRows().map((cells) => (cells[0] === 'BGC-25088U' ? [...cells.slice(0, 7), '$13,000.00', cells[8]!] : cells))]);
      sheet.onRequest = () => {
        sheet.onRequest = undefined;
        saveSettings({ maxShrinkPercent: 30 });
      };
      const result = await wake();
      expect(result).toMatchObject({
        status: 'ran',
        run: { outcome: 'failed', reason: expect.stringContaining('data/import.json changed while the feed was read') },
      });
      expect(JSON.parse(github.files()['data/units/denago-ev-rover-xl-2025.json']!).price).not.toBe(13000);
      expect(await wake(new Date('2026-11-26T23:00:00Z'))).toMatchObject({ status: 'ran', run: { outcome: 'imported', counts: { changed: 1 } } });
    });
  });
});
