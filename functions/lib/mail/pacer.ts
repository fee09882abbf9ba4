import type { Store as Blobs } from '@netlify/blobs';
import { mailLogBlobs } from './log.ts';
import { settleMs } from '../../../src/lib/settings/mail.ts';
import { confirmWrite, sleep, stamp } from '../leads/blobs.ts';

/**
 * Spaces requests to the e-mail provider across every function instance and every kind of
 * e-mail (Resend: 2 requests per second per team by default), docs/decisions/blobs-first-leads.md. The
 * slots live in one store, the mail log's, whichever sender books them: leads, receipts, alerts
 * and the dealer's notices share one pace, so together they never exceed the provider's rate
 * (`paceBlobs`). Each request takes a start
 * time ("slot") on a grid of 1/rate seconds with a quarter to spare, and reserves it in Netlify
 * Blobs, where every instance sees it: the first send of a new lead, the retry job and
 * `npm run leads -- resend` share one pace. A slot is taken with a conditional write and
 * confirmed by reading it back once it is due (the local sandbox's conditional writes are not
 * atomic; Netlify's are), so two instances never start in the same slot.
 *
 * A 429 with Retry-After holds every sender: the hold is stored. A request that waited for its
 * slot looks at the hold again as it comes: the stored one read so that the answer is in by then,
 * and its own sender's at the slot itself, so a 429 answered while it waited (to the slot before,
 * a fifth of a second earlier) moves it on.
 * Slots further out than the sender may wait (the retry run's deadline, a first send's patience)
 * are not taken: the lead stays pending and the next run sends it.
 */

export const PACE_PREFIX = 'pace/';
export const HOLD_KEY = 'pace-hold';
/** Slot records older than this are deleted by whoever reserves the next one. */
const KEEP_MS = 60_000;

export interface PacerOptions {
  ratePerSecond: number;
  /** performance.now() value by which every request must have finished. */
  deadline: number;
  /** The longest a request may take. */
  timeoutMs: number;
  /** Requests with less time than this left before the deadline are not started. */
  minimumMs?: number;
}

export type Slot = { timeoutMs: number } | null;

interface Booking {
  at: number;
  key: string;
  token: string;
}

/** This instance's bookings, one after another (each lists the store after the last one's write). */
let bookings: Promise<unknown> = Promise.resolve();

/**
 * The clock slots are read on: the wall clock (instances share it), carried forward by the
 * monotonic clock while the wall clock stands still (a coarse or stopped clock), so a wait for
 * a slot always ends.
 */
let lastWall = Number.NaN;
let sincePerf = 0;
export function paceNow(): number {
  const wall = Date.now();
  const perf = performance.now();
  if (wall !== lastWall) {
    lastWall = wall;
    sincePerf = perf;
  }
  return wall + (perf - sincePerf);
}

/**
 * The store every sender's pace is kept in: the mail log's (lib/mail/log.ts). Outside Netlify
 * (`npm run leads` against production, with a store of its own) there is no site context, and
 * the store the sender works on stands in.
 */
export function paceBlobs(fallback: Blobs): Blobs {
  try {
    return mailLogBlobs();
  } catch (error) {
    if (error instanceof Error && error.name === 'MissingBlobsEnvironmentError') return fallback;
    throw error;
  }
}

export class Pacer {
  private readonly store: Blobs;
  private readonly interval: number;
  /** How late a request may start in its slot and still keep the pace (half the quarter to spare). */
  private readonly spare: number;
  private readonly deadline: number;
  private readonly timeoutMs: number;
  private readonly minimumMs: number;
  /** The hold as this sender knows it (wall clock ms): its own 429s at once, the stored one as last read. */
  private knownHold = 0;
  /** The longest a read of the stored hold took: the last one starts this long before the slot. */
  private readMs = 0;
  /**
   * How far ahead a slot is booked: enough for the booking to settle and be read back, and, once
   * a slot was missed, for as long as this instance took to get to it (a busy machine, a slow
   * store), so the next slot is booked where this instance can keep it.
   */
  private ahead = 2 * settleMs();

  /** `store`: the sender's own store, used for the pace only outside Netlify (`paceBlobs`). */
  constructor(store: Blobs, options: PacerOptions) {
    this.store = paceBlobs(store);
    this.interval = Math.ceil((1000 / options.ratePerSecond) * 1.25);
    // Of any rate + 1 starts, the first and the last are `rate` intervals (1.25 s) apart on the
    // grid: a start half of that quarter late still keeps them over a second apart, and the
    // network has the other half (125 ms at any rate). A tenth to spare (50 ms each) was less
    // than a busy machine's event loop and a network's jitter: now and then the provider counted
    // six requests of a burst in one second.
    const perSecond = Math.ceil(options.ratePerSecond);
    this.spare = Math.max(1, (perSecond * (this.interval - 1000 / options.ratePerSecond)) / 2);
    this.deadline = options.deadline;
    this.timeoutMs = options.timeoutMs;
    this.minimumMs = options.minimumMs ?? 2_000;
  }

