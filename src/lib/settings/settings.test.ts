import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dealerDataFiles } from '../../integrations/production-check.ts';
import { alertsEnv } from './alerts.ts';
import { backupEnv } from './backup.ts';
import { githubSettings } from './github.ts';
import { healthSettings } from './health.ts';
import { importEnv } from './import.ts';
import { DELIVERY_DEFAULTS, leadsEnv } from './mail.ts';
import { runsLocally } from './platform.ts';
import { dataPlaceholders, placeholderIn, productionCheck, settingsReport, type DataFile } from './production.ts';
import { publishingEnv } from './publishing.ts';
import { siteAddress } from './site.ts';

const root = join(import.meta.dirname, '..', '..', '..');

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A production environment with every required setting set to something real. */
const LIVE_ENV = {
  CONTEXT: 'production',
  SITE_URL: 'https://www.burlingtongolfcarts.com',
  RESEND_API_KEY: 're_live_0123456789',
  LEADS_TO: 'sales@burlingtongolfcarts.com',
  LEADS_FROM: 'Burlington Golf Carts Website <leads@burlingtongolfcarts.com>',
  HEALTH_TOKEN: 'a'.repeat(48),
  ALERTS_SECRET: 'b'.repeat(44),
  PHOTO_LINK_SECRET: 'c'.repeat(44),
  ADMIN_REPO: 'burlington-golf-carts/website',
  GITHUB_TOKEN: 'github_pat_0123456789',
  BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/65f0c0ffee0123456789abcd',
} as const;

/** The repository's data with the dealer's own facts instead of the sample's. */
function liveData(): DataFile[] {
  return dealerDataFiles(root).map((file) => {
    const text = JSON.stringify(file.data)
      .replaceAll('https://www.example.com', 'https://www.burlingtongolfcarts.com')
      .replaceAll('https://financing.example.com', 'https://apply.dealerfinance.com')
      .replaceAll('sales@example.com', 'sales@burlingtongolfcarts.com')
      .replaceAll('(609) 555-0142', '(609) 267-3300')
      .replaceAll('+16095550142', '+16092673300')
      .replaceAll('(800) 555-0199', '(800) 267-3301')
      .replaceAll('+18005550199', '+18002673301')
      .replaceAll('100 High Street', '1 Mill Street');
    return { path: file.path, data: JSON.parse(text) as unknown };
  });
}

