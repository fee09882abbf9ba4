import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySite } from '../../scripts/photo-site.ts';
import { dataProblems } from '../../scripts/build-failure-mail/data-check.ts';
import { buildFailureEmail, problemsOf } from '../../scripts/build-failure-mail/email.ts';
import { mailDealer } from '../../scripts/build-failure-mail/plugin.ts';
import { MAIL_ENV, Mailbox } from '../support/mailbox.ts';

const root = join(import.meta.dirname, '..', '..');
const UNIT = 'evo-d5-maverick-6-black';
const VIN_MESSAGE = 'the check digit (9th character) does not match the rest of the VIN "7EVLS6MA4TB000211": check for a typo';

/** Runs a command to its end: its exit status and everything it printed. */
function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { ...options, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await new Mailbox().start();
});
afterAll(async () => {
  await mailbox.stop();
});

describe('a Netlify build of data with a mistake', () => {
  it('stops before the build with the file, the field and the message, and e-mails the dealer the same through the real resend client', async () => {
    // A copy of the site whose unit has a VIN with a typo (its check digit no longer matches).
    const dir = copySite();
    try {
      const file = join(dir, 'data', 'units', `${UNIT}.json`);
      writeFileSync(file, readFileSync(file, 'utf8').replace('7EVLS6MA5TB000211', '7EVLS6MA4TB000211'));
      // Run apart (not spawnSync): the local mailbox answers from this process.
      const result = await run(join(root, 'node_modules', '.bin', 'netlify'), ['build', '--offline', '--context', 'production'], {
        cwd: dir,
        env: {
          ...process.env,
          // Netlify Build runs local plugins on the project's Node (24), first on the PATH as in npm scripts.
          PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH}`,
          ...MAIL_ENV,
          RESEND_BASE_URL: mailbox.url,
          DATA_ERRORS_TO: 'owner@dealer.test',
          DEPLOY_ID: 'deploy-123',
          SITE_NAME: 'golf-carts',
          SITE_URL: 'https://www.dealer.test',
          COMMIT_REF: 'abc1234',
        },
      });
      const output = result.output;
      expect(result.status, output.slice(-2000)).not.toBe(0);
      expect(output).toContain(`data/units/${UNIT}.json → vin: ${VIN_MESSAGE}`);
      // It stopped before the site was built.
      expect(output).not.toContain('building client');
      expect(output).toContain('[build-failure-mail] E-mailed owner@dealer.test');

      expect(mailbox.received).toHaveLength(1);
      const [email] = mailbox.received;
      expect(email?.headers['idempotency-key']).toBe('build-failure-deploy-123');
      expect(email?.body.to).toEqual(['owner@dealer.test']);
      expect(email?.body.from).toBe(MAIL_ENV.LEADS_FROM);
      expect(email?.body.subject).toBe(`Website not updated: a problem in data/units/${UNIT}.json`);
      const text = email?.body.text ?? '';
      expect(text).toContain(`1. File:    data/units/${UNIT}.json\n   Field:   vin\n   Problem: ${VIN_MESSAGE}`);
      expect(text).toContain(`Fix it:  https://www.dealer.test/admin#/collections/units/entries/${UNIT}`);
      expect(text).toContain('The live site is unchanged');
      expect(text).toContain('Build log: https://app.netlify.com/sites/golf-carts/deploys/deploy-123');
      console.log(`The e-mail as the dealer reads it:\nSubject: ${email?.body.subject}\n\n${text}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});

describe('the build-failure e-mail', () => {
  it('finds no problem in the data as shipped (the check does not stop a good build)', async () => {
    expect(await dataProblems(root)).toEqual([]);
  });

  it('lists every problem of every file, each with its file, field and message', () => {
    const messages = [
      'Invalid data file data/dealer.json (2 problems):\n  • data/dealer.json → phones.local.e164: must be +1 followed by 10 digits, e.g. +16095550142\n  • data/dealer.json → email: is not a valid email',
      'Two pages would share one address under /vehicles/:\n  • the vehicle id "denago-ev-city" is also a model page (/vehicles/denago-ev-city): rename the file data/units/denago-ev-city.json',
    ];
    expect(problemsOf(messages)).toEqual([
      { file: 'data/dealer.json', field: 'phones.local.e164', message: 'must be +1 followed by 10 digits, e.g. +16095550142' },
      { file: 'data/dealer.json', field: 'email', message: 'is not a valid email' },
      {
        message: 'the vehicle id "denago-ev-city" is also a model page (/vehicles/denago-ev-city): rename the file data/units/denago-ev-city.json',
      },
    ]);
    const { subject, text } = buildFailureEmail(messages, { siteUrl: 'https://www.dealer.test' });
    expect(subject).toBe('Website not updated: 3 problems in data/dealer.json');
    expect(text).toContain('Fix it:  https://www.dealer.test/admin#/collections/site/entries/dealer');
    expect(text).toContain('3. File:    (several files)');
  });

  it('goes to LEADS_TO without DATA_ERRORS_TO, and not at all for a branch build or without a key', async () => {
    const before = mailbox.received.length;
    const problems = ['Invalid data file data/lot.json (1 problem):\n  • data/lot.json → soldPageDays: must be at most 365'];
    const env = { ...MAIL_ENV, RESEND_BASE_URL: mailbox.url, DEPLOY_ID: 'deploy-456', CONTEXT: 'production' };
    expect(await mailDealer(problems, env)).toMatchObject({ status: 'sent' });
    expect(mailbox.received.at(-1)?.body.to).toEqual(['sales@dealer.test', 'owner@dealer.test']);
    expect(await mailDealer(problems, { ...env, CONTEXT: 'deploy-preview' })).toBeUndefined();
    expect(await mailDealer(problems, { ...env, RESEND_API_KEY: '' })).toBeUndefined();
    expect(mailbox.received.length - before).toBe(1);
  });
});
