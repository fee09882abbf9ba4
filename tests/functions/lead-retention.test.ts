import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addressHash } from '../../functions/lib/leads/delivery.ts';
import { deletePersonLeads, retentionCutoff } from '../../functions/lib/leads/retention.ts';
import pruneLeads, { config } from '../../functions/prune-leads.ts';
import { pages } from '../../src/lib/data/pages.ts';
import { configureMail } from '../support/mailbox.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { Client, storedLeads, VALID } from './contact-harness.ts';
import { scheduledInvocation } from '../../functions/lib/http/guards.ts';

/** Retention, deletion on request and `npm run leads`, against the real Blobs sandbox. */

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');

const { blobs, mailbox } = functionSandbox({ mailbox: true, empty: 'each' });

beforeEach(async () => {
  configureMail(null);
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
});

const at = (iso: string) => {
  // The clocks the code reads stand still unless the test moves them: the date, and the one its
  // run deadlines and the provider's pace are measured on, which a busy machine cannot run out.
  vi.useFakeTimers({ toFake: ['Date', 'performance'] });
  vi.setSystemTime(new Date(iso));
};
const file = async (fields: Record<string, string> = {}) => {
  const client = new Client();
  const response = await client.post({ ...VALID, ...fields });
  expect(response.status).toBe(200);
  await client.settle();
  return ((await response.json()) as { id: string }).id;
};
const keysUnder = async (prefix: string) => (await blobs.store.list({ prefix })).blobs.map((blob) => blob.key);

describe('retention (docs/product.md §Leads)', () => {
  it('runs daily and keeps leads for leadRetentionMonths of data/pages.json (24)', () => {
    expect(config.schedule).toBe('30 3 * * *');
    expect(pages.privacy.leadRetentionMonths).toBe(24);
  });

  it('counts calendar months back, the 31st falling back to the last day of the month', () => {
    expect(new Date(retentionCutoff(Date.parse('2027-06-02T03:30:00Z'), 24)).toISOString()).toBe('2025-06-02T03:30:00.000Z');
    expect(new Date(retentionCutoff(Date.parse('2027-03-31T12:00:00Z'), 1)).toISOString()).toBe('2027-02-28T12:00:00.000Z');
  });

  it('deletes a lead one day older than the limit with everything stored with it, keeps one a day younger, and logs the count', async () => {
    at('2025-06-01T12:00:00Z');
    const older = await file({ email: 'older@example.com' });
    at('2025-06-03T12:00:00Z');
    const younger = await file({ email: 'younger@example.com' });
    await blobs.store.setJSON(`receipts/${await addressHash('older@example.com')}`, { at: '2025-06-01T12:00:00.000Z', leadId: older });
    expect(await keysUnder('pending/')).toHaveLength(2);
    expect(await keysUnder('received/')).toHaveLength(2);

    at('2027-06-02T12:00:00Z');
    const info = vi.mocked(console.info);
    info.mockClear();
    const answer = (await (await pruneLeads(scheduledInvocation())).json()) as Record<string, unknown>;
    expect(answer).toEqual({
      retentionMonths: 24,
      deleted: { leads: 1, photos: 0, uploads: 0, receipts: 1, spam: 0 },
      index: { leads: 1, added: 0, dropped: 0, left: 0 },
    });
    expect(info).toHaveBeenCalledWith(
      '[leads] Retention (24 months): deleted 1 lead(s) with 0 photo(s), 0 unsent upload(s), 1 receipt record(s), 0 spam record(s). Inbox index: 0 lead(s) added, 0 dropped, 0 left for the next run.',
    );

    expect((await storedLeads(blobs.store)).map((lead) => lead.id)).toEqual([younger]);
    for (const prefix of ['pending/', 'received/', 'leads/']) {
      const keys = await keysUnder(prefix);
      expect(keys, prefix).toHaveLength(1);
      expect(keys[0], prefix).toContain(younger);
    }
    expect(await keysUnder('receipts/')).toEqual([]);
  });

  it('also finds a lead stored before the received/ markers existed', async () => {
    at('2025-05-01T12:00:00Z');
    const id = await file();
    for (const key of await keysUnder('received/')) await blobs.store.delete(key);
    at('2027-06-02T12:00:00Z');
    expect(((await (await pruneLeads(scheduledInvocation())).json()) as { deleted: { leads: number } }).deleted.leads).toBe(1);
    expect(await keysUnder(`leads/${id}`)).toEqual([]);
    expect(await keysUnder('pending/')).toEqual([]);
  });
});