describe('the production check', () => {
  it("refuses this repository as it is: the sample's data and .env.example's placeholders, one line each with where to fix it", () => {
    const example = Object.fromEntries(
      readFileSync(join(root, '.env.example'), 'utf8')
        .split('\n')
        .flatMap((line) => (/^[A-Z][A-Z0-9_]+=/.test(line) ? [[line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]] : [])),
    );
    const { problems, warnings } = productionCheck({ ...example, CONTEXT: 'production' }, dealerDataFiles(root));
    expect(warnings).toEqual([]);
    const netlify = 'Set it in Netlify: Site configuration → Environment variables, scopes Builds and Functions (docs/go-live.md).';
    const dealer = 'Change it in the admin (Settings and page texts → Dealer settings) or in data/dealer.json.';
    expect(problems).toEqual([
      `RESEND_API_KEY is not set: leads are stored and wait as pending; nothing is e-mailed until it is set. A build stopped by a data mistake e-mails nobody. ${netlify}`,
      `HEALTH_TOKEN is not set: /api/health shows its figures and what is wrong to nobody; \`npm run doctor\` cannot send its test lead. ${netlify}`,
      `ALERTS_SECRET is not set: alert requests are stored but no e-mail goes (their links cannot be signed); /api/health answers 503 in production. ${netlify}`,
      `ADMIN_REPO is not set: the build takes the repository from REPOSITORY_URL, but the functions do not see it: the inbox lets nobody in, the publisher and the import cannot run (GITHUB_REPOSITORY is the same setting). ${netlify}`,
      `GITHUB_TOKEN is not set: the publisher cannot tell what waits (saves go live only by hand) and the import cannot run. ${netlify}`,
      `BUILD_HOOK_URL is not set: the site asks for no deploy: saves and the import’s commits never go live by themselves, nor does a sold unit’s page turn into its redirect. ${netlify}`,
      `PHOTO_LINK_SECRET is not set: the photos of trade-in requests are stored but cannot be opened from the e-mail or the inbox. ${netlify}`,
      `SITE_URL is "https://www.example.com": www.example.com is an example domain that reaches nobody. ${netlify}`,
      `LEADS_TO is "sales@example.com": example.com is an example domain that reaches nobody. ${netlify}`,
      `LEADS_FROM is "Burlington Golf Carts Website <leads@example.com>": example.com is an example domain that reaches nobody. ${netlify}`,
      `data/dealer.json website is "https://www.example.com": www.example.com is an example domain that reaches nobody. ${dealer}`,
      `data/dealer.json email is "sales@example.com": example.com is an example domain that reaches nobody. ${dealer}`,
      `data/dealer.json phones.local.display is "(609) 555-0142": a 555-01xx number, reserved for fiction. ${dealer}`,
      `data/dealer.json phones.local.e164 is "+16095550142": a 555-01xx number, reserved for fiction. ${dealer}`,
      `data/dealer.json phones.tollFree.display is "(800) 555-0199": a 555-01xx number, reserved for fiction. ${dealer}`,
      `data/dealer.json phones.tollFree.e164 is "+18005550199": a 555-01xx number, reserved for fiction. ${dealer}`,
      `data/dealer.json links.financing is "https://financing.example.com/apply": financing.example.com is an example domain that reaches nobody. ${dealer}`,
      `data/dealer.json links.reviews is "https://www.example.com/reviews": www.example.com is an example domain that reaches nobody. ${dealer}`,
      'data/stores/mount-holly.json address.street is "100 High Street": the sample\'s street. Change it in the admin (Stores) or in data/stores/mount-holly.json.',
    ]);
  });

  it("passes the dealer's own settings and data", () => {
    expect(productionCheck(LIVE_ENV, liveData())).toEqual({ problems: [], warnings: [] });
  });

  it('names a wrong required setting, and only warns of a wrong optional one', () => {
    const { problems, warnings } = productionCheck(
      { ...LIVE_ENV, LEADS_FROM: 'leads at dealer', HEALTH_TOKEN: 'short', RECEIPTS: 'yes', PHOTO_LINK_DAYS: '365' },
      liveData(),
    );
    expect(problems.map((line) => line.split(':')[0])).toEqual([
      'LEADS_FROM must be an e-mail address or "Name <address>". Set it in Netlify',
      'HEALTH_TOKEN must be at least 24 characters (e.g. the output of `openssl rand -hex 24`)',
    ]);
    expect(warnings).toEqual([
      'RECEIPTS must be "on" or "off": the default (off) is used. Set it in Netlify: Site configuration → Environment variables, scope Functions (docs/go-live.md).',
      'PHOTO_LINK_DAYS must be at most 90: the default (14) is used. Set it in Netlify: Site configuration → Environment variables, scope Functions (docs/go-live.md).',
    ]);
  });

  it('finds the placeholders of the sample: example domains, 555-01xx numbers, the sample street and repository', () => {
    expect(placeholderIn('https://www.example.com/reviews')).toBe('www.example.com is an example domain that reaches nobody');
    expect(placeholderIn('Sales <sales@example.org>')).toBe('example.org is an example domain that reaches nobody');
    expect(placeholderIn('+18005550199')).toBe('a 555-01xx number, reserved for fiction');
    expect(placeholderIn('(609) 555-0100')).toBe('a 555-01xx number, reserved for fiction');
    expect(placeholderIn('100 high street')).toBe("the sample's street");
    expect(placeholderIn('your-account/your-site')).toBe("the sample's repository");
    for (const real of [
      'https://www.burlingtongolfcarts.com',
      'sales@notexample.com',
      '(609) 555-0200',
      '+16092673300',
      '1 High Street',
      'https://myexample.com',
    ])
      expect(placeholderIn(real), real).toBeNull();
    expect(dataPlaceholders([{ path: 'data/stores/second.json', data: { phones: [{ e164: '+16095550123' }], $schema: 'https://example.com' } }])).toEqual([
      'data/stores/second.json phones[0].e164 is "+16095550123": a 555-01xx number, reserved for fiction. Change it in the admin (Stores) or in data/stores/second.json.',
    ]);
  });

  it('outside production, a missing setting is no problem; a wrong one still is', () => {
    expect(settingsReport({}, { production: false, website: 'https://www.example.com' })).toEqual({ problems: [], warnings: [] });
    expect(settingsReport({ GITHUB_TOKEN: 'x', ADMIN_REPO: 'not a repository' }, { production: false, website: 'https://www.example.com' }).problems).toEqual([
      'ADMIN_REPO must be the repository written owner/name, e.g. dealer/website. Set it in Netlify: Site configuration → Environment variables, scopes Builds and Functions (docs/go-live.md).',
    ]);
  });
});

