import type { Store as Blobs } from '@netlify/blobs';
import { confirmWrite, keys, stamp } from '../leads/blobs.ts';

/**
 * A per-client sliding-window limit kept in Netlify Blobs. Function instances come and go and
 * run side by side, so a counter in memory would only limit one instance; every instance
 * sees the same Blobs store. What counts is submissions, not requests: copies of one submission
 * (a double click, a retried request, the same idempotency key racing from several tabs) share
 * their lead id, so they spend one place in the window between them, and a copy whose lead
 * already has a place goes through even when the window is full.
 *
 * A client has `max` places, one record each (rate/<client>/slot-<n>), holding when it was taken
 * and by which submission. A request takes a free place (never taken, or taken a window ago;
 * copies of one submission try the same one first) with a conditional write: onlyIfNew for a place never taken, onlyIfMatch with the ETag
 * it listed for one whose time is up. Of requests racing for one place only one write holds,
 * and as the store settles the place is read back (leads/blobs.ts, confirmWrite): whoever finds its
 * own token took it; a copy of the same submission finds its submission there and shares it;
 * the others try the next place. So however many requests arrive at once, at most `max`
 * submissions are admitted in any window.
 *
 * A full window leaves a note (rate/<client>/full): until when no place can free up, and which
 * submissions hold the places. Places are only taken once their time is up, so the note stays
 * true until then: it is written by the request that takes the last free place, or by the first
 * one that finds none free. While it holds, a request reads that one record: a copy of one of its
 * submissions goes through, any other is refused, one Blobs call and nothing written, however
 * many places the limit has.
 *
 * The same conditional write and read back take the places of the site's counts (`takeCounted`):
 * the day's e-mails (mail-quota.ts) and alert confirmations (alerts/confirmation-share.ts).
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

interface Place {
  key: string;
  etag?: string;
  /** When it was taken (0: never), and by which submission. */
  at: number;
  submission: string;
}

const placeKey = (client: string, n: number) => `${keys.rate(client)}slot-${n}`;

function parsePlace(value: string | null): { at: number; submission: string; token: string } | null {
  const match = /^(\d{15})-([A-Za-z0-9]+)-(.+)$/.exec(value ?? '');
  return match?.[1] && match[2] && match[3] ? { at: Number(match[1]), submission: match[2], token: match[3] } : null;
}

async function places(store: Blobs, client: string, max: number): Promise<Place[]> {
  const { blobs } = await store.list({ prefix: `${keys.rate(client)}slot-` });
  const etags = new Map(blobs.map((blob) => [blob.key, blob.etag]));
  return Promise.all(
    Array.from({ length: max }, async (_, n) => {
      const key = placeKey(client, n);
      const held = etags.has(key) ? parsePlace(await store.get(key, { type: 'text' })) : null;
      return { key, etag: etags.get(key), at: held?.at ?? 0, submission: held?.submission ?? '' };
    }),
  );
}

/** Where a submission starts looking for a free place: copies of one start at the same place, others spread. */
function firstPlace(tag: string, max: number): number {
  let hash = 0;
  for (const char of tag) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % max;
}

export async function takeToken(
  store: Blobs,
  client: string,
  leadId: string,
  now = Date.now(),
  limit: { max: number; windowMs: number } = RATE_LIMIT,
): Promise<RateDecision> {
  const tag = submissionTag(leadId);
  const refused = (until: number): RateDecision => ({ allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) });
  const note = parseNote(await store.get(noteKey(client), { type: 'text' }));
  if (note && note.max === limit.max && note.until > now) return note.submissions.includes(tag) ? { allowed: true } : refused(note.until);

  const value = `${stamp(now)}-${tag}-${crypto.randomUUID().replace(/-/g, '')}`;
  const live = (place: { at: number }) => place.at > now - limit.windowMs;
  const start = firstPlace(tag, limit.max);
  // Every pass over the places either takes one, finds the submission's own, or sees them all
  // taken by others; a place lost in one pass is live in the next, so the passes end.
  for (let pass = 0; pass <= limit.max; pass++) {
    const all = await places(store, client, limit.max);
    if (all.some((place) => live(place) && place.submission === tag)) return { allowed: true };
    const free = [...all.slice(start), ...all.slice(0, start)].filter((place) => !live(place));
    if (free.length === 0) {
      const until = Math.min(...all.map((place) => place.at)) + limit.windowMs;
      await writeNote(store, client, { max: limit.max, until, submissions: all.map((place) => place.submission) });
      return refused(until);
    }
    for (const place of free) {
      if (await claimPlace(store, place.key, value, place.etag)) {
        // The last free place of this listing: the window is full until its oldest place's time is up.
        const others = all.filter((other) => other.key !== place.key);
        if (others.every(live)) {
          const until = Math.min(now, ...others.map((other) => other.at)) + limit.windowMs;
          await writeNote(store, client, { max: limit.max, until, submissions: [tag, ...others.map((other) => other.submission)] });
        }
        return { allowed: true };
      }
      // Lost the place: to a copy of this submission (then it is its place too), or to another one.
      const holder = parsePlace(await store.get(place.key, { type: 'text' }));
      if (holder && holder.submission === tag && live(holder)) return { allowed: true };
    }
  }
  return { allowed: false, retryAfterSeconds: 1 };
}

/**
 * Writes `value` to a place with a conditional write (onlyIfNew for a place never taken,
 * onlyIfMatch with the ETag listed for one whose time is up) and, once the store has settled,
 * reads it back (store.ts, confirmWrite): true when the place is this writer's.
 */
