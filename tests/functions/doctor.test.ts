import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import contact from '../../functions/contact.ts';
import health from '../../functions/health.ts';
import { TEST_LEAD } from '../../functions/lib/leads/lead.ts';
import { doctorSettings, runDoctor, senderDomain, tokenExpiry, type DoctorSettings } from '../../scripts/doctor.ts';
import { GitHubStandIn } from '../support/github.ts';
import { listen, type Loopback } from '../support/loopback.ts';
import { MAIL_ENV } from '../support/mailbox.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { storedLeads, VALID } from './contact-harness.ts';

/**
 * `npm run doctor` (docs/operations.md §npm run doctor) against a site on loopback: the built home
 * page and the real contact and health functions behind one address, the Resend stand-in (which
 * also lists the account's domains) for the real resend client, and the GitHub stand-in for the
 * site's one GitHub client. Every check passes on a site set up right; each one that is wrong
 * fails with its fix; the test lead reaches the dealer marked as a test.
 */

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const built = join(root, 'dist', 'index.html');

const HEALTH_TOKEN = 'health-token-of-the-dealers-monitor-0123';
const GITHUB_TOKEN = 'github_pat_dealer_publisher_0001';
const BUILD_HOOK = 'https://api.netlify.com/build_hooks/0123456789abcdef01234567';
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

const { blobs, mailbox } = functionSandbox({ mailbox: true, empty: 'each' });
let github: GitHubStandIn;
let site: Loopback | undefined;
let origin = '';
/** What the site's home page says: the build's page, its canonical host as the build wrote it or set to the site's. */
let canonicalHost: 'placeholder' | 'site' = 'site';
const background: Promise<unknown>[] = [];

