import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getStore, type Store as NetlifyBlobs } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import contact from '../../functions/contact.ts';
import { MAIL_LOG_BLOBS } from '../../functions/lib/mail/log.ts';

/**
 * What the contact tests run against: the real handler, the real @netlify/blobs client talking
 * to its own local BlobsServer (a temporary directory), and the real resend SDK sending to a
 * local HTTP endpoint (RESEND_BASE_URL) that records every request.
 *
 * The Blobs service applies a conditional write (If-None-Match: *, If-Match) to the write
 * itself: of writers racing for one key with the same condition, one lands and the others are
 * answered 412. The local BlobsServer checks the condition, then reads the body and writes, with
 * awaits in between, and derives a blob's ETag from its file's modification time in milliseconds.
 * So in front of it the tests put what the service guarantees: each key's writes are applied one
 * at a time, each in a millisecond of its own (two writes of one key never share an ETag).
 */

export interface Blobs {
  store: NetlifyBlobs;
  server: BlobsServer;
  /** The sandbox directory (laid out like `netlify serve`'s .netlify/blobs-serve). */
  directory: string;
  /** Points the environment at this server again (when a test file runs two). */
  use: () => void;
  stop: () => Promise<void>;
}

export interface BlobsOptions {
  /**
   * Requests to the store are held and let through together every this many ms, as a busy
   * machine does when many function instances share two cores and the local server handles
   * the requests that queued up in one go: what happens side by side then meets at the store.
   */
  burstMs?: number;
  /**
   * Requests whose answer is lost on the way back: the store handles them, then the connection
   * drops, as a network does now and then (the Blobs client sends the request again).
   */
  loseAnswer?: (request: IncomingMessage) => boolean;
  /**
   * The local server's own conditional writes (checked, then written, with awaits in between):
   * the weakest store code can meet, for the tests that show it still holds there.
   */
  sandboxConditions?: boolean;
  /** The site the stores belong to ("test-site"); "unlinked" is the site of `npm start`'s sandbox. */
  siteID?: string;
}

