import type { Store as NetlifyBlobs } from '@netlify/blobs';
import contact from '../../functions/contact.ts';

/**
 * The contact function as Netlify calls it, for the function tests: the real handler, a visitor's
 * request, the work it hands to waitUntil kept so a test can wait for it. The Blobs sandbox and the
 * mailbox it runs against are in tests/support/.
 */

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

/** The cart a trade-in form describes (the visitor and the note are each test's own). */
export const TRADE_IN_CART = {
  year: '2019',
  make: 'club-car',
  makeOther: '',
  model: 'Onward',
  serial: '',
  battery: 'lithium',
  batteryAge: '1-3',
  lifted: 'yes',
  condition: 'good',
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