beforeAll(async () => {
  if (!existsSync(built)) throw new Error('dist/index.html is missing: run `npm run build` before the unit tests');
  github = await new GitHubStandIn('dealer/site').start();
  site = await listen((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const url = new URL(request.url ?? '/', origin);
      if (url.pathname === '/') {
        const html = readFileSync(built, 'utf8');
        // A build with SITE_URL set to this address writes it where the default build writes the placeholder.
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(canonicalHost === 'site' ? html.replaceAll('https://www.example.com', origin) : html);
        return;
      }
      const handler = url.pathname === '/api/contact' ? contact : url.pathname === '/api/health' ? health : null;
      if (!handler) {
        response.writeHead(404).end();
        return;
      }
      const answer = await handler(
        new Request(url, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.method === 'POST' ? Buffer.concat(chunks) : undefined,
        }),
        { ip: '127.0.0.1', waitUntil: (promise: Promise<unknown>) => void background.push(promise) },
      );
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  origin = site.url;
});

afterAll(async () => {
  delete process.env.HEALTH_TOKEN;
  await Promise.all([github?.stop(), site?.close()]);
});

beforeEach(() => {
  process.env.RECEIPTS = 'on';
  process.env.HEALTH_TOKEN = HEALTH_TOKEN;
  mailbox.keys = new Map([[MAIL_ENV.RESEND_API_KEY, 'full']]);
  mailbox.domains = [{ name: 'dealer.test', status: 'verified' }];
  github.accounts.clear();
  github.accounts.set(GITHUB_TOKEN, { login: 'dealer', permissions: { admin: false, push: true, pull: true }, expiresAt: day(90) });
  github.blobs.length = 0;
  canonicalHost = 'site';
});

afterEach(async () => {
  while (background.length > 0) await Promise.all(background.splice(0));
});

const settings = (overrides: Partial<DoctorSettings> = {}): DoctorSettings => ({
  site: origin,
  healthToken: HEALTH_TOKEN,
  resendKey: MAIL_ENV.RESEND_API_KEY,
  from: MAIL_ENV.LEADS_FROM,
  githubToken: GITHUB_TOKEN,
  repository: 'dealer/site',
  branch: 'main',
  buildHook: BUILD_HOOK,
  resendBaseUrl: mailbox.url,
  githubApiUrl: github.url,
  waitMs: 60_000,
  pollMs: 50,
  ...overrides,
});

async function doctor(overrides: Partial<DoctorSettings> = {}): Promise<{ lines: string[]; failed: string[] }> {
  const lines: string[] = [];
  const results = await runDoctor(settings(overrides), (line) => lines.push(line));
  return { lines, failed: results.filter((result) => !result.ok).map((result) => result.name) };
}

describe('npm run doctor on a site set up right', { timeout: 120_000 }, () => {
  it('passes every check, one line each, and the test lead reaches the dealer marked as a test, with no receipt', async () => {
    const { lines, failed } = await doctor();
    expect(failed).toEqual([]);
    expect(lines.map((line) => line.split(':')[0])).toEqual([
      'pass  home page',
      'pass  health',
      'pass  push',
      'pass  resend key',
      'pass  resend domain',
      'pass  github token',
      'pass  github access',
      'pass  build hook',
      'pass  test lead',
      'doctor',
    ]);
    expect(lines.at(-1)).toBe('doctor: 9 checks, 0 failed');
    expect(lines[2]).toBe('pass  push: off (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are not set): new leads and reminders go by e-mail alone');
    expect(lines[6]).toBe('pass  github access: dealer/site@main exists and the token may write its contents');
    expect(lines[5]).toBe(`pass  github token: works as dealer; expires on ${day(90).slice(0, 10)}`);
    expect(github.blobs).toEqual(['npm run doctor: write check']);

    const [lead] = await storedLeads(blobs.store);
    expect(lead).toMatchObject({ test: 'doctor', status: 'sent', inquiry: { firstName: 'Doctor', lastName: 'Test' } });
    const dealer = mailbox.received.find((mail) => mail.body.to.includes('sales@dealer.test'))?.body;
    expect(dealer?.subject).toMatch(/^\[TEST\] New general inquiry from Doctor Test/);
    expect(dealer?.text.startsWith(TEST_LEAD.notice)).toBe(true);
    expect(dealer?.html).toContain(TEST_LEAD.notice);
    const crm = mailbox.received.find((mail) => mail.body.to.includes('crm@dealer.test'))?.body;
    expect(crm?.subject).toMatch(/^\[TEST\] ADF lead: Doctor Test/);
    expect(crm?.text).toContain(TEST_LEAD.notice);
    // RECEIPTS is on, and still the test lead's address gets nothing.
    expect(mailbox.received.filter((mail) => mail.body.to.some((to) => to.startsWith('doctor-test@')))).toEqual([]);
    expect(lead?.delivery.receipt).toMatchObject({ skipped: 'off' });
  });

  it('reads its settings from the environment, flags first, and refuses a site that is no address', () => {
    expect(
      doctorSettings(['https://www.dealer.test/any/page', '--repo', 'dealer/other'], {
        HEALTH_TOKEN: 'h'.repeat(30),
        GITHUB_REPOSITORY: 'dealer/site',
        ADMIN_BRANCH: 'live',
      }),
    ).toMatchObject({
      site: 'https://www.dealer.test',
      healthToken: 'h'.repeat(30),
      repository: 'dealer/other',
      branch: 'live',
      lead: true,
    });
    expect(doctorSettings(['https://www.dealer.test', '--no-lead'], { REPOSITORY_URL: 'https://github.com/dealer/site.git' })).toMatchObject({
      repository: 'dealer/site',
      lead: false,
    });
    // The site's one GitHub rule: two names of one setting that disagree are refused, unless the flag decides.
    const disagree = { ADMIN_REPO: 'dealer/site', GITHUB_REPOSITORY: 'dealer/other' };
    expect(doctorSettings(['https://www.dealer.test'], disagree)).toMatch(/^GITHUB_REPOSITORY names dealer\/other, but ADMIN_REPO names dealer\/site/);
    expect(doctorSettings(['https://www.dealer.test', '--repo', 'dealer/site'], disagree)).toMatchObject({ repository: 'dealer/site' });
    expect(doctorSettings(['www.dealer.test'])).toMatch(/^Usage: npm run doctor/);
    expect(doctorSettings(['https://www.dealer.test', '--wait', '0'])).toMatch(/--wait/);
  });

  it('reads the token expiry as GitHub sends it, and the sender’s domain', () => {
    expect(tokenExpiry('2026-09-01 12:00:00 UTC')).toBe(Date.parse('2026-09-01T12:00:00Z'));
    expect(tokenExpiry('2026-09-01 12:00:00 -0400')).toBe(Date.parse('2026-09-01T16:00:00Z'));
    expect(tokenExpiry(null)).toBeNull();
    expect(tokenExpiry('soon')).toBeNull();
    expect(senderDomain('Burlington Golf Carts <Leads@Dealer.com>')).toBe('dealer.com');
    expect(senderDomain('leads@dealer.com')).toBe('dealer.com');
    expect(senderDomain(undefined)).toBeUndefined();
  });
});

describe('npm run doctor on a site set up wrong', { timeout: 120_000 }, () => {
  it('fails each wrong check with what to do: placeholder canonical, unknown health token, unverified domain, expiring read-only token, a hook that is no hook', async () => {
    canonicalHost = 'placeholder';
    mailbox.domains = [{ name: 'dealer.test', status: 'pending' }];
    github.accounts.set(GITHUB_TOKEN, { login: 'dealer', permissions: { admin: false, push: false, pull: true }, expiresAt: day(3) });
    const { lines, failed } = await doctor({ healthToken: 'a-token-the-site-does-not-know-0000', buildHook: 'https://example.com/hook' });
    expect(failed).toEqual(['home page', 'health', 'push', 'resend domain', 'github token', 'github access', 'build hook', 'test lead']);
    expect(lines.at(-1)).toBe('doctor: 9 checks, 8 failed');
    const line = (name: string) => lines.find((candidate) => candidate.startsWith(`fail  ${name}:`)) ?? '';
    expect(line('home page')).toContain(`the canonical link names https://www.example.com, the placeholder → Set SITE_URL to ${origin}`);
    expect(line('health')).toContain('does not know this HEALTH_TOKEN');
    expect(line('resend domain')).toContain('dealer.test is "pending" at Resend → Put the SPF and DKIM records');
    expect(line('github token')).toContain(`expires on ${day(3).slice(0, 10)} → Make the next token now`);
    expect(line('github access')).toContain(
      "the token may not write dealer/site's contents (Resource not accessible by personal access token) → Give the token Contents: Read and write",
    );
    expect(line('build hook')).toContain('is not a Netlify build hook address');
    expect(line('test lead')).toContain('the site refused the test lead: it does not know this HEALTH_TOKEN');
    // A test lead without the site's token is refused: nothing is filed, nothing is sent.
    expect(await storedLeads(blobs.store)).toEqual([]);
    expect(mailbox.received).toEqual([]);
  });

  it('fails the key and the domain on a key Resend refuses; a sending-only key works but cannot show the domain', async () => {
    const refused = await doctor({ resendKey: 're_revoked_key', lead: false });
    expect(refused.failed).toEqual(['resend key', 'resend domain']);
    expect(refused.lines.find((line) => line.startsWith('fail  resend key'))).toContain('Resend refused the key: API key is invalid → Make a new API key');
    mailbox.keys?.set('re_sending_only', 'sending');
    const sending = await doctor({ resendKey: 're_sending_only', lead: false });
    expect(sending.failed).toEqual(['resend domain']);
    expect(sending.lines.find((line) => line.startsWith('fail  resend domain'))).toContain('a sending-only key cannot read the domains (dealer.test)');
  });

  it('fails the GitHub checks on a revoked token, a repository it cannot see and a branch that is not there', async () => {
    expect((await doctor({ githubToken: 'ghp_revoked', lead: false })).failed).toEqual(['github token', 'github access']);
    const unseen = await doctor({ repository: 'dealer/elsewhere', lead: false });
    expect(unseen.failed).toEqual(['github access']);
    expect(unseen.lines.find((line) => line.startsWith('fail  github access'))).toContain('dealer/elsewhere does not exist or this token cannot see it');
    expect((await doctor({ branch: 'live', lead: false })).lines.find((line) => line.startsWith('fail  github access'))).toContain(
      'dealer/site has no branch "live"',
    );
  });

  it('fails the test lead when its e-mail is not sent in the time given, naming the lead and the fix', async () => {
    mailbox.mode = 'down';
    const { lines, failed } = await doctor({ waitMs: 3_000 });
    expect(failed).toEqual(['test lead']);
    expect(lines.find((line) => line.startsWith('fail  test lead'))).toMatch(
      /lead [0-9a-f-]{36} was filed, but its e-mail was not sent within 3 s(: .+)? → Check RESEND_API_KEY, LEADS_TO and LEADS_FROM/,
    );
  });

  it('answers where a test lead stands only to the token holder, and never about a real lead', async () => {
    const real = await contact(
      new Request(`${origin}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(VALID) }),
      { ip: '203.0.113.9', waitUntil: (promise) => void background.push(promise) },
    );
    const { id } = (await real.json()) as { id: string };
    const ask = (token?: string) =>
      health(new Request(`${origin}/api/health?lead=${id}`, token ? { headers: { authorization: `Bearer ${token}` } } : {})).then(
        (answer) => answer.json() as Promise<Record<string, unknown>>,
      );
    expect(await ask(HEALTH_TOKEN)).toMatchObject({ lead: null });
    expect(Object.keys(await ask())).toEqual(['ok']);
  });

  it('runs as `npm run doctor -- <site>`: the last line and exit code 1 on a failure, and no secret printed', async () => {
    canonicalHost = 'placeholder';
    const { stdout, code } = await run(
      join(root, 'node_modules', '.bin', 'node'),
      ['--import', './scripts/json-imports.ts', 'scripts/doctor.ts', origin, '--no-lead'],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          HEALTH_TOKEN,
          RESEND_API_KEY: MAIL_ENV.RESEND_API_KEY,
          LEADS_FROM: MAIL_ENV.LEADS_FROM,
          GITHUB_TOKEN,
          GITHUB_REPOSITORY: 'dealer/site',
          BUILD_HOOK_URL: BUILD_HOOK,
          RESEND_BASE_URL: mailbox.url,
          GITHUB_API_URL: github.url,
        },
      },
    ).then(
      ({ stdout }) => ({ stdout, code: 0 }),
      (error: { stdout: string; code: number }) => ({ stdout: error.stdout, code: error.code }),
    );
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(9);
    expect(lines.at(-1)).toBe('doctor: 8 checks, 1 failed');
    for (const secret of [HEALTH_TOKEN, MAIL_ENV.RESEND_API_KEY, GITHUB_TOKEN, '0123456789abcdef01234567']) expect(stdout).not.toContain(secret);
  });
});
