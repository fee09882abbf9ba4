import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import adminLeads from '../../functions/admin-leads.ts';
import adminSession from '../../functions/admin-session.ts';
import { clearAccessCache } from '../../functions/lib/github/permissions.ts';
import { LOCAL_TOKEN } from '../../functions/lib/inbox/auth.ts';
import { businessMsBetween, promiseState } from '../../functions/lib/inbox/promise.ts';
import { pruneExpired } from '../../functions/lib/leads/retention.ts';
import { configureMail } from '../support/mailbox.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { Client, VALID } from './contact-harness.ts';
import { GitHubStandIn } from '../support/github.ts';

/**
 * The dealer's inbox API (docs/operations.md §The dealer's inbox) through the real function, the
 * real Blobs sandbox and the real GitHub client against a stand-in of GitHub's API on loopback.
 */

const REPO = 'dealer/site';
const { blobs } = functionSandbox({ empty: 'each' });
let github: GitHubStandIn;
const contact = new Client();

beforeAll(async () => {
  github = await new GitHubStandIn(REPO).start();
  github.accounts.set('editor-token', { login: 'editor', permissions: { admin: false, push: true, pull: true } });
  github.accounts.set('reader-token', { login: 'reader', permissions: { admin: false, push: false, pull: true } });
  github.accounts.set('stranger-token', { login: 'stranger' });
});

afterAll(async () => {
  for (const name of ['DEPLOY_ID', 'CONTEXT', 'NETLIFY_LOCAL', 'AWS_LAMBDA_FUNCTION_NAME', 'ADMIN_REPO', 'GITHUB_API_URL', 'URL']) delete process.env[name];
  await github.stop();
});

beforeEach(async () => {
  clearAccessCache();
  configureMail(null);
  Object.assign(process.env, { ADMIN_REPO: REPO, GITHUB_API_URL: github.url });
  for (const name of ['DEPLOY_ID', 'SITE_ID', 'CONTEXT', 'NETLIFY_LOCAL', 'AWS_LAMBDA_FUNCTION_NAME', 'URL']) delete process.env[name];
});

afterEach(() => contact.settle());

async function call(
  path: string,
  { token = 'editor-token', method = 'GET', body, ip = '198.51.100.7' }: { token?: string | null; method?: string; body?: unknown; ip?: string } = {},
) {
  const url = new URL(path, 'http://localhost');
  const id = url.pathname.split('/')[4] ?? '';
  const request = new Request(url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await adminLeads(request, { ip, params: id ? { id } : {} });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
}

async function fileLeads(people: { [Field in keyof typeof VALID]?: string }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const person of people) {
    const response = await contact.post({ ...VALID, ...person });
    expect(response.status).toBe(200);
    ids.push(((await response.json()) as { id: string }).id);
  }
  await contact.settle();
  return ids;
}

describe('who may open the inbox', () => {
  it('an editor with push access reads the leads', async () => {
    await fileLeads([{}]);
    const answer = await call('/api/admin/leads');
    expect(answer.status).toBe(200);
    expect(answer.body.user).toBe('editor');
    expect(answer.body.total).toBe(1);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('set-cookie')).toBeNull();
  });

  it('read-only access, no access, a revoked token and no token are refused with 401 JSON', async () => {
    await fileLeads([{}]);
    for (const token of ['reader-token', 'stranger-token', 'revoked-token', null]) {
      const answer = await call('/api/admin/leads', { token });
      expect(answer.status, String(token)).toBe(401);
      expect(answer.body.error).toEqual(expect.any(String));
      expect(JSON.stringify(answer.body)).not.toContain(VALID.email);
    }
  });

  it('GitHub down: refused (503), never let in, and asked again next time', async () => {
    process.env.GITHUB_API_URL = 'http://127.0.0.1:9';
    const down = await call('/api/admin/leads');
    expect(down.status).toBe(503);
    expect(down.body.total).toBeUndefined();
    process.env.GITHUB_API_URL = github.url;
    expect((await call('/api/admin/leads')).status).toBe(200);
  });

  it("GitHub's answer is remembered for minutes: a second call does not ask again", async () => {
    const before = github.requests.length;
    await call('/api/admin/leads');
    await call('/api/admin/leads');
    expect(github.requests.length - before).toBe(2); // /user and /repos once
    expect(github.requests.every((request) => request.authorization.startsWith('Bearer '))).toBe(true);
  });

  it('the local sign-in works in npm start from this machine, and never in a deploy or from another address', async () => {
    // What `netlify serve` sets (npm start): a local run, deploy "0" in the context "dev", and the address it serves on.
    const local = { NETLIFY_LOCAL: 'true', DEPLOY_ID: '0', CONTEXT: 'prebuilt', AWS_LAMBDA_FUNCTION_NAME: 'handler', URL: 'http://localhost:8888' };
    const serveContext = { deploy: { context: 'dev', id: '0', published: false } };
    const asLocal = (ip: string, context: Partial<typeof serveContext> = serveContext) =>
      adminLeads(new Request('http://localhost:8888/api/admin/leads', { headers: { authorization: `Bearer ${LOCAL_TOKEN}` } }), { ip, params: {}, ...context });
    Object.assign(process.env, local);
    expect((await asLocal('127.0.0.1')).status).toBe(200);
    expect((await asLocal('::1')).status).toBe(200);
    expect((await asLocal('198.51.100.7')).status).toBe(401);
    // A deployed build: Netlify's deploy variables and context, with or without the local flag.
    expect((await asLocal('127.0.0.1', { deploy: { context: 'production', id: '65f0c0ffee0123456789abcd', published: true } })).status).toBe(401);
    const deploys: Record<string, string | undefined>[] = [
      { NETLIFY_LOCAL: undefined },
      { DEPLOY_ID: '65f0c0ffee0123456789abcd' },
      { SITE_ID: 'c0ffee00-site' },
      { CONTEXT: 'production' },
      { NETLIFY_LOCAL: undefined, DEPLOY_ID: '65f0c0ffee0123456789abcd', SITE_ID: 'c0ffee00-site', CONTEXT: 'production' },
    ];
    for (const deploy of deploys) {
      Object.assign(process.env, local);
      for (const [name, value] of Object.entries(deploy)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      const answer = await asLocal('127.0.0.1', {});
      expect(answer.status, JSON.stringify(deploy)).toBe(401);
      expect(((await answer.json()) as { error: string }).error).toContain('only on this machine');
    }
  });
});