/** Starts a local Blobs server and points the environment at it, as Netlify's runtime does. */
export async function startBlobs(options: BlobsOptions = {}): Promise<Blobs> {
  const directory = await mkdtemp(join(tmpdir(), 'leads-blobs-'));
  const token = 'test-token';
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const proxy = await storeProxy(port, join(directory, '.clock'), options);
  const url = `http://127.0.0.1:${proxy.port}`;
  const context = { edgeURL: url, uncachedEdgeURL: url, siteID: options.siteID ?? 'test-site', token };
  const use = () => void (process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(context)).toString('base64'));
  use();
  return {
    store: withSharedPace(getStore({ name: 'leads', consistency: 'strong' })),
    server,
    directory,
    use,
    stop: async () => {
      await proxy.stop();
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The leads store, whose deleteAll also empties the mail log, where every sender's pace and the
 * provider's hold live (functions/lib/mail/pacer.ts): a test that starts from an empty store starts
 * with no slot booked and no hold left by the test before.
 */
function withSharedPace(store: NetlifyBlobs): NetlifyBlobs {
  return new Proxy(store, {
    get(target, name, receiver) {
      if (name !== 'deleteAll') return Reflect.get(target, name, receiver) as unknown;
      return async () => {
        const [result] = await Promise.all([target.deleteAll(), getStore({ name: MAIL_LOG_BLOBS, consistency: 'strong' }).deleteAll()]);
        return result;
      };
    },
  });
}

/**
 * An HTTP pass-through to the Blobs server that applies each key's writes one at a time (unless
 * `sandboxConditions`), lets the requests it holds through every `burstMs` ms (at once without),
 * and drops the connection instead of answering the requests `loseAnswer` picks. Its `stop`
 * waits for every request it has taken (held, waiting for its turn or on its way to the server)
 * to be answered, so nothing it started touches the sandbox once the sandbox is removed.
 */
async function storeProxy(
  target: number,
  clockFile: string,
  { burstMs = 0, loseAnswer, sandboxConditions = false }: BlobsOptions,
): Promise<{ port: number; stop: () => Promise<void> }> {
  /** The file system's clock (the one modification times are taken from), in whole milliseconds. */
  const fileClock = async () => {
    await writeFile(clockFile, '.');
    return Math.floor((await stat(clockFile)).mtimeMs);
  };
  /** Per key: the last write's turn, and a millisecond of the file clock no earlier than its modification time. */
  const writes = new Map<string, { turn: Promise<void>; appliedAt: number }>();
  /** Runs `forward` in the request's turn: a write of a key after the one before it, in a millisecond of its own. */
  const inTurn = async (request: IncomingMessage, forward: () => Promise<void>): Promise<void> => {
    if (sandboxConditions || request.method !== 'PUT') return forward();
    const key = new URL(request.url ?? '/', 'http://store').pathname;
    const last = writes.get(key) ?? { turn: Promise.resolve(), appliedAt: -Infinity };
    let done!: () => void;
    const entry = { turn: new Promise<void>((resolve) => (done = resolve)), appliedAt: -1 };
    writes.set(key, entry);
    try {
      await last.turn;
      // The modification time names the version: the next write waits for the file clock's next millisecond.
      while ((await fileClock()) <= last.appliedAt) await new Promise((resolve) => setTimeout(resolve, 1));
      await forward();
      entry.appliedAt = await fileClock();
    } finally {
      done();
    }
  };
  let held: (() => void)[] = [];
  const release = () => {
    const due = held;
    held = [];
    for (const go of due) go();
  };
  const timer = burstMs ? setInterval(release, burstMs) : undefined;
  let stopping = false;
  /** Resolves when the request may go on: at the next burst, or at once without `burstMs` or once stopping. */
  const letThrough = () => (timer && !stopping ? new Promise<void>((resolve) => held.push(resolve)) : Promise.resolve());

  /** Sends the request on and its answer back (or drops the connection); resolves once the server's answer has been read. */
  const forward = (request: IncomingMessage, body: Buffer, response: ServerResponse, lose: boolean) =>
    new Promise<void>((resolve) => {
      const upstream = httpRequest({ host: '127.0.0.1', port: target, path: request.url, method: request.method, headers: request.headers }, (answer) => {
        answer.on('close', resolve);
        if (lose) {
          answer.on('end', () => response.destroy());
          answer.resume();
          return;
        }
        // A client that went away still has the server's answer read to its end.
        response.on('close', () => answer.resume());
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      upstream.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
        resolve();
      });
      upstream.end(body);
    });

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const lose = loseAnswer?.(request) ?? false;
    await letThrough();
    await inTurn(request, () => forward(request, Buffer.concat(chunks), response, lose));
  };
  /** Every request taken and not yet answered. */
  const inFlight = new Set<Promise<void>>();
  const server = createServer((request, response) => {
    const work = handle(request, response).catch(() => {
      // A request the client gave up on, or a failure of the stand-in itself: answered 502 if it can still be.
      if (!response.headersSent && !response.destroyed) response.writeHead(502).end();
    });
    inFlight.add(work);
    void work.then(() => inFlight.delete(work));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stop: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      clearInterval(timer);
      stopping = true;
      release();
      // Every request taken is answered before the sandbox goes.
      while (inFlight.size > 0) await Promise.all(inFlight);
      server.closeAllConnections();
      await closed;
    },
  };
}

export interface RecordedEmail {
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    from: string;
    to: string[];
    subject: string;
    text: string;
    html?: string;
    reply_to?: string;
    attachments?: { filename: string; content: string; content_type: string }[];
    headers?: Record<string, string>;
  };
}

export type MailboxMode = 'ok' | 'down' | 'rate-limited';

