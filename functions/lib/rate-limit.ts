import type { Store } from '@netlify/blobs';
import { keys, stamp } from './store.ts';

/**
 * A per-client sliding-window limit kept in Netlify Blobs. Function instances come and go and
 * run side by side, so a counter in memory would only limit one instance; every instance
 * sees the same Blobs store. Each accepted request leaves one small record named after the
 * lead it files; refused requests leave none, so a client that keeps knocking cannot push its
 * own window further out. What counts is submissions, not requests: copies of one submission
 * (a double click, a retried request, the same idempotency key racing from several tabs) share
 * their lead id, so they spend one place in the window between them, and a copy whose lead
 * already has a place goes through even when the window is full.
 */
export const RATE_LIMIT = { max: 8, windowMs: 10 * 60_000 } as const;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A stable, non-reversible name for a client (its IP address is not stored). */
export async function clientKey(ip: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`lead-rate-limit:${ip}`));
  return Buffer.from(digest).toString('hex').slice(0, 32);
}

/** The part of a lead id a rate record carries (ids are UUIDs or hex digests: the start tells them apart). */
function submissionTag(leadId: string): string {
  return leadId.replace(/[^A-Za-z0-9]/g, '').slice(0, 16) || 'none';
}

export async function takeToken(
  store: Store,
  client: string,
  leadId: string,
  now = Date.now(),
  limit: { max: number; windowMs: number } = RATE_LIMIT,
): Promise<RateDecision> {
  const prefix = keys.rate(client);
  const tag = submissionTag(leadId);
  const { blobs } = await store.list({ prefix });
  const records = blobs.map((blob) => {
    const [at, submission] = blob.key.slice(prefix.length).split('-');
    return { key: blob.key, at: Number(at), submission: submission ?? blob.key };
  });
  const expired = records.filter((r) => !(r.at > now - limit.windowMs));
  const recent = records.filter((r) => r.at > now - limit.windowMs);
  await Promise.all(expired.map((r) => store.delete(r.key)));
  if (recent.some((r) => r.submission === tag)) return { allowed: true };
  // When each submission in the window took its place: as the oldest leaves the window, a place frees up.
  const starts = new Map<string, number>();
  for (const r of recent) starts.set(r.submission, Math.min(r.at, starts.get(r.submission) ?? Infinity));
  const times = [...starts.values()].sort((a, b) => a - b);
  if (times.length >= limit.max) {
    const freesAt = (times[times.length - limit.max] ?? now) + limit.windowMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now) / 1000)) };
  }
  await store.set(`${prefix}${stamp(now)}-${tag}`, '');
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
