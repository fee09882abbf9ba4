import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import backupLeads, { config } from '../../functions/backup-leads.ts';
import { LAST_BACKUP_KEY, runBackup } from '../../functions/backup-leads-background.ts';
import { alertsBlobs } from '../../functions/lib/alerts/blobs.ts';
import { scheduledInvocation, WAKE_HEADER } from '../../functions/lib/http/guards.ts';
import type { Lead } from '../../functions/lib/leads/lead.ts';
import { photoKey } from '../../functions/lib/leads/photos.ts';
import { checkArchive } from '../../functions/lib/leads/archive.ts';
import { backupArchive } from '../../functions/lib/leads/backup.ts';
import { backupEnv, type BackupSettings } from '../../src/lib/settings/backup.ts';
import { fileLead } from '../../functions/lib/leads/blobs.ts';
import { listen } from '../support/loopback.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { VALID } from './contact-harness.ts';
import { S3StandIn } from './s3-stand-in.ts';

/**
 * The nightly backup of the dealer's archive (docs/operations.md §The dealer's archive): off
 * without its settings; with them, the archive lands in the dealer's bucket through the real
 * aws4fetch client, signed with SigV4, which a stand-in of S3 on loopback checks with the secret.
 * A big archive goes in parts no bigger than the part size; a failure or the run's end abandons
 * the upload and leaves no object.
 */

const CREDENTIALS = { accessKeyId: 'AKIADEALERBACKUP0001', secretAccessKey: 'a-secret-access-key-of-the-dealers-bucket', region: 'us-east-1' };
const MiB = 1024 * 1024;

const { blobs } = functionSandbox({ empty: 'each' });
let s3: S3StandIn;
const settings = (): BackupSettings => ({ endpoint: s3.url, bucket: 'dealer-backups', prefix: 'leads-archive/', ...CREDENTIALS });
const ENV_NAMES = ['BACKUP_S3_ENDPOINT', 'BACKUP_S3_BUCKET', 'BACKUP_S3_ACCESS_KEY_ID', 'BACKUP_S3_SECRET_ACCESS_KEY', 'BACKUP_S3_REGION', 'BACKUP_S3_PREFIX'];
const setEnv = (values: Record<string, string>) => {
  for (const name of ENV_NAMES) delete process.env[name];
  Object.assign(process.env, values);
};
const fullEnv = () => ({
  BACKUP_S3_ENDPOINT: s3.url,
  BACKUP_S3_BUCKET: 'dealer-backups',
  BACKUP_S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
  BACKUP_S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
});

beforeAll(async () => {
  s3 = await new S3StandIn('dealer-backups', CREDENTIALS).start();
});

afterAll(async () => {
  setEnv({});
  await s3.stop();
});

beforeEach(() => {
  s3.objects.clear();
  s3.requests.length = 0;
  s3.refusePart = undefined;
  s3.onPart = undefined;
  setEnv({});
});

const stores = () => ({ leads: blobs.store, alerts: alertsBlobs() });

/** A trade-in lead with photos of `sizes` bytes each (random, so they do not compress). */
async function leadWithPhotos(sizes: number[]): Promise<{ id: string; photos: Buffer[] }> {
  const id = crypto.randomUUID();
  const photos = sizes.map((size) => randomBytes(size));
  const lead: Lead = {
    id,
    receivedAt: new Date().toISOString(),
    status: 'sent',
    form: 'trade-in',
    inquiry: { ...VALID, interest: 'sales' },
    source: { channel: 'json', utm: {} },
    delivery: { attempts: 1 },
    photos: photos.map((bytes, n) => ({ n, name: `photo-${n}.jpg`, type: 'image/jpeg', bytes: bytes.length, removed: [] })),
  };
  await fileLead(blobs.store, lead);
  for (const [n, bytes] of photos.entries()) {
    await blobs.store.set(photoKey(id, n), new Uint8Array(bytes).buffer, {
      metadata: { name: `photo-${n}.jpg`, type: 'image/jpeg', bytes: bytes.length, removed: [] },
    });
  }
  return { id, photos };
}

const archiveIn = async (object: Buffer | undefined) => {
  const lines = gunzipSync(object ?? Buffer.alloc(0))
    .toString('utf8')
    .trimEnd()
    .split('\n');
  return {
    lines,
    summary: await checkArchive(
      (async function* () {
        yield* lines;
      })(),
    ),
  };
};

