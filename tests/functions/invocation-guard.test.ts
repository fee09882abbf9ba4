import { readdirSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import deploySucceeded from '../../functions/deploy-succeeded.ts';
import { scheduledInvocation, scheduledOnly } from '../../functions/lib/http/guards.ts';

/**
 * The jobs and the deploy event are not for visitors: a visitor's request is refused before
 * anything is read or written (these run without a Blobs sandbox: a job that ran would fail).
 * Every function of functions/ with a schedule is a job here, so a new job is covered by itself.
 */
type Job = (request: Request) => Promise<Response>;
const functionsDir = new URL('../../functions/', import.meta.url);
const JOBS: Record<string, Job> = {};
for (const file of readdirSync(functionsDir).filter((name) => name.endsWith('.ts'))) {
  const module = (await import(new URL(file, functionsDir).href)) as { default: Job; config?: { schedule?: string } };
  if (module.config?.schedule) JOBS[file.replace(/\.ts$/, '')] = module.default;
}

it('finds every scheduled function of the site', () => {
  expect(Object.keys(JOBS).sort()).toEqual(
    ['backup-leads', 'daily-rebuild', 'import-lot', 'lead-reminders', 'prune-alerts', 'prune-leads', 'publisher', 'retry-leads', 'send-alerts'].sort(),
  );
});
const url = (name: string) => `http://localhost/.netlify/functions/${name}`;

const VISITORS: [string, (name: string) => Request][] = [
  ['a GET by URL', (name) => new Request(url(name))],
  ['a bare POST', (name) => new Request(url(name), { method: 'POST' })],
  [
    'a POST with the scheduler body but not its header',
    (name) => new Request(url(name), { method: 'POST', body: JSON.stringify({ next_run: new Date().toISOString() }) }),
  ],
  ['a POST with the header and no next_run', (name) => new Request(url(name), { method: 'POST', headers: { 'X-NF-Event': 'schedule' }, body: '{}' })],
  [
    'a POST with the header and a next_run that is no time',
    (name) => new Request(url(name), { method: 'POST', headers: { 'X-NF-Event': 'schedule' }, body: '{"next_run":"soon"}' }),
  ],
];

describe('scheduled jobs refuse a visitor', () => {
  for (const [job, handler] of Object.entries(JOBS)) {
    it.each(VISITORS)(`${job}: %s gets 404 JSON`, async (_what, make) => {
      const response = await handler(make(job));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not found' });
    });
  }

  it('what the scheduler sends passes the guard', async () => {
    expect(await scheduledOnly(scheduledInvocation())).toBeNull();
  });

  it('under npm start (netlify serve: NETLIFY_LOCAL, URL on loopback), only a call from this machine runs a job', async () => {
    vi.stubEnv('NETLIFY_LOCAL', 'true');
    vi.stubEnv('URL', 'http://localhost:8888');
    try {
      const from = (ip: string) => {
        const request = scheduledInvocation();
        request.headers.set('x-nf-client-connection-ip', ip);
        return request;
      };
      expect((await JOBS['retry-leads']!(from('192.168.1.20'))).status).toBe(404);
      expect(await scheduledOnly(scheduledInvocation())).not.toBeNull();
      expect(await scheduledOnly(from('127.0.0.1'))).toBeNull();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('the deploy event refuses a forged event', () => {
  const forged = (id = 'deploy-9') =>
    new Request(url('deploy-succeeded'), { method: 'POST', body: JSON.stringify({ payload: { id, context: 'production', state: 'ready' } }) });

  it('a production payload with no deploy vouched for by the runtime: 403', async () => {
    const response = await deploySucceeded(forged());
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'Not a deploy event of this site' });
  });

  it('a production payload sent to a deploy preview, a branch deploy or netlify serve: 403', async () => {
    for (const context of ['deploy-preview', 'branch-deploy', 'dev']) {
      const response = await deploySucceeded(forged(), { deploy: { context, id: 'deploy-9' } });
      expect(response.status, context).toBe(403);
    }
  });

  it('an event naming another deploy than the one the function runs in: 403', async () => {
    expect((await deploySucceeded(forged('deploy-8'), { deploy: { context: 'production', id: 'deploy-9' } })).status).toBe(403);
  });

  it('under npm start no event is believed, whatever x-nf-deploy-* headers a caller sends', async () => {
    vi.stubEnv('NETLIFY_LOCAL', 'true');
    vi.stubEnv('URL', 'http://localhost:8888');
    try {
      expect((await deploySucceeded(forged(), { deploy: { context: 'production', id: 'deploy-9' } })).status).toBe(403);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('a GET: 405', async () => {
    expect((await deploySucceeded(new Request(url('deploy-succeeded')), { deploy: { context: 'production', id: 'deploy-9' } })).status).toBe(405);
  });
});
