// `npm run bench:inbox [-- 10000]`: the dealer's inbox with that many leads (default 10,000) in a
// local Blobs sandbox (the server `netlify serve` runs, in a temporary folder). It stores the leads
// as leads filed before the index was kept (the lead and its received/ marker), builds the index
// as `npm run leads -- reindex` does, files NEW (20) more as the intake does (their index markers
// not yet folded), then times the real API function (signed in with the local sign-in) as Netlify
// calls it: the first list, which applies those (and folds them after answering); the list again;
// a search; a filter; one lead. Prints milliseconds, medians of RUNS runs (default 7).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import adminLeads from '../functions/admin-leads.ts';
import { LOCAL_TOKEN } from '../functions/lib/inbox/auth.ts';
import { eachLimit, rebuildIndex } from '../functions/lib/inbox/summaries.ts';
import type { Lead } from '../functions/lib/leads/lead.ts';
import { fileLead, keys, LEADS_BLOBS } from '../functions/lib/leads/blobs.ts';
import { tool } from '../src/lib/settings/tools.ts';

const count = Number(process.argv[2] ?? 10_000);
const runs = tool('RUNS') ?? 7;
const fresh = tool('NEW') ?? 20;
if (!Number.isInteger(count) || count < 1) {
  console.error('usage: npm run bench:inbox [-- <leads>]');
  process.exit(2);
}

const directory = await mkdtemp(join(tmpdir(), 'inbox-bench-'));
const server = new BlobsServer({ directory, token: 'bench' });
const { port } = await server.start();
const url = `http://127.0.0.1:${port}`;
process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify({ edgeURL: url, uncachedEdgeURL: url, siteID: 'bench', token: 'bench' })).toString('base64');
// What `netlify serve` sets (npm start): the local sign-in answers requests to that address.
const SERVED = 'http://localhost:8888';
Object.assign(process.env, { NETLIFY_LOCAL: 'true', URL: SERVED });
const store = getStore({ name: LEADS_BLOBS, consistency: 'strong' });

const INTERESTS = ['sales', 'service', 'parts', 'general', 'rentals'] as const;
const FORMS = ['contact', 'trade-in', 'service', 'parts', 'unit-question'] as const;
const now = Date.now();

function lead(n: number): Lead {
  const receivedAt = new Date(now - n * 37 * 60_000).toISOString(); // one every 37 minutes: some 8 months
  return {
    id: crypto.randomUUID(),
    receivedAt,
    status: 'sent',
    inquiry: {
      firstName: `First${n}`,
      lastName: `Last${n}`,
      email: `person${n}@example.com`,
      phone: `(609) 555-${String(n % 10_000).padStart(4, '0')}`,
      interest: INTERESTS[n % INTERESTS.length] ?? 'sales',
      message: 'Is the six-seat model available for a test drive on Saturday? '.repeat(3),
    },
    source: { channel: 'json', page: '/contact', utm: {} },
    delivery: { attempts: 1, sentAt: receivedAt },
    form: FORMS[n % FORMS.length] ?? 'contact',
  };
}

const time = async (task: () => Promise<unknown>) => {
  const start = performance.now();
  await task();
  return performance.now() - start;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Work the function hands to Netlify's waitUntil (the index's fold): after the answer, so untimed; awaited before the next call. */
const background: Promise<unknown>[] = [];

async function call(path: string): Promise<Record<string, unknown>> {
  await Promise.all(background.splice(0));
  const request = new Request(new URL(path, SERVED), { headers: { authorization: `Bearer ${LOCAL_TOKEN}` } });
  const id = new URL(path, SERVED).pathname.split('/')[4];
  const response = await adminLeads(request, { ip: '127.0.0.1', params: id ? { id } : {}, waitUntil: (promise) => void background.push(promise) });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

try {
  const filing = await time(() =>
    eachLimit(
      Array.from({ length: count }, (_, n) => n),
      32,
      async (n) => {
        const record = lead(n);
        await Promise.all([store.setJSON(keys.lead(record.id), record), store.set(keys.received(record), '')]);
      },
    ),
  );
  console.log(`${count} leads stored in the sandbox in ${(filing / 1000).toFixed(1)} s`);
  const rebuild = await time(() => rebuildIndex(store));
  console.log(`index rebuilt from them (npm run leads -- reindex) in ${(rebuild / 1000).toFixed(1)} s`);
  // Leads filed as the intake files them since the last list: each left a marker to fold.
  await eachLimit(
    Array.from({ length: fresh }, (_, n) => count + n),
    8,
    async (n) => void (await fileLead(store, { ...lead(n), receivedAt: new Date(now - n * 1000).toISOString() })),
  );

  const first = await time(() => call('/api/admin/leads'));
  const rows: [string, number][] = [[`first list (applies ${fresh} new leads)`, first]];
  const measure = async (label: string, path: string) => {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      // The rate limit counts every request; a benchmark is not a person at a phone.
      await Promise.all((await store.list({ prefix: 'rate/' })).blobs.map((blob) => store.delete(blob.key)));
      times.push(await time(() => call(path)));
    }
    rows.push([label, median(times)]);
  };
  const some = (await call('/api/admin/leads?page=3')).leads as { id: string }[];
  await measure('list, page 1', '/api/admin/leads');
  await measure('list, page 200', '/api/admin/leads?page=200');
  await measure('search by name', '/api/admin/leads?q=first4242');
  await measure('search by phone', '/api/admin/leads?q=555-4242');
  await measure('filter by department and form', '/api/admin/leads?department=service&form=service');
  await measure('one lead', `/api/admin/leads/${some[0]?.id ?? ''}`);
  await Promise.all(background.splice(0));
  const months = (await store.list({ prefix: 'inbox/index/' })).blobs.length;
  const markers = (await store.list({ prefix: 'inbox/touched/' })).blobs.length;
  console.log(`\nThe inbox at ${count + fresh} leads (index: ${months} month blobs, ${markers} markers left; medians of ${runs} runs, ms):`);
  for (const [label, ms] of rows) console.log(`  ${label.padEnd(32)} ${ms.toFixed(0).padStart(6)}`);
} finally {
  await server.stop();
  await rm(directory, { recursive: true, force: true });
}