/** A stand-in for the Resend API: answers like it does and keeps what it was sent. */
export class Mailbox {
  readonly received: RecordedEmail[] = [];
  /** Requests it refused (down or rate-limited), for counting attempts. */
  refused = 0;
  mode: MailboxMode = 'ok';
  /** Refuse (as down) only the messages to this address. */
  downFor: string | undefined;
  /** The Retry-After a rate-limited answer carries, in seconds. */
  retryAfterSeconds = 900;
  /** When set, answers wait for it (to show the visitor's answer does not). */
  hold: Promise<void> | undefined;
  /** Every request as it arrived, answered or not: its idempotency key, recipients and time (ms). */
  readonly requests: { idempotencyKey: string; to: string[]; subject: string; at: number }[] = [];
  /** Like Resend: more than this many requests within one second are answered 429. */
  limitPerSecond: number | undefined;
  /** Messages it refuses as invalid (422), like a provider refusing their content. */
  refuseContent: ((body: RecordedEmail['body']) => boolean) | undefined;
  /** Requests answered 429 because of limitPerSecond. */
  overLimit = 0;
  /**
   * The account's sending domains, as GET /domains lists them (https://resend.com/docs/api-reference/domains/list-domains),
   * and its API keys: a key not named is refused (403 invalid_api_key), a "sending" key may only
   * send (401 restricted_api_key on /domains). Without keys, every key is taken (the lead tests).
   */
  domains: { name: string; status: 'verified' | 'pending' | 'not_started' | 'failed' | 'partially_verified' | 'partially_failed' }[] = [];
  keys: Map<string, 'full' | 'sending'> | undefined;
  private server: Server | undefined;
  private next = 1;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      // When the request arrived (its headers), as a provider's rate limiter counts it.
      const arrived = performance.now();
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', async () => {
        const key = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
        const refuse = (status: number, name: string, message: string) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ name, message, statusCode: status }));
        };
        if (this.keys && !this.keys.has(key)) return refuse(403, 'invalid_api_key', 'API key is invalid');
        if (request.method === 'GET' && request.url === '/domains') {
          if (this.keys?.get(key) === 'sending') return refuse(401, 'restricted_api_key', 'This API key is restricted to only send emails');
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({
              object: 'list',
              has_more: false,
              data: this.domains.map((domain, index) => ({
                id: `d${index + 1}-0000-4000-8000-000000000000`,
                name: domain.name,
                status: domain.status,
                created_at: '2026-01-05 10:00:00.000000+00',
                region: 'us-east-1',
                capabilities: { sending: 'enabled', receiving: 'disabled' },
              })),
            }),
          );
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedEmail['body'];
        this.requests.push({ idempotencyKey: String(request.headers['idempotency-key'] ?? ''), to: body.to, subject: body.subject, at: arrived });
        if (this.limitPerSecond !== undefined && this.requests.filter((r) => r.at > arrived - 1000).length > this.limitPerSecond) {
          this.overLimit++;
          response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
          response.end(JSON.stringify({ name: 'rate_limit_exceeded', message: 'Too many requests', statusCode: 429 }));
          return;
        }
        await this.hold;
        if (response.destroyed) return;
        if (this.refuseContent?.(body)) {
          this.refused++;
          response.writeHead(422, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ name: 'validation_error', message: 'The message was refused', statusCode: 422 }));
          return;
        }
        if (this.mode === 'down' || (this.downFor && body.to.includes(this.downFor))) {
          this.refused++;
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ name: 'internal_server_error', message: 'Provider is down', statusCode: 500 }));
          return;
        }
        if (this.mode === 'rate-limited') {
          this.refused++;
          response.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(this.retryAfterSeconds) });
          response.end(JSON.stringify({ name: 'rate_limit_exceeded', message: 'Too many requests', statusCode: 429 }));
          return;
        }
        this.received.push({ path: request.url ?? '', headers: request.headers, body });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ id: `email-${this.next++}` }));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

export const MAIL_ENV = {
  RESEND_API_KEY: 're_test_key',
  LEADS_TO: 'sales@dealer.test, owner@dealer.test',
  LEADS_FROM: 'Dealer Website <leads@dealer.test>',
  ADF_TO: 'crm@dealer.test',
  // The suite's mailbox has no rate limit; the backlog tests set their own pace.
  RESEND_RATE_PER_SECOND: '50',
  // One store in one process settles at once: the races of tests/functions/lead-faults.test.ts
  // meet at a busy store and keep the default.
  LEADS_SETTLE_MS: '20',
} as const;

/** Variables a test may set on top of MAIL_ENV; configureMail resets them. */
const EXTRA_ENV = [
  'RESEND_BASE_URL',
  'PHOTO_LINK_SECRET',
  'PHOTO_LINK_DAYS',
  'RECEIPTS',
  'RESEND_TIMEOUT_MS',
  'HEALTH_PENDING_MAX_MINUTES',
  'LEADS_TO_SALES',
  'LEADS_TO_SERVICE',
  'LEADS_TO_PARTS',
  'LEADS_TO_GENERAL',
  'LEADS_TO_RENTALS',
] as const;