describe('the local sign-in answers only the address npm start serves on', () => {
  // What `netlify serve --port 8888` sets, and its context.
  const local = { NETLIFY_LOCAL: 'true', DEPLOY_ID: '0', CONTEXT: 'prebuilt', URL: 'http://localhost:8888' };
  const serveContext = { ip: '127.0.0.1', deploy: { context: 'dev', id: '0', published: false } };
  beforeEach(() => void Object.assign(process.env, local));

  /** A request as the browser sends it to `address`: its Host, and an Origin when `origin` is given. */
  const ask = (handler: typeof adminLeads | typeof adminSession, address: string, headers: Record<string, string> = {}) => {
    const url = new URL(address);
    return handler(new Request(url, { headers: { host: url.host, authorization: `Bearer ${LOCAL_TOKEN}`, ...headers } }), { ...serveContext, params: {} });
  };

  it('by localhost, 127.0.0.1 and [::1] with the served port, it reads the leads and offers the sign-in', async () => {
    await fileLeads([{}]);
    for (const address of ['http://localhost:8888', 'http://127.0.0.1:8888', 'http://[::1]:8888', 'http://LOCALHOST:8888']) {
      expect((await ask(adminLeads, `${address}/api/admin/leads`)).status, address).toBe(200);
      expect(await (await ask(adminSession, `${address}/api/admin/session`)).json(), address).toEqual({ localSignIn: true });
    }
    const sameOrigin = await ask(adminLeads, 'http://localhost:8888/api/admin/leads', { origin: 'http://localhost:8888' });
    expect(sameOrigin.status).toBe(200);
  });

  it('a page on another name resolving to 127.0.0.1 (DNS rebinding), or on another port, gets 401 and no lead', async () => {
    await fileLeads([{}]);
    const refused: [string, Record<string, string>][] = [
      ['http://rebind.attacker.example:8888', {}],
      ['http://rebind.attacker.example:8888', { origin: 'http://rebind.attacker.example:8888' }],
      ['http://localhost.attacker.example:8888', {}],
      ['http://127.0.0.1.nip.io:8888', {}],
      ['http://localhost:9999', {}],
      ['http://localhost:8888', { origin: 'http://rebind.attacker.example:8888' }],
      ['http://localhost:8888', { origin: 'http://localhost:3000' }],
      ['http://localhost:8888', { origin: 'null' }],
    ];
    for (const [address, headers] of refused) {
      const answer = await ask(adminLeads, `${address}/api/admin/leads`, headers);
      const body = await answer.text();
      expect(answer.status, `${address} ${JSON.stringify(headers)}`).toBe(401);
      expect(body).not.toContain(VALID.email);
      expect(await (await ask(adminSession, `${address}/api/admin/session`, headers)).json()).toEqual({ localSignIn: false });
    }
  });

  it('without the address netlify serve sets (URL), nothing is the served address and the local sign-in is refused', async () => {
    delete process.env.URL;
    expect((await ask(adminLeads, 'http://localhost:8888/api/admin/leads')).status).toBe(401);
  });
});