describe('the backup’s settings', () => {
  it('are off when none is set, and name the one missing or wrong otherwise', () => {
    expect(backupEnv({})).toEqual({ state: 'off' });
    expect(backupEnv({ BACKUP_S3_BUCKET: 'dealer-backups' })).toEqual({ state: 'invalid', error: 'BACKUP_S3_ENDPOINT must be the storage’s https address' });
    expect(backupEnv({ ...fullEnv(), BACKUP_S3_BUCKET: 'Dealer Backups' })).toEqual({ state: 'invalid', error: 'BACKUP_S3_BUCKET must be a bucket name' });
    expect(backupEnv({ ...fullEnv(), BACKUP_S3_SECRET_ACCESS_KEY: ' ' })).toEqual({ state: 'invalid', error: 'BACKUP_S3_SECRET_ACCESS_KEY is required' });
    expect(backupEnv(fullEnv())).toMatchObject({ state: 'on', settings: { region: 'us-east-1', prefix: 'leads-archive/' } });
  });
});

describe('the nightly job', () => {
  it('runs every night and does nothing at all without its settings', async () => {
    expect(config.schedule).toBe('30 4 * * *');
    const fetches = vi.spyOn(globalThis, 'fetch');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answer = await backupLeads(scheduledInvocation(), { site: { url: 'http://127.0.0.1:9' } } as never);
    expect(await answer.json()).toEqual({ status: 'off' });
    expect(fetches).not.toHaveBeenCalled();
    expect(await runBackup(new Request('http://localhost/.netlify/functions/backup-leads-background', { method: 'POST' }))).toBeUndefined();
    expect(warn).toHaveBeenCalledWith("[backup] A call without the scheduled job's signature was refused.");
    fetches.mockRestore();
    warn.mockRestore();
    expect(s3.requests).toEqual([]);
  });

  it('says which setting is wrong, and backs up nothing', async () => {
    setEnv({ ...fullEnv(), BACKUP_S3_ENDPOINT: 'not an address' });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = await backupLeads(scheduledInvocation(), { site: { url: 'http://127.0.0.1:9' } } as never);
    expect(answer.status).toBe(502);
    expect(error).toHaveBeenCalledWith('[backup] The backup is not set up right: BACKUP_S3_ENDPOINT must be the storage’s https address.');
    error.mockRestore();
    expect(s3.requests).toEqual([]);
  });

  it('wakes the background backup with the day’s signature; the backup puts the archive in the bucket once a day, and a visitor’s call does nothing', async () => {
    setEnv(fullEnv());
    const { id, photos } = await leadWithPhotos([40_000, 30_000]);
    const woken: { headers: IncomingHttpHeaders; url: string }[] = [];
    const site = await listen((request, response) => {
      woken.push({ headers: request.headers, url: request.url ?? '' });
      response.writeHead(202).end();
    });
    try {
      const answer = await backupLeads(scheduledInvocation(), { site: { url: site.url } } as never);
      expect(await answer.json()).toMatchObject({ status: 'started', httpStatus: 202 });
    } finally {
      await site.close();
    }
    expect(woken).toHaveLength(1);
    expect(woken[0]!.url).toBe('/.netlify/functions/backup-leads-background');

    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const visitor = new Request('http://localhost/.netlify/functions/backup-leads-background', { method: 'POST', headers: { [WAKE_HEADER]: 'f'.repeat(64) } });
    expect(await runBackup(visitor)).toBeUndefined();
    expect(s3.requests).toEqual([]);

    const job = new Request('http://localhost/.netlify/functions/backup-leads-background', {
      method: 'POST',
      headers: { [WAKE_HEADER]: String(woken[0]!.headers[WAKE_HEADER]) },
    });
    const result = await runBackup(job);
    const day = new Date().toISOString().slice(0, 10);
    expect(result).toMatchObject({ ok: true, key: `leads-archive/leads-archive-${day}.jsonl.gz`, parts: 1 });
    expect(s3.requests.map((request) => `${request.method} ${request.path}${request.query}`)).toEqual([
      `PUT /dealer-backups/leads-archive/leads-archive-${day}.jsonl.gz`,
    ]);
    const { lines, summary } = await archiveIn(s3.objects.get(`leads-archive/leads-archive-${day}.jsonl.gz`));
    expect(summary.counts).toMatchObject({ leads: 1, photos: 2, photoBytes: 70_000 });
    const photoLines = lines
      .map((line) => JSON.parse(line) as { type: string; lead?: string; n?: number; data?: string })
      .filter((line) => line.type === 'photo');
    expect(photoLines.map((line) => [line.lead, line.n])).toEqual([
      [id, 0],
      [id, 1],
    ]);
    expect(photoLines.map((line) => Buffer.from(line.data ?? '', 'base64').equals(photos[line.n!]!))).toEqual([true, true]);
    expect(await blobs.store.get(LAST_BACKUP_KEY, { type: 'json' })).toMatchObject({ ok: true, counts: { leads: 1 } });

    // The same day again (a retried wake-up): the day is claimed, nothing is sent twice.
    expect(await runBackup(job)).toBeUndefined();
    expect(s3.requests).toHaveLength(1);
    info.mockRestore();
    warn.mockRestore();
  });
});