describe("the nightly backup's settings", () => {
  const BUCKET = {
    BACKUP_S3_ENDPOINT: 'https://s3.us-east-1.amazonaws.com',
    BACKUP_S3_BUCKET: 'dealer-backups',
    BACKUP_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    BACKUP_S3_SECRET_ACCESS_KEY: 's'.repeat(40),
  };
  const site = { production: false, website: 'https://www.burlingtongolfcarts.com' };

  it('are off while none is set, and on with the endpoint, the bucket and the key, the region and folder by default', () => {
    expect(backupEnv({})).toEqual({ state: 'off' });
    expect(backupEnv({ ...BUCKET, BACKUP_S3_ENDPOINT: 'https://s3.us-east-1.amazonaws.com/' })).toEqual({
      state: 'on',
      settings: {
        endpoint: 'https://s3.us-east-1.amazonaws.com',
        bucket: 'dealer-backups',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 's'.repeat(40),
        region: 'us-east-1',
        prefix: 'leads-archive/',
      },
    });
    expect(settingsReport(BUCKET, site)).toEqual({ problems: [], warnings: [] });
  });

  it('half set or wrong, are a problem of the settings report that names the variable, as /api/health shows it', () => {
    const withoutSecret = { ...BUCKET, BACKUP_S3_SECRET_ACCESS_KEY: ' ' };
    expect(backupEnv(withoutSecret)).toEqual({ state: 'invalid', error: 'BACKUP_S3_SECRET_ACCESS_KEY is required' });
    expect(settingsReport(withoutSecret, site).problems).toEqual([
      'BACKUP_S3_SECRET_ACCESS_KEY is required. Set it in Netlify: Site configuration → Environment variables, scope Functions (docs/go-live.md).',
    ]);
    expect(settingsReport({ ...BUCKET, BACKUP_S3_REGION: 'US East' }, site).problems).toEqual([
      'BACKUP_S3_REGION must be a region such as us-east-1 (R2: auto). Set it in Netlify: Site configuration → Environment variables, scope Functions (docs/go-live.md).',
    ]);
  });
});