describe('the list, a lead, its status and notes', () => {
  it('lists newest first, filters, searches by name, e-mail and phone digits, and pages', async () => {
    const [first, , third] = await fileLeads([
      { firstName: 'Ann', email: 'ann@example.com', phone: '(609) 555-0101', interest: 'service' },
      { firstName: 'Bob', email: 'bob@example.com', phone: '(609) 555-0102', interest: 'sales' },
      { firstName: 'Cy', email: 'cy@example.com', phone: '(609) 555-0103', interest: 'parts' },
    ]);
    const all = await call('/api/admin/leads');
    expect(all.body.leads.map((lead: { id: string }) => lead.id)[0]).toBe(third);
    expect(all.body.leads.map((lead: { name: string }) => lead.name)).toEqual(['Cy Doe', 'Bob Doe', 'Ann Doe']);
    expect(all.body.facets.departments).toEqual(['parts', 'sales', 'service']);
    expect((await call('/api/admin/leads?department=service')).body.leads.map((lead: { id: string }) => lead.id)).toEqual([first]);
    expect((await call('/api/admin/leads?q=BOB@')).body.total).toBe(1);
    expect((await call('/api/admin/leads?q=555-0103')).body.leads[0].name).toBe('Cy Doe');
    expect((await call('/api/admin/leads?q=ann')).body.total).toBe(1);
    expect((await call('/api/admin/leads?status=contacted')).body.total).toBe(0);
    const bad = await call('/api/admin/leads?status=archived');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('status');
  });

  it('a lead: every field, its delivery log; a status change and a note say who and when, and the list follows', async () => {
    const [id] = await fileLeads([{ firstName: 'Dana', interest: 'sales' }]);
    const detail = await call(`/api/admin/leads/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.lead.inquiry).toMatchObject({ firstName: 'Dana', email: VALID.email, phone: VALID.phone, message: VALID.message });
    expect(detail.body.handling.status).toBe('new');
    expect(detail.body.delivery).toMatchObject({ attempts: expect.any(Number), messages: expect.any(Array) });
    expect(detail.body.lead.delivery).toBeUndefined();

    const changed = await call(`/api/admin/leads/${id}`, { method: 'POST', body: { action: 'status', status: 'contacted' } });
    expect(changed.status).toBe(200);
    const noted = await call(`/api/admin/leads/${id}`, { method: 'POST', body: { action: 'note', text: 'Called, coming Saturday.' } });
    expect(noted.status).toBe(200);
    const after = (await call(`/api/admin/leads/${id}`)).body;
    expect(after.handling.status).toBe('contacted');
    expect(after.handling.history).toEqual([{ at: expect.any(String), by: 'editor', from: 'new', to: 'contacted' }]);
    expect(after.handling.notes).toEqual([{ at: expect.any(String), by: 'editor', text: 'Called, coming Saturday.' }]);
    expect(after.handling.firstResponseAt).toEqual(after.handling.history[0].at);
    expect(after.promise).toBe('answered');
    const list = await call('/api/admin/leads?status=contacted');
    expect(list.body.leads.map((lead: { id: string }) => lead.id)).toEqual([id]);
    expect(list.body.responseTimes[0]).toMatchObject({ department: 'sales', leads: 1, medianMinutes: expect.any(Number) });
  });

  it('bad actions get a clear 4xx and change nothing; an unknown lead is 404', async () => {
    const [id] = await fileLeads([{}]);
    expect((await call(`/api/admin/leads/${id}`, { method: 'POST', body: { action: 'status', status: 'won' } })).status).toBe(400);
    expect((await call(`/api/admin/leads/${id}`, { method: 'POST', body: { action: 'note', text: '   ' } })).status).toBe(400);
    expect((await call(`/api/admin/leads/${id}`, { method: 'POST', body: { action: 'erase' } })).status).toBe(400);
    expect((await call('/api/admin/leads/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call(`/api/admin/leads/${id}`)).body.handling).toEqual({ status: 'new', notes: [], history: [] });
  });

  it('a lead deleted by retention leaves the list, its handling and its index entry', async () => {
    const [id] = await fileLeads([{}]);
    await call(`/api/admin/leads/${id}`, { method: 'POST', body: { action: 'note', text: 'A note' } });
    expect((await call('/api/admin/leads')).body.total).toBe(1);
    await pruneExpired(blobs.store, Date.now() + 400 * 86_400_000, 12);
    expect((await call('/api/admin/leads')).body.total).toBe(0);
    const left = (await blobs.store.list({ prefix: 'inbox/' })).blobs.map((blob) => blob.key);
    for (const key of left) expect(await blobs.store.get(key, { type: 'text' })).not.toContain(VALID.email);
  });
});

describe('the first answer in one tap', () => {
  const query = (href: string) => new URLSearchParams(href.slice(href.indexOf('?') + 1));

  it('a lead carries call, text and e-mail links to the visitor, from the templates', async () => {
    const [id] = await fileLeads([{ firstName: 'Dana', interest: 'sales', phone: '(609) 555-0177' }]);
    const { reply } = (await call(`/api/admin/leads/${id}`)).body;
    expect(reply.call).toBe('tel:+16095550177');
    expect(reply.text).toMatch(/^sms:\+16095550177\?&body=/);
    expect(query(reply.text).get('body')).toContain('Hi Dana');
    expect(reply.email).toMatch(new RegExp(`^mailto:${VALID.email.replace(/[.+]/g, '\\$&')}\\?subject=`));
    expect(query(reply.email).get('body')).toContain('Hi Dana');
  });

  it('a tap records the first response: the lead is contacted, answered on the promise, and counted in the response times', async () => {
    const [id, other] = await fileLeads([{ interest: 'sales' }, { interest: 'sales' }]);
    const tapped = await call(`/api/admin/leads/${id}`, { method: 'POST', body: { action: 'reply', channel: 'call' } });
    expect(tapped.status).toBe(200);
    const after = (await call(`/api/admin/leads/${id}`)).body;
    expect(after.handling).toMatchObject({ status: 'contacted', firstResponseAt: expect.any(String) });
    expect(after.handling.replies).toEqual([{ at: after.handling.firstResponseAt, by: 'editor', channel: 'call' }]);
    expect(after.handling.history).toEqual([{ at: after.handling.firstResponseAt, by: 'editor', from: 'new', to: 'contacted' }]);
    expect(after.promise).toBe('answered');
    const list = (await call('/api/admin/leads')).body;
    expect(list.leads.find((lead: { id: string }) => lead.id === id)).toMatchObject({ status: 'contacted', promise: 'answered' });
    expect(list.responseTimes).toEqual([expect.objectContaining({ department: 'sales', leads: 2, medianMinutes: expect.any(Number) })]);

    // A later tap is kept, but the first response stays the first; a status set by hand stays.
    await call(`/api/admin/leads/${id}`, { method: 'POST', body: { action: 'status', status: 'appointment-set' } });
    await call(`/api/admin/leads/${id}`, { method: 'POST', body: { action: 'reply', channel: 'email' } });
    const again = (await call(`/api/admin/leads/${id}`)).body.handling;
    expect(again.status).toBe('appointment-set');
    expect(again.firstResponseAt).toBe(after.handling.firstResponseAt);
    expect(again.replies.map((reply: { channel: string }) => reply.channel)).toEqual(['call', 'email']);
    expect((await call(`/api/admin/leads/${other}`)).body.handling.status).toBe('new');
  });

  it('is refused without push access or with an unknown channel, and changes nothing', async () => {
    const [id] = await fileLeads([{}]);
    for (const token of ['reader-token', null]) {
      const refused = await call(`/api/admin/leads/${id}`, { token, method: 'POST', body: { action: 'reply', channel: 'text' } });
      expect(refused.status).toBe(401);
    }
    const bad = await call(`/api/admin/leads/${id}`, { method: 'POST', body: { action: 'reply', channel: 'fax' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('channel');
    expect((await call(`/api/admin/leads/${id}`)).body.handling).toEqual({ status: 'new', notes: [], history: [] });
  });
});

describe('the promise: late after 2 business hours, overdue after 24 hours', () => {
  // Store hours (data/dealer.json): Monday-Saturday 9:00-17:00 in New York, Sunday closed.
  const ny = (iso: string) => Date.parse(`${iso}-04:00`); // June: EDT
  it('counts only opening hours', () => {
    expect(businessMsBetween(ny('2026-06-05T16:00'), ny('2026-06-06T10:00'))).toBe(2 * 3_600_000); // Fri 16-17, Sat 9-10
    expect(businessMsBetween(ny('2026-06-06T18:00'), ny('2026-06-08T09:30'))).toBe(30 * 60_000); // Sunday closed
  });
  it('a lead that came in on Saturday evening is on time on Monday at 10:00 and late at 11:30', () => {
    const lead = { at: ny('2026-06-06T18:00'), status: 'new' };
    expect(promiseState(lead, ny('2026-06-07T12:00'))).toBe('on-time');
    expect(promiseState(lead, ny('2026-06-08T10:00'))).toBe('overdue'); // past 24 hours of the clock
    const friday = { at: ny('2026-06-05T09:00'), status: 'new' };
    expect(promiseState(friday, ny('2026-06-05T10:30'))).toBe('on-time');
    expect(promiseState(friday, ny('2026-06-05T11:30'))).toBe('late');
    expect(promiseState({ ...friday, status: 'contacted' }, ny('2026-06-07T11:30'))).toBe('answered');
  });
});
