/**
 * Black-box probes of the functions of a site served on this machine (docs/operations.md
 * §Probing the functions yourself):
 *
 *   npm run build && npm run probe                   # serves the build (as npm start does) on free ports
 *   BASE_URL=http://localhost:8888 npm run probe     # a site already running (npm start)
 *
 * Each probe sends what an attacker would and says what came back; the run fails when one
 * finds the weakness. Only loopback addresses are probed. What a running site cannot show
 * (an upload abandoned for a day, the jobs called from another machine) is covered by the
 * tests named at the end.
 */
import { request as httpRequest, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { HONEYPOT_FIELD } from '../src/lib/leads/inquiry.ts';
import { servedSite } from './served-site.ts';
import { tool } from '../src/lib/settings/tools.ts';
import { isLoopbackHost } from '../src/lib/settings/platform.ts';

let given: string | undefined;
try {
  given = tool('BASE_URL');
} catch (error) {
  console.error(`probe: ${error instanceof Error ? error.message : 'BASE_URL is wrong'}.`);
  process.exit(2);
}
const site = given && !isLoopbackHost(new URL(given).hostname) ? null : await servedSite();
const base = new URL(site?.base ?? given ?? '');
if (!isLoopbackHost(base.hostname)) {
  console.error(`probe: ${base.origin} is not on this machine; only loopback addresses are probed.`);
  process.exit(2);
}

type Outcome = { name: string; ok: boolean; detail: string };
const outcomes: Outcome[] = [];
const record = (name: string, ok: boolean, detail: string) => outcomes.push({ name, ok, detail });
const url = (path: string) => new URL(path, base).toString();

/** A HEIC whose item table claims `items` items of 65,535 empty extents each. */
function craftedHeic(items: number): Buffer {
  const u32 = (value: number) => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(value, 0);
    return bytes;
  };
  const box = (type: string, ...content: Buffer[]) =>
    Buffer.concat([u32(8 + content.reduce((sum, part) => sum + part.length, 0)), Buffer.from(type, 'latin1'), ...content]);
  const full = (type: string, version: number, ...content: Buffer[]) => box(type, Buffer.from([version, 0, 0, 0]), ...content);
  const count = Buffer.alloc(2);
  count.writeUInt16BE(items, 0);
  const item = Buffer.from([0, 1, 0, 0, 0, 0, 0xff, 0xff]);
  const iloc = full('iloc', 1, Buffer.from([0, 0]), count, Buffer.concat(Array.from({ length: items }, () => item)));
  const iinf = full('iinf', 0, Buffer.from([0, 1]), full('infe', 2, Buffer.from([0, 1, 0, 0]), Buffer.from('Exif\0', 'latin1')));
  const ftyp = box('ftyp', Buffer.from('heic', 'latin1'), Buffer.alloc(4), Buffer.from('mif1heic', 'latin1'));
  return Buffer.concat([ftyp, full('meta', 0, iinf, iloc), box('mdat', Buffer.from('EXIF'))]);
}

async function probeHealth(): Promise<void> {
  const response = await fetch(url('/api/health'));
  const body = (await response.json()) as Record<string, unknown>;
  const keys = Object.keys(body);
  record('/api/health to anyone', keys.length === 1 && keys[0] === 'ok', `${response.status} ${JSON.stringify(body)}`);
}

async function probeHeic(): Promise<void> {
  const file = craftedHeic(50_000);
  const query = new URLSearchParams({ form: 'trade-in', index: '0', part: '0', parts: '1', size: String(file.length), name: 'probe.heic' });
  const send = (body: Uint8Array<ArrayBuffer>) =>
    fetch(url(`/api/photo-uploads?${query}`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', 'Idempotency-Key': crypto.randomUUID() },
      body,
    });
  // A first request loads the function, so the one timed is the upload's own cost.
  await (await send(new TextEncoder().encode('%PDF-1.7 not a photo'))).body?.cancel();
  const started = performance.now();
  const response = await send(new Uint8Array(file));
  const ms = Math.round(performance.now() - started);
  const text = await response.text();
  // The whole round trip on a local server: the rate limit's settling time, Blobs and the proxy
  // included (the cleaner's own CPU time is measured by tests/functions/photo-fuzz.test.ts).
  // Before its walk was bounded this file took about 18 s of CPU.
  record(
    `a crafted ${Math.round(file.length / 1024)} KB HEIC upload`,
    response.status === 400 && ms < 5_000,
    `${response.status} in ${ms} ms: ${text.slice(0, 120)}`,
  );
}

async function probeBurst(): Promise<void> {
  // Filled honeypot: the limit counts the request, nothing is stored or sent.
  const ask = () =>
    fetch(url('/api/alerts'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'probe@example.com', alert: 'inventory', [HONEYPOT_FIELD]: 'probe' }),
    }).then((response) => response.status);
  const statuses = await Promise.all(Array.from({ length: 14 }, ask));
  const admitted = statuses.filter((status) => status !== 429).length;
  record('14 alert requests at once from one connection', admitted <= 8, `${admitted} admitted, ${statuses.length - admitted} refused (limit 8 in 10 minutes)`);
}

async function probeHost(): Promise<void> {
  const asked: string[] = [];
  const forger = createServer((request, response) => {
    asked.push(request.url ?? '');
    response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>forged</title>');
  });
  await new Promise<void>((resolve) => forger.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(forger.address() as AddressInfo).port}`;
  const status = await new Promise<number>((resolve, reject) => {
    const request = httpRequest(url('/new-inventory?sort=newest'), { headers: { Host: host } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end();
  });
  await new Promise<void>((resolve) => forger.close(() => resolve()));
  record('the filtered inventory page with a forged Host', asked.length === 0, `${status}; the server the Host named was asked ${asked.length} time(s)`);
}

async function probeDeployEvent(): Promise<void> {
  const response = await fetch(url('/.netlify/functions/deploy-succeeded'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-nf-deploy-context': 'production', 'x-nf-deploy-id': 'probe', 'x-netlify-event': 'deploy_succeeded' },
    body: JSON.stringify({ payload: { id: 'probe', context: 'production', state: 'ready' } }),
  });
  const text = await response.text();
  record('a forged production deploy event', response.status === 403 || response.status === 404, `${response.status} ${text.slice(0, 120)}`);
}

for (const probe of [probeHealth, probeHeic, probeBurst, probeHost, probeDeployEvent]) {
  try {
    await probe();
  } catch (error) {
    record(probe.name, false, `could not run: ${error instanceof Error ? error.message : String(error)}`);
  }
}

await site?.stop();
for (const { name, ok, detail } of outcomes) console.log(`${ok ? 'held ' : 'FAILS'}  ${name}: ${detail}`);
console.log(
  '\nNot shown against a running site (see the tests): uploads abandoned for a day (tests/functions/upload-expiry.test.ts), the jobs called from another machine (tests/functions/invocation-guard.test.ts), fuzzed photos (tests/functions/photo-fuzz.test.ts), +tag addresses and the confirmation share (tests/functions/alert-abuse.test.ts).',
);
process.exit(outcomes.every((outcome) => outcome.ok) ? 0 : 1);