describe('one reader of the GitHub settings', () => {
  it('reads the repository from ADMIN_REPO or GITHUB_REPOSITORY, the same setting under two names, else from the build’s REPOSITORY_URL', () => {
    expect(githubSettings({ ADMIN_REPO: 'dealer/site' })).toMatchObject({
      repository: 'dealer/site',
      repositoryFrom: 'ADMIN_REPO',
      branch: 'main',
      issues: [],
    });
    expect(githubSettings({ GITHUB_REPOSITORY: 'dealer/site', GITHUB_BRANCH: 'live' })).toMatchObject({
      repository: 'dealer/site',
      branch: 'live',
      issues: [],
    });
    expect(githubSettings({ ADMIN_REPO: 'Dealer/Site', GITHUB_REPOSITORY: 'dealer/site' }).issues).toEqual([]);
    expect(githubSettings({ REPOSITORY_URL: 'https://github.com/dealer/site' })).toMatchObject({ repository: 'dealer/site', repositoryFrom: 'REPOSITORY_URL' });
    expect(githubSettings({ REPOSITORY_URL: 'https://github.com/dealer/site', ADMIN_REPO: 'dealer/other' })).toMatchObject({ repository: 'dealer/other' });
    expect(githubSettings({})).toMatchObject({ repository: null, repositoryFrom: null, token: null });
  });

  it('refuses two names that disagree, so the inbox and the import can never use two repositories', () => {
    const disagree = {
      ADMIN_REPO: 'dealer/site',
      GITHUB_REPOSITORY: 'dealer/other',
      GITHUB_TOKEN: 'token',
      BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/x',
    };
    expect(githubSettings(disagree).issues).toEqual([
      { name: 'GITHUB_REPOSITORY', problem: 'names dealer/other, but ADMIN_REPO names dealer/site: they are one setting, keep one of them' },
    ]);
    expect(publishingEnv(disagree)).toMatchObject({ ok: false, error: expect.stringContaining('GITHUB_REPOSITORY names dealer/other') });
    expect(importEnv(disagree)).toMatchObject({ ok: false, error: expect.stringContaining('GITHUB_REPOSITORY names dealer/other') });
    expect(githubSettings({ ADMIN_BRANCH: 'main', GITHUB_BRANCH: 'live' }).issues).toHaveLength(1);
  });

  it('gives the publisher and the import the same repository the admin uses, from either name', () => {
    for (const env of [{ ADMIN_REPO: 'dealer/site' }, { GITHUB_REPOSITORY: 'dealer/site' }]) {
      const withToken = { ...env, GITHUB_TOKEN: 'token', BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/x' };
      expect(publishingEnv(withToken)).toMatchObject({ ok: true, config: { repository: 'dealer/site', branch: 'main' } });
      expect(importEnv(withToken)).toMatchObject({ ok: true, value: { repository: 'dealer/site', branch: 'main', token: 'token' } });
    }
    expect(importEnv({ GITHUB_TOKEN: 'token' })).toEqual({ ok: false, error: 'ADMIN_REPO (or GITHUB_REPOSITORY) is required for the scheduled import' });
  });
});

describe('one reader of "running locally"', () => {
  const serve = { NETLIFY_LOCAL: 'true', URL: 'http://localhost:8888', DEPLOY_ID: '0', CONTEXT: 'dev' };
  it('is npm start only when every sign agrees; anything else, or unknown, is a deploy', () => {
    expect(runsLocally(serve)).toBe(true);
    expect(runsLocally(serve, { context: 'dev', id: '0' })).toBe(true);
    for (const deploy of [
      {},
      { NETLIFY_LOCAL: undefined },
      { URL: 'https://www.dealer.com' },
      { DEPLOY_ID: '65f0c0ffee0123456789abcd' },
      { SITE_ID: 'c0ffee00-site' },
      { SITE_NAME: 'dealer' },
      { CONTEXT: 'production' },
      { CONTEXT: 'deploy-preview' },
    ])
      expect(runsLocally(Object.keys(deploy).length ? { ...serve, ...deploy } : {}), JSON.stringify(deploy)).toBe(false);
    expect(runsLocally(serve, { context: 'production', id: '65f0c0ffee0123456789abcd' })).toBe(false);
  });
});

describe('optional settings fall back with a warning', () => {
  it('never stops the lead e-mail: RECEIPTS=yes, a bad pace, a bad route', () => {
    const env = leadsEnv({
      RESEND_API_KEY: 're_x',
      LEADS_TO: 'sales@dealer.test',
      LEADS_FROM: 'leads@dealer.test',
      RECEIPTS: 'yes',
      RESEND_RATE_PER_SECOND: 'fast',
      LEADS_TO_SERVICE: 'service desk',
    });
    expect(env).toMatchObject({
      ok: true,
      mail: { receipts: false, ratePerSecond: DELIVERY_DEFAULTS.ratePerSecond, routes: { service: ['sales@dealer.test'] } },
    });
    expect(env.ok && env.warnings.map((warning) => warning.name)).toEqual(['RECEIPTS', 'RESEND_RATE_PER_SECOND', 'LEADS_TO_SERVICE']);
  });

  it("paces e-mail at Resend's default limit, 2 requests a second per team", () => {
    expect(DELIVERY_DEFAULTS.ratePerSecond).toBe(2);
  });

  it('the alert quota, the health settings and the site address keep their defaults on a typo', () => {
    expect(alertsEnv({ ALERTS_DAILY_QUOTA: 'lots' })).toMatchObject({ ok: true, dailyQuota: 60 });
    expect(alertsEnv({ ALERTS_SECRET: 'short' })).toMatchObject({ ok: false, error: expect.stringContaining('ALERTS_SECRET must be at least 32 characters') });
    expect(healthSettings({ HEALTH_PENDING_MAX_MINUTES: 'soon', HEALTH_NO_LEAD_DAYS: '0' })).toMatchObject({ pendingMaxMinutes: 60, noLeadDays: null });
    expect(healthSettings({ HEALTH_NO_LEAD_DAYS: '7' })).toMatchObject({ noLeadDays: 7 });
    expect(siteAddress({ SITE_URL: 'www.dealer.com' }, 'https://www.example.com')).toBe('https://www.example.com');
    expect(siteAddress({ SITE_URL: 'https://www.dealer.com/' }, 'https://www.example.com')).toBe('https://www.dealer.com');
  });
});
