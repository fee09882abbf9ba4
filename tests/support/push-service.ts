import { createECDH, createPublicKey, hkdfSync, randomBytes, createDecipheriv, verify, type JsonWebKey } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { listen, type Loopback } from './loopback.ts';

/**
 * A push service on loopback (what a phone's browser vendor runs: FCM, Mozilla's autopush,
 * Apple's), for the function tests. It hands out subscriptions as a browser's PushManager does
 * (an endpoint on this service, a P-256 key pair and an auth secret made here), and takes the
 * real requests web-push builds (RFC 8030): it checks the VAPID header (RFC 8292: an ES256 JWT
 * for this service's origin, signed with the key it names), decrypts each message with the
 * subscription's private key (RFC 8291, aes128gcm, RFC 8188) and keeps what the phone would
 * show. A subscription can be made to answer 404 or 410 (gone), 500, or to hold its answer (slow).
 */

export interface PushDevice {
  id: string;
  /** What PushSubscription.toJSON() gives the page. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** The answer this device's endpoint gives: 201 (delivered), 404 or 410 (gone), 500. */
  status: number;
}

export interface DeliveredMessage {
  device: string;
  /** performance.now() when it arrived. */
  at: number;
  /** The decrypted payload, as the service worker's push event reads it. */
  text: string;
  json: Record<string, unknown>;
  headers: IncomingMessage['headers'];
  /** The VAPID JWT's claims and the key that signed it. */
  vapid: { aud: string; exp: number; sub: string; key: string };
}

interface DeviceKeys {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
}

const b64 = (bytes: Buffer) => bytes.toString('base64url');

/** RFC 8291 §3.4 and RFC 8188 §2: the plaintext of an aes128gcm body for the holder of `keys`. */
export function decryptMessage(body: Buffer, keys: DeviceKeys): { text: string; senderKey: Buffer } {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid is ${idLength} bytes, not an uncompressed P-256 key`);
  if (records.length > recordSize) throw new Error('more than one record');
  const shared = keys.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then padding of zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return { text: padded.subarray(0, end).toString('utf8'), senderKey };
}

/** RFC 8292: "vapid t=<JWT>, k=<key>", the JWT signed ES256 by the key. Its claims, or why not. */
export function checkVapid(header: string | undefined, origin: string, now = Date.now()): DeliveredMessage['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`Authorization is not a VAPID header: ${header}`);
  const [head, claims, signature] = match[1].split('.') as [string, string, string];
  const raw = Buffer.from(match[2], 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const jwk: JsonWebKey = { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33)) };
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the JWT is not signed by k');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (header_.alg !== 'ES256') throw new Error(`alg is ${header_.alg}`);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (body.aud !== origin) throw new Error(`aud is ${body.aud}, not ${origin}`);
  if (typeof body.exp !== 'number' || body.exp * 1000 < now || body.exp * 1000 > now + 24 * 3_600_000)
    throw new Error(`exp ${body.exp} is not within 24 hours`);
  if (typeof body.sub !== 'string' || !/^(mailto:|https:)/.test(body.sub)) throw new Error(`sub ${body.sub} is no mailto: or https: URL`);
  return { aud: body.aud, exp: body.exp, sub: body.sub, key: match[2] };
}

export class PushService {
  readonly delivered: DeliveredMessage[] = [];
  /** Requests refused, and why (a bad VAPID header, a body that does not decrypt). */
  readonly refused: string[] = [];
  readonly devices = new Map<string, PushDevice & { keys: DeviceKeys }>();
  /** While set, every answer waits for it (a slow push service). */
  hold: Promise<void> | undefined;
  /** Every request as it arrived (performance.now()). */
  readonly arrivals: number[] = [];
  private loopback: Loopback | undefined;
  private next = 1;
  url = '';

  async start(): Promise<this> {
    this.loopback = await listen((request, response) => {
      this.arrivals.push(performance.now());
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        void this.answer(request, Buffer.concat(chunks)).then(async (status) => {
          if (this.hold) await this.hold;
          if (!response.destroyed) response.writeHead(status, status === 201 ? { Location: `${this.url}/message/${this.next++}` } : {}).end();
        });
      });
    });
    this.url = this.loopback.url;
    return this;
  }

  async stop(): Promise<void> {
    await this.loopback?.close();
  }

  reset(): void {
    this.delivered.length = 0;
    this.refused.length = 0;
    this.arrivals.length = 0;
    this.devices.clear();
    this.hold = undefined;
  }

  /** A new subscription on this service, as a browser makes one. */
  device(status = 201): PushDevice {
    const id = `device-${this.next++}`;
    const ecdh = createECDH('prime256v1');
    const publicKey = ecdh.generateKeys();
    const auth = randomBytes(16);
    const device = {
      id,
      status,
      subscription: { endpoint: `${this.url}/push/${id}`, expirationTime: null, keys: { p256dh: b64(publicKey), auth: b64(auth) } },
      keys: { ecdh, publicKey, auth },
    };
    this.devices.set(id, device);
    return device;
  }

  /** The messages one device has shown. */
  shown(device: PushDevice): DeliveredMessage[] {
    return this.delivered.filter((message) => message.device === device.id);
  }

  /** Resolves once `count` messages have arrived (never on a timer of its own: the test's timeout bounds it). */
  async waitFor(count: number): Promise<DeliveredMessage[]> {
    while (this.delivered.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
    return this.delivered;
  }

  private async answer(request: IncomingMessage, body: Buffer): Promise<number> {
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    const device = id ? this.devices.get(id) : undefined;
    if (request.method !== 'POST' || !device) return 404;
    try {
      if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`Content-Encoding is ${request.headers['content-encoding']}`);
      if (!/^\d+$/.test(String(request.headers.ttl ?? ''))) throw new Error('no TTL');
      const vapid = checkVapid(request.headers.authorization, this.url);
      const { text } = decryptMessage(body, device.keys);
      if (device.status === 201)
        this.delivered.push({
          device: device.id,
          at: performance.now(),
          text,
          json: JSON.parse(text) as Record<string, unknown>,
          headers: request.headers,
          vapid,
        });
      return device.status;
    } catch (error) {
      this.refused.push(error instanceof Error ? error.message : String(error));
      return 400;
    }
  }
}
