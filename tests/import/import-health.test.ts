import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import health from '../../functions/health.ts';
import { importRunsBlobs } from '../../functions/lib/import/runs.ts';
import { SETTINGS_PATH } from '../../functions/lib/import/head-settings.ts';
import { scheduledImport } from '../../functions/lib/import/scheduled.ts';
import { leadsEnv } from '../../src/lib/settings/mail.ts';
import { GitHubStandIn } from '../support/github.ts';
import { listen, type Loopback } from '../support/loopback.ts';
import { MAIL_ENV } from '../support/mailbox.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { csvOf, HEADER, lotFiles, lotRows, mappingWith, settingsText } from './lot-feed.ts';

/**
 * /api/health reports the lot import's last run while the import is on: the deployed
 * data/import.json is the dealer's with the import turned on (a fixture of the data file), the
 * runs are the real scheduled import's against the stand-ins of the spreadsheet and GitHub.
 */
vi.mock('../../data/import.json', async (importOriginal) => {
  const original = (await importOriginal<{ default: Record<string, unknown> }>()).default;
  return { default: { ...original, enabled: true, url: 'https://sheet.example/lot.csv' } };
});

const AT_NOON = new Date('2026-11-26T17:00:00Z');
const TOKEN = 'health-token-of-the-dealers-monitor-0123';

const { mailbox } = functionSandbox({ mailbox: true, empty: 'each' });
let github: GitHubStandIn;
let sheet: { url: string; body: string; status: number; server: Loopback };

beforeEach(async () => {
  process.env.HEALTH_TOKEN = TOKEN;
  const server = await listen((_request, response) => void response.writeHead(sheet.status, { 'Content-Type': 'text/csv' }).end(sheet.body));
  sheet = { url: `${server.url}/lot.csv`, body: '', status: 200, server };
  github = await new GitHubStandIn('dealer/site', {
    ...Object.fromEntries(Object.entries(lotFiles()).map(([id, unit]) => [`data/units/${id}.json`, `${JSON.stringify(unit, null, 2)}\n`])),
    [SETTINGS_PATH]: settingsText({ enabled: true, url: sheet.url }),
  }).start();
});
afterEach(async () => {
  delete process.env.HEALTH_TOKEN;
  await sheet.server.close();
  await github.stop();
});

async function wake(now: Date) {
  const env = { ...MAIL_ENV, RESEND_BASE_URL: mailbox.url, GITHUB_TOKEN: github.token, GITHUB_REPOSITORY: 'dealer/site', GITHUB_API_URL: github.url };
  const mail = leadsEnv(env);
  return scheduledImport({
    mapping: mappingWith({ enabled: true, url: sheet.url }),
    store: importRunsBlobs(),
    now,
    env,
    mail: mail.ok ? mail.mail : null,
    siteName: 'Burlington Golf Carts',
  });
}

const check = async () => {
  const response = await health(new Request('http://localhost/api/health', { headers: { authorization: `Bearer ${TOKEN}` } }));
  return { response, body: (await response.json()) as Record<string, unknown> };
};

describe('GET /api/health and the lot import', () => {
  it("the import's failed run: 503 with its reason, until a run gets through", async () => {
    sheet.status = 500;
    expect(await wake(AT_NOON)).toMatchObject({ status: 'ran', run: { outcome: 'failed' } });
    const { response, body } = await check();
    expect(response.status).toBe(503);
    expect(body.problems).toEqual(['The lot import failed at 2026-11-26 17:00 UTC: the spreadsheet address answered 500 (npm run import -- --report).']);
    expect(body.import).toMatchObject({ lastRun: { outcome: 'failed', at: AT_NOON.toISOString() } });

    sheet.status = 200;
    sheet.body = csvOf([HEADER, ...lotRows()]);
    expect(await wake(new Date('2026-11-26T23:00:00Z'))).toMatchObject({ status: 'ran', run: { outcome: 'imported' } });
    const after = await check();
    expect(after.response.status).toBe(200);
    expect(after.body.import).toMatchObject({ lastRun: { outcome: 'imported' } });
  });
});