export async function claimPlace(store: Blobs, key: string, value: string, etag?: string): Promise<boolean> {
  const write = await (etag ? store.set(key, value, { onlyIfMatch: etag }) : store.set(key, value, { onlyIfNew: true }));
  return write.modified && (await confirmWrite(store, key, value));
}

// --- The full window's note ---------------------------------------------------------------------

interface Note {
  /** The limit it was written for (a changed limit makes it say nothing). */
  max: number;
  /** When the first place frees up. */
  until: number;
  submissions: string[];
}

const noteKey = (client: string) => `${keys.rate(client)}full`;

function parseNote(value: string | null): Note | null {
  try {
    const note = JSON.parse(value ?? 'null') as Partial<Note> | null;
    if (typeof note?.max !== 'number' || typeof note.until !== 'number' || !Array.isArray(note.submissions)) return null;
    return { max: note.max, until: note.until, submissions: note.submissions.filter((tag): tag is string => typeof tag === 'string') };
  } catch {
    return null;
  }
}

async function writeNote(store: Blobs, client: string, note: Note): Promise<void> {
  await store.set(noteKey(client), JSON.stringify(note));
}

// --- Places taken for good: the site's counts -----------------------------------------------------

/** `<prefix>place-<n>`: the n-th place of a count, n from 0. */
export const countedPlaceKey = (prefix: string, n: number) => `${prefix}place-${String(n).padStart(6, '0')}`;

/** The number of a counted place's key, or null for a record of another shape. */
export function countedPlaceNumber(key: string, prefix: string): number | null {
  const match = /^place-(\d{6})$/.exec(key.slice(prefix.length));
  return key.startsWith(prefix) && match?.[1] ? Number(match[1]) : null;
}

/**
 * Takes `count` places of a count kept under `prefix` (a day's e-mails, a day's confirmations),
 * numbered below `below`, each with the rate limit's conditional write and read back: of takers
 * racing for a place one has it, and however many ask at once no more than `below` places are
 * ever taken. Each round lists what is taken and tries free numbers picked at random, so takers
 * arriving together seldom meet on one; a taker that lost one lists again. Answers the keys
 * taken, or null (and takes nothing) when `count` do not fit.
 */
export async function takeCounted(store: Blobs, prefix: string, count: number, below: number): Promise<string[] | null> {
  const value = `${stamp(Date.now())}-${crypto.randomUUID().replace(/-/g, '')}`;
  const taken: string[] = [];
  // Each round loses a place only to another taker; twenty rounds lost is a store gone wrong.
  for (let round = 0; taken.length < count && round < 20; round++) {
    const { blobs } = await store.list({ prefix });
    const held = new Set(blobs.map((blob) => countedPlaceNumber(blob.key, prefix)).filter((n) => n !== null));
    const free = freeNumbers(held, below);
    if (free.length < count - taken.length) break;
    const tries = pickRandom(free, count - taken.length);
    const claimed = await Promise.all(
      tries.map(async (n) => ((await claimPlace(store, countedPlaceKey(prefix, n), value)) ? countedPlaceKey(prefix, n) : null)),
    );
    taken.push(...claimed.filter((key): key is string => key !== null));
  }
  if (taken.length === count) return taken;
  await giveBack(store, taken);
  return null;
}

/**
 * The numbers a taker may try: below the largest `m` for which the places below `m` and those
 * taken at or above it (taken while the limit stood higher) still fit in `below`, so the places
 * never outnumber the limit however they were spread; at most a thousand more than are taken.
 */
function freeNumbers(held: ReadonlySet<number>, below: number): number[] {
  let m = 0;
  let above = held.size;
  const most = Math.min(below, held.size + 1_000);
  while (m < most && m + 1 + above - (held.has(m) ? 1 : 0) <= below) above -= held.has(m++) ? 1 : 0;
  return Array.from({ length: m }, (_, n) => n).filter((n) => !held.has(n));
}

function pickRandom<T>(items: readonly T[], n: number): T[] {
  const pool = [...items];
  for (let i = 0; i < n && i < pool.length; i++) {
    const j = i + Math.floor(Math.random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, n);
}

/** Gives counted places back (an e-mail that did not go): the next taker may have them. */
export async function giveBack(store: Blobs, taken: readonly string[]): Promise<void> {
  await Promise.all(taken.map((key) => store.delete(key)));
}

/** Deletes the records of windows that have closed, and notes of full windows that have opened again (run by the daily prune jobs; takeToken skips them meanwhile). */
export async function pruneRateRecords(store: Blobs, now = Date.now(), limit = RATE_LIMIT): Promise<number> {
  const { blobs } = await store.list({ prefix: 'rate/' });
  const old = await Promise.all(
    blobs.map(async (blob) => {
      const name = blob.key.split('/').pop() ?? '';
      if (name === 'full') return (parseNote(await store.get(blob.key, { type: 'text' }))?.until ?? 0) > now ? null : blob.key;
      // Places hold their time; records of the older shape (rate/<client>/<time>-<submission>) name it.
      const at = name.startsWith('slot-') ? (parsePlace(await store.get(blob.key, { type: 'text' }))?.at ?? 0) : Number(name.split('-')[0]);
      return at > now - limit.windowMs ? null : blob.key;
    }),
  );
  const keysToDelete = old.filter((key): key is string => key !== null);
  await Promise.all(keysToDelete.map((key) => store.delete(key)));
  return keysToDelete.length;
}
