import type { Store } from '@netlify/blobs';
import { keys, stamp } from './store.ts';

/**
 * A per-client sliding-window limit kept in Netlify Blobs. Function instances come and go and
 * run side by side, so a counter in memory would only limit one instance; every instance
 * sees the same Blobs store. Each accepted request leaves one small record; refused requests
 * leave none, so a client that keeps knocking cannot push its own window further out.
 */
export const RATE_LIMIT = { max: 8, windowMs: 10 * 60_000 } as const;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A stable, non-reversible name for a client (its IP address is not stored). */
export async function clientKey(ip: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`lead-rate-limit:${ip}`));
  return Buffer.from(digest).toString('hex').slice(0, 32);
}

export async function takeToken(store: Store, client: string, now = Date.now(), limit = RATE_LIMIT): Promise<RateDecision> {
  const prefix = keys.rate(client);
  const { blobs } = await store.list({ prefix });
  const times = blobs.map((blob) => ({ key: blob.key, at: Number(blob.key.slice(prefix.length).split('-')[0]) }));
  const expired = times.filter((t) => !(t.at > now - limit.windowMs));
  const recent = times
    .filter((t) => t.at > now - limit.windowMs)
    .map((t) => t.at)
    .sort((a, b) => a - b);
  await Promise.all(expired.map((t) => store.delete(t.key)));
  if (recent.length >= limit.max) {
    const freesAt = (recent[recent.length - limit.max] ?? now) + limit.windowMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now) / 1000)) };
  }
  await store.set(`${prefix}${stamp(now)}-${crypto.randomUUID().slice(0, 8)}`, '');
  return { allowed: true };
}

/** Deletes the records of windows that have closed (run by the scheduled retry job). */
export async function pruneRateRecords(store: Store, now = Date.now(), limit = RATE_LIMIT): Promise<number> {
  const { blobs } = await store.list({ prefix: 'rate/' });
  const old = blobs.filter((blob) => {
    const at = Number(blob.key.split('/').pop()?.split('-')[0]);
    return !(at > now - limit.windowMs);
  });
  await Promise.all(old.map((blob) => store.delete(blob.key)));
  return old.length;
}