/** Points the mailer at the mailbox (or removes the key, for "no e-mail configured"). */
export function configureMail(mailbox: Mailbox | null): void {
  if (!mailbox) {
    for (const name of [...Object.keys(MAIL_ENV), ...EXTRA_ENV]) delete process.env[name];
    return;
  }
  for (const name of EXTRA_ENV) delete process.env[name];
  Object.assign(process.env, MAIL_ENV, { RESEND_BASE_URL: mailbox.url });
}

/** GET /api/health as the dealer's monitor asks it: with HEALTH_TOKEN, so the figures come too. */
export function healthCheck(): Request {
  process.env.HEALTH_TOKEN ??= 'health-token-of-the-dealers-monitor-0123';
  return new Request('http://localhost/api/health', { headers: { authorization: `Bearer ${process.env.HEALTH_TOKEN}` } });
}

export const VALID = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@example.com',
  phone: '(609) 555-0100',
  interest: 'sales',
  message: 'I would like to test drive the EV City this weekend.',
} as const;

let ipCounter = 0;
/** A new client address for each call, so one test's requests never hit another's rate limit. */
export function freshIp(): string {
  ipCounter++;
  return `203.0.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

export interface PostOptions {
  ip?: string;
  headers?: Record<string, string>;
  contentType?: string;
  method?: string;
}

/** Calls the real handler like Netlify does and keeps the work it hands to waitUntil. */
export class Client {
  readonly background: Promise<unknown>[] = [];

  /** The contact function by default; any function of the same contract (e.g. /api/reserve). */
  constructor(
    private readonly handler: typeof contact = contact,
    private readonly path = '/api/contact',
  ) {}

  async post(body: unknown, options: PostOptions = {}): Promise<Response> {
    const contentType = options.contentType ?? 'application/json';
    const payload = typeof body === 'string' ? body : body instanceof Uint8Array ? new Uint8Array(body) : JSON.stringify(body);
    const request = new Request(`http://localhost${this.path}`, {
      method: options.method ?? 'POST',
      headers: { 'content-type': contentType, 'user-agent': 'Mozilla/5.0 (test)', ...options.headers },
      body: options.method === 'GET' || options.method === 'HEAD' ? undefined : payload,
    });
    return this.handler(request, { ip: options.ip ?? freshIp(), waitUntil: (promise) => void this.background.push(promise) });
  }

  async form(fields: Record<string, string | string[]>, options: PostOptions = {}): Promise<Response> {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
    return this.post(params.toString(), { ...options, contentType: 'application/x-www-form-urlencoded' });
  }

  /** A plain HTML form post with files (multipart/form-data), as a browser sends it without JavaScript. */
  async multipart(
    fields: Record<string, string | string[]>,
    files: { field: string; name: string; bytes: Uint8Array }[],
    options: PostOptions = {},
  ): Promise<Response> {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
    for (const file of files) data.append(file.field, new Blob([new Uint8Array(file.bytes)]), file.name);
    const request = new Request(`http://localhost${this.path}`, {
      method: 'POST',
      headers: { 'user-agent': 'Mozilla/5.0 (test)', ...options.headers },
      body: data,
    });
    return this.handler(request, { ip: options.ip ?? freshIp(), waitUntil: (promise) => void this.background.push(promise) });
  }

  /** Waits for the e-mail work started after the answers. */
  async settle(): Promise<void> {
    while (this.background.length > 0) await Promise.all(this.background.splice(0));
  }
}

export async function storedLeads(store: NetlifyBlobs): Promise<Record<string, any>[]> {
  const { blobs } = await store.list({ prefix: 'leads/' });
  // The local server writes through a temporary ".name" file: a listing during a write can show it.
  const leads = await Promise.all(blobs.filter((blob) => !blob.key.split('/').pop()?.startsWith('.')).map((blob) => store.get(blob.key, { type: 'json' })));
  return leads.filter((lead) => lead !== null);
}
