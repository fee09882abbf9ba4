import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { AwsClient } from 'aws4fetch';
import type { BackupSettings } from '../../../src/lib/settings/backup.ts';
import { archiveLines, type ArchiveCounts, type ArchiveStores } from './archive.ts';

/**
 * The nightly copy of the dealer's archive (lib/leads/archive.ts) in a bucket the dealer owns, on
 * any storage that speaks S3 (AWS S3, Cloudflare R2, Backblaze B2, Wasabi, MinIO …), signed with
 * AWS Signature Version 4 by aws4fetch (docs/operations.md §The dealer's archive). Off until its
 * settings are there (src/lib/settings/backup.ts).
 *
 * It keeps within a background function's 15 minutes and 1 GB: the archive is made a chunk at a
 * time, gzip-compressed as it goes and sent in parts of PART_BYTES (S3's multipart upload), so at
 * most a chunk and a part are in memory whatever the size of the photos; a small archive goes in
 * one PUT. A run that fails, or would run past its time, abandons its upload (the bucket keeps no
 * half archive) and says why.
 */

/** S3's smallest part but the last is 5 MiB; 8 MiB parts reach 80 GB within its 10,000 parts. */
export const PART_BYTES = 8 * 1024 * 1024;
/** A background function runs 15 minutes: the backup gives up after this long, with time to abandon its upload. */
export const RUN_LIMIT_MS = 13 * 60_000;

/** The object's address: path style, or the endpoint itself when it already names the bucket (virtual-hosted style). */
export function objectUrl(settings: BackupSettings, key: string, query = ''): string {
  const endpoint = new URL(settings.endpoint);
  const path = key
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/');
  const base = endpoint.hostname.startsWith(`${settings.bucket}.`) ? settings.endpoint : `${settings.endpoint}/${settings.bucket}`;
  return `${base}/${path}${query}`;
}

export interface BackupResult {
  ok: boolean;
  at: string;
  key: string;
  /** Bytes of the gzip-compressed archive sent. */
  bytes: number;
  parts: number;
  counts?: ArchiveCounts;
  error?: string;
}

class StorageError extends Error {}

/** An S3 answer's error as the storage words it ("AccessDenied: …"), or its status. */
async function storageError(action: string, response: Response): Promise<StorageError> {
  const body = await response.text().catch(() => '');
  const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1];
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1];
  return new StorageError(`${action}: the storage answered ${response.status}${code ? ` ${code}` : ''}${message ? `: ${message}` : ''}`);
}

/**
 * Sends the archive of `stores` to the bucket as `<prefix>leads-archive-<day>.jsonl.gz` (one
 * object a day; a second run the same day replaces it). Never throws: the result says what happened.
 */
export async function backupArchive(
  stores: ArchiveStores,
  settings: BackupSettings,
  {
    now = Date.now(),
    partBytes = PART_BYTES,
    limitMs = RUN_LIMIT_MS,
    signal,
  }: { now?: number; partBytes?: number; limitMs?: number; signal?: AbortSignal } = {},
): Promise<BackupResult> {
  const day = new Date(now).toISOString().slice(0, 10);
  const key = `${settings.prefix}leads-archive-${day}.jsonl.gz`;
  const result: BackupResult = { ok: false, at: new Date(now).toISOString(), key, bytes: 0, parts: 0 };
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    retries: 2,
  });
  // The run's end: its time limit, or the caller's (the function's own end).
  const deadline = AbortSignal.any([AbortSignal.timeout(limitMs), ...(signal ? [signal] : [])]);
  /** A signed request (retried on a 5xx or a dropped connection), its payload's SHA-256 signed too: the storage checks the bytes it got. */
  const send = (url: string, init: { method: string; body?: Uint8Array | string; headers?: Record<string, string> }, until: AbortSignal = deadline) => {
    const body = typeof init.body === 'string' ? new TextEncoder().encode(init.body) : init.body;
    const hash = createHash('sha256')
      .update(body ?? new Uint8Array())
      .digest('hex');
    return client.fetch(url, {
      method: init.method,
      headers: { ...init.headers, 'x-amz-content-sha256': hash },
      signal: until,
      ...(body ? { body: body as BodyInit } : {}),
    });
  };
  let uploadId: string | undefined;
  const etags: string[] = [];
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const take = () => {
    const part = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    return part;
  };
  const uploadPart = async (part: Uint8Array) => {
    if (!uploadId) {
      const created = await send(objectUrl(settings, key, '?uploads'), { method: 'POST', headers: { 'content-type': 'application/gzip' } });
      if (!created.ok) throw await storageError('Starting the upload', created);
      uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(await created.text())?.[1];
      if (!uploadId) throw new StorageError('Starting the upload: the storage gave no upload id');
    }
    const number = etags.length + 1;
    const answer = await send(objectUrl(settings, key, `?partNumber=${number}&uploadId=${encodeURIComponent(uploadId)}`), { method: 'PUT', body: part });
    if (!answer.ok) throw await storageError(`Sending part ${number}`, answer);
    await answer.body?.cancel();
    etags.push(answer.headers.get('etag') ?? '');
    result.parts = number;
  };
  try {
    let last = '';
    await pipeline(
      Readable.from(
        (async function* () {
          for await (const line of archiveLines(stores, undefined, now)) {
            last = line;
            yield `${line}\n`;
          }
        })(),
      ),
      createGzip(),
      async (compressed: AsyncIterable<Buffer>) => {
        for await (const chunk of compressed) {
          deadline.throwIfAborted();
          pending.push(chunk);
          pendingBytes += chunk.length;
          result.bytes += chunk.length;
          if (pendingBytes >= partBytes) await uploadPart(take());
        }
      },
    );
    result.counts = (JSON.parse(last) as { counts: ArchiveCounts }).counts;
    if (!uploadId) {
      const put = await send(objectUrl(settings, key), { method: 'PUT', body: take(), headers: { 'content-type': 'application/gzip' } });
      if (!put.ok) throw await storageError('Sending the archive', put);
      await put.body?.cancel();
      result.parts = 1;
    } else {
      if (pendingBytes > 0) await uploadPart(take());
      const parts = etags.map(
        (etag, index) => `<Part><PartNumber>${index + 1}</PartNumber><ETag>${etag.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</ETag></Part>`,
      );
      const done = await send(objectUrl(settings, key, `?uploadId=${encodeURIComponent(uploadId)}`), {
        method: 'POST',
        body: `<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${parts.join('')}</CompleteMultipartUpload>`,
        headers: { 'content-type': 'application/xml' },
      });
      // S3 may answer 200 with an error in the body when the completion fails late.
      const body = done.ok ? await done.text() : '';
      if (!done.ok || body.includes('<Error>'))
        throw done.ok ? new StorageError(`Finishing the upload: ${body.slice(0, 200)}`) : await storageError('Finishing the upload', done);
    }
    result.ok = true;
    return result;
  } catch (error) {
    result.error =
      deadline.aborted || (error instanceof Error && error.name === 'TimeoutError')
        ? `The backup took longer than ${Math.round(limitMs / 60_000)} minutes and was abandoned`
        : error instanceof StorageError
          ? error.message
          : `The storage could not be reached: ${error instanceof Error ? error.message : String(error)}`;
    if (uploadId) {
      await send(objectUrl(settings, key, `?uploadId=${encodeURIComponent(uploadId)}`), { method: 'DELETE' }, AbortSignal.timeout(30_000))
        .then((answer) => answer.body?.cancel())
        .catch(() => undefined);
    }
    return result;
  }
}