  /** Whether another request could still start before the deadline. */
  get open(): boolean {
    return this.deadline - performance.now() - Math.max(0, this.knownHold - paceNow()) >= this.minimumMs;
  }

  /** Whether a hold (this sender's own, or `stored`) covers a start at `at`. */
  private heldAt(at: number, stored: number): boolean {
    this.knownHold = Math.max(this.knownHold, stored);
    return this.knownHold > at;
  }

  /**
   * Waits for this sender's slot; answers the timeout to use, or null when none is left in time.
   * `ready`: what must be done before the request starts (its places in the e-mail count); a slot
   * it makes this one miss is given up for the next.
   */
  async take(ready?: Promise<unknown>): Promise<Slot> {
    for (let tries = 0; tries < 20; tries++) {
      const booked = await this.book();
      if (!booked) return null;
      const { at, key, token } = booked;
      const readBack = settleMs();
      const wait = at - paceNow();
      const [check, last] = await Promise.all([
        // Just before the slot (the store has settled by then): still ours, no hold since, in time?
        Promise.all([confirmWrite(this.store, key, token, wait - readBack), sleep(Math.max(readBack, wait - readBack)).then(() => this.storedHold())]).then(
          ([mine, hold]) => ({ mine, hold, late: paceNow() - at }),
        ),
        // As the slot comes, the hold once more (a 429 answered to the slot before, while this one
        // waited): the stored one read so that it is in by then, then this sender's own.
        Promise.all([sleep(wait - this.readMs).then(() => this.storedHold()), ready]).then(([hold]) => ({ hold, late: paceNow() - at })),
        sleep(wait),
      ]);
      if (!check.mine || this.heldAt(at, Math.max(check.hold, last.hold))) continue;
      // A request that would start later than its slot allows could meet the next two in one second.
      const late = Math.max(check.late, last.late);
      if (late > this.spare) {
        this.ahead += late;
        continue;
      }
      return { timeoutMs: Math.floor(Math.min(this.timeoutMs, this.deadline - performance.now())) };
    }
    return null;
  }

  /** The provider said "too many requests": no sender starts for `seconds`. */
  async holdFor(seconds: number): Promise<void> {
    const until = paceNow() + seconds * 1000;
    this.knownHold = Math.max(this.knownHold, until);
    const current = await this.storedHold();
    if (current < until) await this.store.setJSON(HOLD_KEY, { until: new Date(until).toISOString() });
  }

  private async storedHold(): Promise<number> {
    const started = paceNow();
    const hold = (await this.store.get(HOLD_KEY, { type: 'json' })) as { until?: unknown } | null;
    this.readMs = Math.max(this.readMs, paceNow() - started);
    const until = typeof hold?.until === 'string' ? Date.parse(hold.until) : NaN;
    return Number.isFinite(until) ? until : 0;
  }

  /** Books the next free slot, one booking at a time in this instance (instances meet at the store); null when none is in time. */
  private book(): Promise<Booking | null> {
    const booking = bookings.then(() => this.bookNow());
    bookings = booking.catch(() => undefined);
    return booking;
  }

  private async bookNow(): Promise<Booking | null> {
    const now = paceNow();
    const [{ blobs }, hold] = await Promise.all([this.store.list({ prefix: PACE_PREFIX }), this.storedHold()]);
    this.knownHold = Math.max(this.knownHold, hold);
    const slots = blobs.map((blob) => ({ key: blob.key, at: Number(blob.key.slice(PACE_PREFIX.length)) }));
    // Slots far from now (old ones, or from a clock that was wrong) no longer say anything.
    const stale = slots.filter((slot) => !(Math.abs(slot.at - now) < KEEP_MS));
    if (stale.length > 0) await Promise.all(stale.map((slot) => this.store.delete(slot.key)));
    const taken = slots.map((slot) => slot.at).filter((at) => Math.abs(at - now) < KEEP_MS);
    // Far enough out for the booking to settle and be read back before it is due.
    const after = Math.max(now + this.ahead, this.knownHold, ...taken.map((at) => at + this.interval));
    // Taken by another instance since the listing: the next one along.
    for (let at = Math.ceil(after / this.interval) * this.interval; this.inTime(at - paceNow()); at += this.interval) {
      const key = `${PACE_PREFIX}${stamp(at)}`;
      const token = crypto.randomUUID();
      const write = await this.store.set(key, token, { onlyIfNew: true });
      if (write.modified) return { at, key, token };
    }
    return null;
  }

  /** Whether a request that starts `waitMs` from now still has its minimum time before the deadline. */
  private inTime(waitMs: number): boolean {
    return this.deadline - performance.now() - Math.max(0, waitMs) >= this.minimumMs;
  }
}
