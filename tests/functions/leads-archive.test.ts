import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import adminArchive, { NEXT_HEADER } from '../../functions/admin-archive.ts';
import adminLeads from '../../functions/admin-leads.ts';
import adminPrivacy from '../../functions/admin-privacy.ts';
import { alertsBlobs, subscriberHash } from '../../functions/lib/alerts/blobs.ts';
import { requestAlert } from '../../functions/lib/alerts/subscriptions.ts';
import { clearAccessCache } from '../../functions/lib/github/permissions.ts';
import { LOCAL_TOKEN } from '../../functions/lib/inbox/auth.ts';
import { photoKey } from '../../functions/lib/leads/photos.ts';
import { ARCHIVE_FORMAT, archiveChunk, archiveLines, checkArchive, restoreArchive, type ArchiveCursor } from '../../functions/lib/leads/archive.ts';
import tradeIn from '../../functions/trade-in.ts';
import { BlobsSandbox, type Blobs } from '../support/blobs.ts';
import { configureMail } from '../support/mailbox.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { Client, TRADE_IN_CART, VALID } from './contact-harness.ts';
import { phoneJpeg, phonePng } from './photo-fixtures.ts';
import { archiveFileLines } from '../../scripts/local-leads.ts';

/**
 * The dealer's archive (docs/operations.md §The dealer's archive): everything the inbox holds
 * leaves one site's store as one file (`npm run leads -- export`, the inbox's download) and
 * `npm run leads -- restore` gives back the same inbox in another site's store: the same list,
 * the same leads with their handling, byte-identical photos, the alert subscribers and the
 * deletion records. Two real Blobs servers stand for the two sites; the CLI runs as a dealer runs it.
 */

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');

// An empty sandbox: `npm start`'s site until the folder is linked to a Netlify site.
const target = new BlobsSandbox({ siteID: 'unlinked' });
beforeAll(() => target.start());
afterAll(() => target.stop());
const { blobs: source } = functionSandbox({ empty: 'each' });
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'leads-archive-'));
});

afterAll(async () => {
  delete process.env.NETLIFY_LOCAL;
  delete process.env.URL;
  delete process.env.PHOTO_LINK_SECRET;
  await rm(folder, { recursive: true, force: true });
});

beforeEach(async () => {
  await target.empty();
  source.use();
  clearAccessCache();
  configureMail(null);
  for (const name of ['DEPLOY_ID', 'SITE_ID', 'CONTEXT']) delete process.env[name];
  // What `netlify serve` sets (npm start): the local sign-in answers requests to that address.
  Object.assign(process.env, { NETLIFY_LOCAL: 'true', URL: SERVED });
  process.env.PHOTO_LINK_SECRET = 'a-photo-link-secret-of-at-least-32-characters';
});

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.settle()));
});