describe('deleting a person’s leads on request', () => {
  it('by e-mail address (any letter case) deletes their leads, markers and receipt record, and nobody else’s', async () => {
    const first = await file();
    await file({ interest: 'service' });
    const other = await file({ email: 'other@example.com', phone: '(856) 555-0199' });
    // The receipt their first lead got (RECEIPTS=on): it names that lead.
    await blobs.store.setJSON(`receipts/${await addressHash(VALID.email)}`, { at: new Date().toISOString(), leadId: first });
    expect(await deletePersonLeads(blobs.store, { email: 'JANE.DOE@example.com ' })).toEqual({ leads: 2 });
    expect((await storedLeads(blobs.store)).map((lead) => lead.id)).toEqual([other]);
    expect(await keysUnder('pending/')).toEqual([expect.stringContaining(other)]);
    expect(await keysUnder('received/')).toEqual([expect.stringContaining(other)]);
    expect(await keysUnder('receipts/')).toEqual([]);
  });

  it('by e-mail address: another form of it (a +tag) is someone else, whose lead and receipt record stay', async () => {
    const bob = await file({ email: 'bob@example.com', phone: '(856) 555-0101' });
    const other = await file({ email: 'bob+other-person@example.com', phone: '(856) 555-0102' });
    // One inbox has one receipt record a day; bob's lead holds it.
    const receipt = `receipts/${await addressHash('bob@example.com')}`;
    await blobs.store.setJSON(receipt, { at: new Date().toISOString(), leadId: bob });
    expect(await deletePersonLeads(blobs.store, { email: 'bob+other-person@example.com' })).toEqual({ leads: 1 });
    expect((await storedLeads(blobs.store)).map((lead) => lead.id)).toEqual([bob]);
    expect(await keysUnder('receipts/')).toEqual([receipt]);
    expect(other).not.toBe(bob);
  });

  it('by phone number, however it is written', async () => {
    await file({ phone: '+1 (609) 555-0100' });
    await file({ email: 'other@example.com', phone: '(856) 555-0199' });
    expect(await deletePersonLeads(blobs.store, { phone: '609.555.0100' })).toEqual({ leads: 1 });
    expect((await storedLeads(blobs.store)).map((lead) => lead.inquiry.email)).toEqual(['other@example.com']);
  });
});

describe('npm run leads (against a local sandbox)', { timeout: 30_000 }, () => {
  const sandbox = () => process.env.LEADS_TEST_SANDBOX ?? '';
  const cli = async (args: string[], env: Record<string, string> = {}) => {
    const childEnv: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env };
    try {
      const { stdout, stderr } = await run(
        join(root, 'node_modules', '.bin', 'node'),
        ['--import', './scripts/json-imports.ts', 'scripts/leads.ts', ...args, '--sandbox', sandbox()],
        {
          cwd: root,
          env: childEnv,
        },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  beforeEach(() => {
    process.env.LEADS_TEST_SANDBOX = blobs.directory;
  });

  it('lists the leads as a table, oldest first', async () => {
    await file({ firstName: 'Ann', email: 'ann@example.com' });
    await file({ firstName: 'Bob', email: 'bob@example.com', interest: 'parts' });
    const { code, stdout } = await cli(['list']);
    expect(code).toBe(0);
    expect(stdout).toContain(`2 leads in the local sandbox ${blobs.directory}; 0 spam attempts blocked`);
    expect(stdout).toMatch(/received\s+status\s+name\s+email\s+phone\s+interest\s+vehicle\s+page\s+id/);
    expect(stdout.indexOf('ann@example.com')).toBeLessThan(stdout.indexOf('bob@example.com'));
  });

  it('exports CSV that parses back, with formula-like text made harmless', async () => {
    await file({ firstName: '=HYPERLINK("x")', message: 'Line one\nline "two", and more.' });
    const { code, stdout } = await cli(['export', '--csv']);
    expect(code).toBe(0);
    const rows = parse(stdout, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: `'=HYPERLINK("x")`,
      email: VALID.email,
      interest: 'sales',
      message: 'Line one\nline "two", and more.',
      status: 'pending',
    });
  });

  it('resends a pending lead now, and never prints the API key, even when the configuration is wrong', async () => {
    const id = await file();
    const secret = 're_very_secret_key_123';
    const bad = await cli(['resend', id], { RESEND_API_KEY: secret, LEADS_FROM: 'Dealer <leads@dealer.test>', LEADS_TO: secret });
    expect(bad.code).toBe(1);
    expect(`${bad.stdout}${bad.stderr}`).toContain('LEADS_TO must be a comma-separated list of e-mail addresses');
    expect(`${bad.stdout}${bad.stderr}`).not.toContain(secret);

    const good = await cli(['resend', id], {
      RESEND_API_KEY: secret,
      LEADS_TO: 'sales@dealer.test',
      LEADS_FROM: 'Dealer <leads@dealer.test>',
      RESEND_BASE_URL: mailbox.url,
    });
    expect(good).toMatchObject({ code: 0, stdout: `${id}: sent\n` });
    expect(`${good.stdout}${good.stderr}`).not.toContain(secret);
    expect(mailbox.received.filter((m) => m.headers['idempotency-key'] === `lead-${id}-dealer`)).toHaveLength(1);
    expect((await storedLeads(blobs.store))[0]?.status).toBe('sent');
  });

  it('deletes one person’s leads by e-mail or phone', async () => {
    await file();
    await file({ email: 'other@example.com', phone: '856-555-0199' });
    expect((await cli(['delete', '--email', VALID.email])).stdout).toContain(`Deleted 1 lead of ${VALID.email} from the local sandbox`);
    expect((await cli(['delete', '--phone', '(856) 555 0199'])).stdout).toContain('Deleted 1 lead of (856) 555 0199');
    expect(await storedLeads(blobs.store)).toEqual([]);
    expect((await cli(['delete'])).code).toBe(2);
  });
});