describe('sending the archive', () => {
  it('sends a big archive in parts no bigger than the part size, each signed and checked, and the bucket gets the whole archive', async () => {
    const { photos } = await leadWithPhotos([4 * MiB, 4 * MiB, 3 * MiB]);
    const partBytes = 5 * MiB;
    const result = await backupArchive(stores(), settings(), { partBytes });
    expect(result).toMatchObject({ ok: true });
    expect(result.parts).toBeGreaterThanOrEqual(3);
    const calls = s3.requests.map((request) => `${request.method} ${request.query.replace(/=[^&]+/g, '=…')}`);
    expect(calls[0]).toBe('POST ?uploads');
    expect(calls.slice(1, -1)).toEqual(Array.from({ length: result.parts }, () => 'PUT ?partNumber=…&uploadId=…'));
    expect(calls.at(-1)).toBe('POST ?uploadId=…');
    // Memory: no request carried more than a part and one compressed chunk; the whole archive never sat in one buffer.
    const parts = s3.requests.filter((request) => request.method === 'PUT');
    for (const part of parts) expect(part.bytes).toBeLessThan(partBytes + 256 * 1024);
    const object = s3.objects.get(result.key)!;
    expect(object.length).toBe(result.bytes);
    expect(parts.reduce((sum, part) => sum + part.bytes, 0)).toBe(object.length);
    const { lines, summary } = await archiveIn(object);
    expect(summary.counts).toMatchObject({ leads: 1, photos: 3, photoBytes: 11 * MiB });
    const last = JSON.parse(lines.filter((line) => line.includes('"type":"photo"')).at(-1)!) as { data: string };
    expect(Buffer.from(last.data, 'base64').equals(photos[2]!)).toBe(true);
    expect(s3.openUploads).toBe(0);
  });

  it('abandons the upload, and leaves no object, when the storage refuses a part', async () => {
    await leadWithPhotos([4 * MiB, 4 * MiB, 3 * MiB]);
    s3.refusePart = 2;
    const result = await backupArchive(stores(), settings(), { partBytes: 5 * MiB });
    expect(result).toMatchObject({ ok: false, error: 'Sending part 2: the storage answered 403 AccessDenied: Access Denied' });
    expect(s3.requests.at(-1)).toMatchObject({ method: 'DELETE' });
    expect(s3.objects.size).toBe(0);
    expect(s3.openUploads).toBe(0);
  });

  it('abandons the upload when the run reaches its end in the middle of it', async () => {
    await leadWithPhotos([4 * MiB, 4 * MiB, 3 * MiB]);
    const end = new AbortController();
    // The run's end comes while part 2 is on its way: the storage has not answered it yet.
    let hold!: () => void;
    s3.onPart = (number) => {
      if (number !== 2) return;
      end.abort(new DOMException('The run reached its end', 'TimeoutError'));
      return new Promise<void>((resolve) => (hold = resolve));
    };
    const result = await backupArchive(stores(), settings(), { partBytes: 5 * MiB, signal: end.signal });
    hold();
    expect(result).toMatchObject({ ok: false, error: 'The backup took longer than 13 minutes and was abandoned' });
    expect(s3.requests.at(-1)).toMatchObject({ method: 'DELETE' });
    expect(s3.objects.size).toBe(0);
    expect(s3.openUploads).toBe(0);
  });

  it('is refused by the storage when it is signed with another secret: the stand-in checks the signature', async () => {
    await leadWithPhotos([1000]);
    const result = await backupArchive(stores(), { ...settings(), secretAccessKey: 'not-the-secret-of-this-bucket' });
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('403 SignatureDoesNotMatch') });
    expect(s3.objects.size).toBe(0);
  });
});