const SERVED = 'http://localhost:8888';
type Handler = (request: Request, context: { ip: string }) => Promise<Response>;
/** An inbox call with the local sign-in, on the site `site` (its Blobs). */
async function call(site: Blobs, handler: Handler, path: string, body?: unknown): Promise<Response> {
  site.use();
  const request = new Request(new URL(path, SERVED), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${LOCAL_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return handler(request, { ip: '127.0.0.1' });
}
const json = async (response: Response) => (await response.json()) as Record<string, any>;

const cli = async (args: string[]) => {
  try {
    const { stdout, stderr } = await run(join(root, 'node_modules', '.bin', 'node'), ['--import', './scripts/json-imports.ts', 'scripts/leads.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

const TRADE = {
  ...TRADE_IN_CART,
  note: '=HYPERLINK("http://x") New tires last spring.',
  ...VALID,
  firstName: 'Trader',
  email: 'trader@example.com',
};

/** The source site as a dealer's inbox is after a while: leads of two forms, photos, handling, an alert subscriber and a deletion. */
async function fillSource(): Promise<{ contact: string; trade: string; photos: Buffer[] }> {
  source.use();
  const contact = new Client();
  const trade = new Client(tradeIn, '/api/trade-in');
  clients.push(contact, trade);
  const first = await contact.post({ ...VALID, firstName: '=HYPERLINK("x")', message: 'Line one\nline "two", and more.' });
  expect(first.status).toBe(200);
  const photos = [await phoneJpeg(), await phonePng()];
  const second = await trade.multipart({ ...TRADE, website: '' }, [
    { field: 'photos', name: 'side.jpg', bytes: photos[0]! },
    { field: 'photos', name: 'front.png', bytes: photos[1]! },
  ]);
  expect(second.status).toBe(303);
  const gone = await contact.post({ ...VALID, email: 'gone@example.com', phone: '(856) 555-0199' });
  expect(gone.status).toBe(200);
  await Promise.all([contact.settle(), trade.settle()]);
  const list = await json(await call(source, adminLeads, '/api/admin/leads'));
  const tradeId = (list.leads as { id: string; form: string }[]).find((lead) => lead.form === 'trade-in')!.id;
  const contactId = ((await first.json()) as { id: string }).id;
  expect((await call(source, adminLeads, `/api/admin/leads/${tradeId}`, { action: 'status', status: 'contacted' })).status).toBe(200);
  expect((await call(source, adminLeads, `/api/admin/leads/${tradeId}`, { action: 'note', text: 'Called back; coming Saturday.' })).status).toBe(200);
  expect((await call(source, adminLeads, `/api/admin/leads/${contactId}`, { action: 'note', text: '=1+1 looks like a formula' })).status).toBe(200);
  source.use();
  await requestAlert(alertsBlobs(), 'pat@example.com', { kind: 'price', unit: 'some-unit' }, 'Price drop');
  expect((await call(source, adminPrivacy, '/api/admin/privacy', { action: 'delete', email: 'gone@example.com', confirm: true })).status).toBe(200);
  // The stored photos are the cleaned ones (no metadata), as the archive must carry them.
  const stored = await Promise.all([0, 1].map((n) => source.store.get(photoKey(tradeId, n), { type: 'arrayBuffer' })));
  return { contact: contactId, trade: tradeId, photos: stored.map((bytes) => Buffer.from(bytes!)) };
}

/** What the inbox shows of a site: the list, every lead in full (photo links without their signature), the deletions, the subscribers. */
async function inboxOf(site: Blobs): Promise<Record<string, unknown>> {
  const list = await json(await call(site, adminLeads, '/api/admin/leads'));
  const leads: Record<string, unknown> = {};
  for (const { id } of list.leads as { id: string }[]) {
    const detail = await json(await call(site, adminLeads, `/api/admin/leads/${id}`));
    detail.photos = (detail.photos as { n: number; name: string; url: string }[]).map((photo) => ({ ...photo, url: photo.url.split('?')[0] }));
    leads[id] = detail;
  }
  const { deletions } = await json(await call(site, adminPrivacy, '/api/admin/privacy'));
  site.use();
  const subscriber = await alertsBlobs().get(`subscribers/${subscriberHash('pat@example.com')}`, { type: 'json' });
  return { list, leads, deletions, subscriber };
}

/** Every key of the leads and alerts stores a restore may write (not the rate limit's places, which any call adds). */
async function storedKeys(site: Blobs): Promise<string[]> {
  site.use();
  const [leads, alerts] = await Promise.all([site.store.list(), alertsBlobs().list()]);
  return [...leads.blobs.map((blob) => `leads:${blob.key}`), ...alerts.blobs.map((blob) => `alerts:${blob.key}`)]
    .filter((key) => !/:rate\//.test(key) && !/\/\.[^/]*$/.test(key))
    .sort();
}

const linesOf = async (file: string) =>
  gunzipSync(await readFile(file))
    .toString('utf8')
    .trimEnd()
    .split('\n');

describe('the archive round trip (npm run leads -- export, then restore into another site)', { timeout: 120_000 }, () => {
  it('gives back the same inbox: list, leads with handling and notes, byte-identical photos, subscribers and deletion records; twice adds nothing', async () => {
    const { trade, photos } = await fillSource();
    const before = await inboxOf(source);
    expect((before.list as { total: number }).total).toBe(2);

    const file = join(folder, 'archive.jsonl.gz');
    const exported = await cli(['export', '--out', file, '--sandbox', source.directory]);
    expect(exported).toMatchObject({ code: 0 });
    expect(exported.stdout).toContain(`written to ${file}: 2 leads, 2 photos, 1 alert subscriber, 1 deletion record.`);
    const lines = (await linesOf(file)).map((line) => JSON.parse(line) as Record<string, any>);
    expect(lines[0]).toMatchObject({ type: 'archive', format: ARCHIVE_FORMAT, version: 1 });
    expect(lines.at(-1)).toEqual({
      type: 'end',
      counts: { leads: 2, photos: 2, photoBytes: photos[0]!.length + photos[1]!.length, subscribers: 1, deletions: 1 },
    });
    expect(lines.find((line) => line.type === 'lead' && line.lead.id === trade)?.handling).toMatchObject({
      status: 'contacted',
      history: [{ from: 'new', to: 'contacted', by: 'local' }],
      notes: [{ text: 'Called back; coming Saturday.' }],
    });

    const restored = await cli(['restore', file, '--sandbox', target.directory]);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(
      '2 leads, 2 photos, 1 alert subscriber, 1 deletion record added; 0 leads, 0 photos, 0 subscribers, 0 deletion records already there',
    );
    expect(restored.stdout).toContain('2 leads had not been e-mailed when the archive was made');

    expect(await inboxOf(target)).toEqual(before);
    for (const n of [0, 1]) {
      const copy = await target.store.getWithMetadata(photoKey(trade, n), { type: 'arrayBuffer' });
      expect(Buffer.from(copy!.data).equals(photos[n]!)).toBe(true);
      expect(copy!.metadata).toEqual((await source.store.getWithMetadata(photoKey(trade, n)))!.metadata);
    }

    const keys = await storedKeys(target);
    const again = await cli(['restore', file, '--sandbox', target.directory]);
    expect(again.stdout).toContain(
      '0 leads, 0 photos, 0 alert subscribers, 0 deletion records added; 2 leads, 2 photos, 1 subscriber, 1 deletion record already there, left as they were.',
    );
    expect(await storedKeys(target)).toEqual(keys);
    expect(await inboxOf(target)).toEqual(before);
  });

  it('refuses a damaged or wrong-version archive with its reason, and writes nothing', async () => {
    await fillSource();
    const file = join(folder, 'good.jsonl.gz');
    expect((await cli(['export', '--out', file, '--sandbox', source.directory])).code).toBe(0);
    const lines = await linesOf(file);
    const photoLine = lines.findIndex((line) => line.includes('"type":"photo"'));
    const damaged = (change: (lines: string[]) => string[]) => gzipSync(`${change([...lines]).join('\n')}\n`);
    const flipped = (all: string[]) => {
      const line = JSON.parse(all[photoLine]!) as { data: string };
      const bytes = Buffer.from(line.data, 'base64');
      bytes[bytes.length >> 1]! ^= 0xff;
      all[photoLine] = JSON.stringify({ ...line, data: bytes.toString('base64') });
      return all;
    };
    const whole = await readFile(file);
    const cases: [string, Buffer | string, RegExp][] = [
      ['next-version', damaged((all) => [all[0]!.replace('"version":1', '"version":2'), ...all.slice(1)]), /format version 2; this site reads version 1/],
      ['other-format', damaged((all) => [all[0]!.replace(ARCHIVE_FORMAT, 'something-else'), ...all.slice(1)]), /not a leads archive/],
      ['photo-flipped', damaged(flipped), /do not match their hash: the file is damaged/],
      ['no-end', damaged((all) => all.slice(0, -1)), /no end line: it was cut short/],
      ['counts-differ', damaged((all) => all.filter((line) => !line.includes('"type":"deletion"'))), /end line counts 1 deletions, but it holds 0/],
      ['cut-gzip', whole.subarray(0, whole.length >> 1), /The file is damaged/],
      ['not-json', 'PK\u0003\u0004 a zip file\n', /line 1 is not JSON/],
    ];
    target.use();
    const stores = { leads: target.store, alerts: alertsBlobs() };
    for (const [name, bytes, reason] of cases) {
      const path = join(folder, `${name}.jsonl.gz`);
      await writeFile(path, bytes);
      await expect(
        restoreArchive(stores, () => archiveFileLines(path)),
        name,
      ).rejects.toThrow(reason);
      expect(await storedKeys(target), name).toEqual([]);
    }
    // As the dealer sees it: the reason, exit code 1, nothing written.
    const refused = await cli(['restore', join(folder, 'photo-flipped.jsonl.gz'), '--sandbox', target.directory]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /photo-flipped\.jsonl\.gz was not restored, and nothing was written: line \d+: the bytes of photo 0 of lead .* do not match their hash/,
    );
    const missing = await cli(['restore', join(folder, 'nowhere.jsonl.gz'), '--sandbox', target.directory]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('was not restored, and nothing was written');
    expect(await storedKeys(target)).toEqual([]);
  });
});

describe('the inbox’s download of the archive', { timeout: 120_000 }, () => {
  it('gives the archive in chunks, each naming the next, that together are the file `npm run leads -- export` writes', async () => {
    await fillSource();
    const chunks: string[] = [];
    let cursor = '';
    for (let requests = 0; requests < 20; requests++) {
      const answer = await call(source, adminArchive, `/api/admin/archive${cursor ? `?cursor=${cursor}` : ''}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('application/x-ndjson');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.body).toBeInstanceOf(ReadableStream);
      chunks.push(await answer.text());
      cursor = answer.headers.get(NEXT_HEADER) ?? '';
      if (!cursor) break;
    }
    const downloaded = chunks.join('').trimEnd().split('\n');
    const file = join(folder, 'cli.jsonl.gz');
    expect((await cli(['export', '--out', file, '--sandbox', source.directory])).code).toBe(0);
    // The same lines but the first, which carries the time each was made.
    expect(downloaded.slice(1)).toEqual((await linesOf(file)).slice(1));
    expect(
      await checkArchive(
        (async function* () {
          yield* downloaded;
        })(),
      ),
    ).toMatchObject({ counts: { leads: 2, photos: 2, subscribers: 1, deletions: 1 } });

    expect((await call(source, adminArchive, '/api/admin/archive?cursor=not-a-cursor')).status).toBe(400);
    source.use();
    const signedOut = await adminArchive(new Request('http://localhost/api/admin/archive'), { ip: '127.0.0.1' });
    expect(signedOut.status).toBe(401);
  });

  it('stops a chunk within its budget, between photos of one lead too, and the chunks still restore whole', async () => {
    const { trade, photos } = await fillSource();
    source.use();
    const stores = { leads: source.store, alerts: alertsBlobs() };
    const chunks: string[][] = [];
    let cursor: ArchiveCursor | null = null;
    do {
      // A budget of one byte: every chunk stops after its first line.
      const chunk: Awaited<ReturnType<typeof archiveChunk>> = await archiveChunk(stores, cursor, 1);
      chunks.push(chunk.lines);
      cursor = chunk.next;
    } while (cursor && chunks.length < 50);
    expect(chunks.every((lines) => lines.length <= 2)).toBe(true);
    const photoChunks = chunks.filter((lines) => lines.some((line) => line.includes('"type":"photo"')));
    expect(photoChunks).toHaveLength(2);
    const all = chunks.flat();
    expect(all).toEqual(await Array.fromAsync(archiveLines(stores, undefined)).then((lines) => [all[0], ...lines.slice(1)]));

    target.use();
    const summary = await restoreArchive({ leads: target.store, alerts: alertsBlobs() }, () =>
      (async function* () {
        yield* all;
      })(),
    );
    expect(summary.added).toEqual({ leads: 2, photos: 2, subscribers: 1, deletions: 1 });
    const copy = await target.store.get(photoKey(trade, 1), { type: 'arrayBuffer' });
    expect(Buffer.from(copy!).equals(photos[1]!)).toBe(true);
  });
});

describe('the CSV (npm run leads -- export --csv, the inbox’s CSV)', { timeout: 60_000 }, () => {
  it('has every form’s fields, the store, the dealer’s status, notes and history and the photos, with formula-like text made harmless', async () => {
    const { contact, trade } = await fillSource();
    const { code, stdout } = await cli(['export', '--csv', '--sandbox', source.directory]);
    expect(code).toBe(0);
    const rows = parse(stdout, { columns: true }) as Record<string, string>[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(contact)).toMatchObject({
      firstName: `'=HYPERLINK("x")`,
      message: 'Line one\nline "two", and more.',
      form: 'contact',
      store: 'mount-holly',
      inboxStatus: 'new',
      notes: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.* local: =1\+1 looks like a formula$/),
    });
    const tradeRow = byId.get(trade)!;
    expect(tradeRow).toMatchObject({ form: 'trade-in', inboxStatus: 'contacted', status: 'pending' });
    expect(tradeRow.tradeIn).toContain('Cart: 2019 Club Car Onward');
    expect(tradeRow.tradeIn).toContain('Note: =HYPERLINK("http://x") New tires last spring.');
    expect(tradeRow.notes).toContain('local: Called back; coming Saturday.');
    expect(tradeRow.statusHistory).toMatch(/local: new → contacted$/);
    expect(tradeRow.photos).toMatch(/^side\.jpg \([\d.]+ (KB|MB)\); front\.png/);
    // Every field a visitor or the dealer wrote that starts like a formula is neutralised, in every column.
    for (const row of rows) for (const value of Object.values(row)) expect(value).not.toMatch(/^[=+\-@]/);
  });
});
