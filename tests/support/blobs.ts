import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getStore, type Store as NetlifyBlobs } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { MAIL_LOG_BLOBS } from '../../functions/lib/mail/log.ts';
import { listen } from './loopback.ts';

/**
 * The Netlify Blobs of the function tests: the real @netlify/blobs client talking to its own
 * local BlobsServer (a temporary directory, laid out like `netlify serve`'s .netlify/blobs-serve),
 * with the environment pointed at it as Netlify's runtime does.
 *
 * The Blobs service applies a conditional write (If-None-Match: *, If-Match) to the write
 * itself: of writers racing for one key with the same condition, one lands and the others are
 * answered 412. The local BlobsServer checks the condition, then reads the body and writes, with
 * awaits in between, and derives a blob's ETag from its file's modification time in milliseconds.
 * So in front of it the tests put what the service guarantees: each key's writes are applied one
 * at a time, each in a millisecond of its own (two writes of one key never share an ETag).
 *
 * A sandbox costs a few milliseconds to start and stop, so each test file starts its own
 * (tests/support/sandbox.ts), and its tests empty it rather than start another.
 */

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
  /** Hears every request that reaches the store (method and path), to count what code asks of it. */
  onRequest?: (request: IncomingMessage) => void;
}

const TOKEN = 'test-token';

/** A local Blobs sandbox; `start()` starts it and points the environment at it. */
export class BlobsSandbox {
  /** The sandbox directory (laid out like `netlify serve`'s .netlify/blobs-serve). */
  directory = '';
  server: BlobsServer | undefined;
  private proxy: StoreProxy | undefined;
  private leads: NetlifyBlobs | undefined;
  private context = '';

  constructor(private readonly options: BlobsOptions = {}) {}

  /** The leads blobs (whose deleteAll also empties the mail log). */
  get store(): NetlifyBlobs {
    if (!this.leads) throw new Error('the Blobs sandbox has not been started');
    return this.leads;
  }

  get siteID(): string {
    return this.options.siteID ?? 'test-site';
  }

  async start(): Promise<this> {
    this.directory = await mkdtemp(join(tmpdir(), 'leads-blobs-'));
    this.server = new BlobsServer({ directory: this.directory, token: TOKEN });
    const { port } = await this.server.start();
    this.proxy = await storeProxy(port, join(this.directory, '.clock'), this.options);
    const url = this.proxy.url;
    this.context = Buffer.from(JSON.stringify({ edgeURL: url, uncachedEdgeURL: url, siteID: this.siteID, token: TOKEN })).toString('base64');
    this.use();
    this.leads = withSharedPace(getStore({ name: 'leads', consistency: 'strong' }));
    return this;
  }

  /** Points the environment at this sandbox again (when a test file runs two). */
  use(): void {
    process.env.NETLIFY_BLOBS_CONTEXT = this.context;
  }

  /** Empties every store of the sandbox, once the requests it has taken are answered. */
  async empty(): Promise<void> {
    await this.proxy?.settled();
    await Promise.all(['entries', 'metadata'].map((part) => rm(join(this.directory, part, this.siteID), { recursive: true, force: true })));
  }

  /** Stops the sandbox once every request it has taken is answered, and removes it. */
  async stop(): Promise<void> {
    await this.proxy?.stop();
    await this.server?.stop();
    if (this.directory) await rm(this.directory, { recursive: true, force: true });
    this.leads = undefined;
  }
}

/** The sandbox's type in the tests. */
export type Blobs = BlobsSandbox;

/** Starts a local Blobs sandbox and points the environment at it, as Netlify's runtime does. */
export const startBlobs = (options: BlobsOptions = {}): Promise<Blobs> => new BlobsSandbox(options).start();

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
interface StoreProxy {
  url: string;
  /** Resolves once every request taken so far is answered. */
  settled: () => Promise<void>;
  stop: () => Promise<void>;
}

async function storeProxy(
  target: number,
  clockFile: string,
  { burstMs = 0, loseAnswer, sandboxConditions = false, onRequest }: BlobsOptions,
): Promise<StoreProxy> {
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
  const settled = async () => {
    while (inFlight.size > 0) await Promise.all(inFlight);
  };
  const { url, server } = await listen((request, response) => {
    onRequest?.(request);
    const work = handle(request, response).catch(() => {
      // A request the client gave up on, or a failure of the stand-in itself: answered 502 if it can still be.
      if (!response.headersSent && !response.destroyed) response.writeHead(502).end();
    });
    inFlight.add(work);
    void work.then(() => inFlight.delete(work));
  });
  return {
    url,
    settled,
    stop: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      clearInterval(timer);
      stopping = true;
      release();
      // Every request taken is answered before the sandbox goes.
      await settled();
      server.closeAllConnections();
      await closed;
    },
  };
}
