import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { listen, type Loopback } from '../support/loopback.ts';

/**
 * A stand-in for an S3-compatible storage on loopback, speaking S3's REST wire format with path-
 * style addresses (https://docs.aws.amazon.com/AmazonS3/latest/API/): PutObject, and the
 * multipart upload (CreateMultipartUpload, UploadPart, CompleteMultipartUpload,
 * AbortMultipartUpload). Every request must carry an AWS Signature Version 4 that the stand-in
 * checks itself with the secret key, by the algorithm AWS documents
 * (https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html),
 * not by the client's code: a wrong key or a request signed wrongly is answered 403
 * SignatureDoesNotMatch as S3 answers it. The payload's SHA-256 (x-amz-content-sha256) must match
 * the bytes received. Parts but the last must be 5 MiB at least (EntityTooSmall).
 */

export interface S3Request {
  method: string;
  path: string;
  query: string;
  bytes: number;
}

const MIN_PART = 5 * 1024 * 1024;

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

export class S3StandIn {
  readonly objects = new Map<string, Buffer>();
  readonly requests: S3Request[] = [];
  /** Answers S3's error to the part with this number (e.g. AccessDenied). */
  refusePart: number | undefined;
  /** Called when a part arrives, before it is answered: a test can hold the answer until a promise settles. */
  onPart: ((number: number) => Promise<void> | void) | undefined;
  private readonly uploads = new Map<string, { key: string; parts: Map<number, Buffer> }>();
  private loopback: Loopback | undefined;
  url = '';

  constructor(
    readonly bucket: string,
    readonly credentials: { accessKeyId: string; secretAccessKey: string; region: string },
  ) {}

  async start(): Promise<this> {
    this.loopback = await listen((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        void this.handle(request, Buffer.concat(chunks)).then(
          ({ status, body, headers }) => {
            if (response.destroyed) return;
            response.writeHead(status, { ...(body ? { 'content-type': 'application/xml' } : {}), ...headers });
            response.end(body);
          },
          () => response.destroy(),
        );
      });
    });
    this.url = this.loopback.url;
    return this;
  }

  async stop(): Promise<void> {
    await this.loopback?.close();
  }

  /** The uploads started and neither completed nor aborted. */
  get openUploads(): number {
    return this.uploads.size;
  }

  private error(status: number, code: string, message: string) {
    return { status, body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>` };
  }

  /** Whether the request's SigV4 signature is the one the secret makes, or the error S3 gives. */
  private verify(request: IncomingMessage, url: URL, body: Buffer): { status: number; body: string } | null {
    const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      String(request.headers.authorization ?? ''),
    );
    if (!auth) return this.error(403, 'AccessDenied', 'No AWS Signature Version 4 authorization');
    const [, keyId, day, region, signedHeaders, signature] = auth as unknown as string[];
    if (keyId !== this.credentials.accessKeyId)
      return this.error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    if (region !== this.credentials.region) return this.error(400, 'AuthorizationHeaderMalformed', `the region '${region}' is wrong`);
    const amzDate = String(request.headers['x-amz-date'] ?? '');
    if (!amzDate.startsWith(day!)) return this.error(403, 'AccessDenied', 'x-amz-date does not match the credential scope');
    const skew = Math.abs(Date.now() - Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z')));
    if (!(skew < 15 * 60_000)) return this.error(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
      return this.error(400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.');
    const names = signedHeaders!.split(';');
    if (!names.includes('host') || !names.includes('x-amz-date')) return this.error(403, 'AccessDenied', 'host and x-amz-date must be signed');
    const canonicalHeaders = names
      .map(
        (name) =>
          `${name}:${String(request.headers[name] ?? '')
            .trim()
            .replace(/\s+/g, ' ')}\n`,
      )
      .join('');
    const canonicalQuery = [...url.searchParams]
      .map(([name, value]) => [encode(name), encode(value)])
      .sort(([a, x], [b, y]) => (a! < b! ? -1 : a! > b! ? 1 : x! < y! ? -1 : x! > y! ? 1 : 0))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const canonicalUri = url.pathname
      .split('/')
      .map((segment) => encode(decodeURIComponent(segment)))
      .join('/');
    const canonicalRequest = [request.method, canonicalUri, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
    const key = hmac(hmac(hmac(hmac(`AWS4${this.credentials.secretAccessKey}`, day!), region!), 's3'), 'aws4_request');
    if (hmac(key, stringToSign).toString('hex') !== signature)
      return this.error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
    return null;
  }

  private async handle(request: IncomingMessage, body: Buffer): Promise<{ status: number; body?: string; headers?: Record<string, string> }> {
    const url = new URL(request.url ?? '/', 'http://s3.test');
    this.requests.push({ method: request.method ?? '', path: url.pathname, query: url.search, bytes: body.length });
    const refused = this.verify(request, url, body);
    if (refused) return refused;
    const [, bucket, ...rest] = url.pathname.split('/');
    if (bucket !== this.bucket) return this.error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    const key = rest.map((segment) => decodeURIComponent(segment)).join('/');
    const uploadId = url.searchParams.get('uploadId');
    const etag = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;

    if (request.method === 'PUT' && !uploadId) {
      this.objects.set(key, body);
      return { status: 200, headers: { etag: etag(body) } };
    }
    if (request.method === 'POST' && url.searchParams.has('uploads')) {
      const id = randomUUID();
      this.uploads.set(id, { key, parts: new Map() });
      return {
        status: 200,
        body: `<?xml version="1.0" encoding="UTF-8"?><InitiateMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      };
    }
    const upload = uploadId ? this.uploads.get(uploadId) : undefined;
    if (uploadId && (!upload || upload.key !== key)) return this.error(404, 'NoSuchUpload', 'The specified upload does not exist.');
    if (request.method === 'PUT' && upload) {
      const number = Number(url.searchParams.get('partNumber'));
      if (!Number.isInteger(number) || number < 1 || number > 10_000)
        return this.error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000');
      await this.onPart?.(number);
      if (this.refusePart === number) return this.error(403, 'AccessDenied', 'Access Denied');
      upload.parts.set(number, body);
      return { status: 200, headers: { etag: etag(body) } };
    }
    if (request.method === 'POST' && upload) {
      const listed = [...body.toString('utf8').matchAll(/<Part><PartNumber>(\d+)<\/PartNumber><ETag>([^<]*)<\/ETag><\/Part>/g)].map((m) => ({
        number: Number(m[1]),
        etag: m[2]!.replace(/&quot;/g, '"'),
      }));
      if (listed.length === 0) return this.error(400, 'MalformedXML', 'The XML you provided was not well-formed');
      const parts: Buffer[] = [];
      for (const [index, part] of listed.entries()) {
        const bytes = upload.parts.get(part.number);
        if (!bytes || etag(bytes) !== part.etag) return this.error(400, 'InvalidPart', 'One or more of the specified parts could not be found.');
        if (index < listed.length - 1 && bytes.length < MIN_PART)
          return this.error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
        parts.push(bytes);
      }
      this.objects.set(key, Buffer.concat(parts));
      this.uploads.delete(uploadId!);
      return {
        status: 200,
        body: `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${key}</Key></CompleteMultipartUploadResult>`,
      };
    }
    if (request.method === 'DELETE' && upload) {
      this.uploads.delete(uploadId!);
      return { status: 204 };
    }
    return this.error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }
}
