import { createHash, randomBytes } from 'node:crypto';
import { getStore, type Store as Blobs } from '@netlify/blobs';
import { z } from 'zod';
import { alertSchema, lotChangeSchema, publishedUnitSchema } from '../../../src/lib/alerts.ts';
import { parseMarker, readJSON, stamp } from '../leads/blobs.ts';
import { mailboxKey, personAddress } from '../mail/addresses.ts';

/**
 * E-mail alerts live in their own site-wide Netlify Blobs store (docs/product.md §Alerts,
 * docs/decisions/email-alerts.md), read and written with strong consistency:
 *
 *   subscribers/<address hash>       one record per e-mail address: its alerts (waiting for
 *                                    confirmation or on), the changes it has yet to be told about
 *   queue/<time>-confirm-<hash>-<alert>   an e-mail to send, oldest first: a confirmation, or
 *   queue/<time>-alert-<hash>             the subscriber's next alert e-mail; the value holds the
 *                                         attempts (backoff as for leads)
 *   lot/published                    the lot as the last production deploy published it
 *   changes/<time>-<id>              what one deploy changed, until every subscriber has been matched
 *   open/<time>-<id>                 (empty) a change set not yet matched against every subscriber:
 *                                    with no open/ and no queue/ entry a scheduled run has nothing to do
 *   rate/<client>/…                  the subscription form's rate limit (lib/http/rate-limit.ts)
 *
 * A subscriber record changes through `updateSubscriber`, a conditional write with the ETag
 * just read, retried when another writer came first (lib/leads/blobs.ts explains the ETags).
 */
export const ALERTS_BLOBS = 'alerts';

export function alertsBlobs(): Blobs {
  return getStore({ name: ALERTS_BLOBS, consistency: 'strong' });
}

export const alertKeys = {
  subscriber: (hash: string) => `subscribers/${hash}`,
  confirmation: (at: number, hash: string, alertId: string) => `queue/${stamp(at)}-confirm-${hash}-${alertId}`,
  alertMail: (at: number, hash: string) => `queue/${stamp(at)}-alert-${hash}`,
  published: 'lot/published',
  changes: (publishedAt: number, id: string) => `changes/${stamp(publishedAt)}-${id}`,
  open: (changeKey: string) => `open/${changeKey.slice('changes/'.length)}`,
} as const;

/**
 * Whether a scheduled run has anything to do: e-mails queued or changes not yet matched. One
 * listing of the store's top-level folders, so an idle run reads the store once. (The local
 * sandbox keeps a folder on disk once emptied and may answer true with nothing to do; the run
 * then finds nothing, as before.)
 */
export async function hasAlertWork(store: Blobs): Promise<boolean> {
  const { directories } = await store.list({ directories: true });
  return directories.some((directory) => /^(queue|open)\/?$/.test(directory));
}

/**
 * A stable, non-reversible name for an inbox (the address itself is stored once, in its record):
 * `jane+1@…` and `jane+2@…` are one subscriber, with one set of limits (lib/mail/addresses.ts).
 */
export function subscriberHash(email: string): string {
  return createHash('sha256')
    .update(`alert-subscriber:${mailboxKey(email)}`)
    .digest('hex')
    .slice(0, 40);
}

/** Random hex: alert ids and the key every link of a subscriber is signed with. */
export function randomId(bytes = 6): string {
  return randomBytes(bytes).toString('hex');
}

export const storedAlertSchema = z.object({
  id: z.string(),
  alert: alertSchema,
  /** How e-mails name the alert (never with words the visitor typed). */
  title: z.string(),
  requestedAt: z.string(),
  confirmedAt: z.string().optional(),
  /** Its confirmation e-mail waiting in the queue. */
  marker: z.string().optional(),
  /** The last change set published before it was confirmed: it hears only about later ones. */
  after: z.string().optional(),
});
export type StoredAlert = z.infer<typeof storedAlertSchema>;

export const pendingChangeSchema = lotChangeSchema.extend({ alerts: z.array(z.string()) });
export type PendingChange = z.infer<typeof pendingChangeSchema>;

export const subscriberSchema = z.object({
  email: z.string(),
  /** Random, part of every link's signature: a record made anew (after the alerts ended) does not honour old links. */
  key: z.string(),
  createdAt: z.string(),
  alerts: z.array(storedAlertSchema),
  /** When confirmation e-mails were queued in the last 24 hours. */
  confirmations: z.array(z.string()),
  lastAlertAt: z.string().optional(),
  /** The last change set matched against this record. */
  seen: z.string().optional(),
  /** What the next alert e-mail tells: matched changes, and the titles of alerts they ended. */
  pending: z
    .object({
      /** Names this content: the e-mail's idempotency key. A new match makes a new batch. */
      batch: z.string(),
      since: z.string(),
      marker: z.string(),
      changes: z.array(pendingChangeSchema),
      ended: z.array(z.string()),
    })
    .optional(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export async function readSubscriber(store: Blobs, hash: string): Promise<{ record: Subscriber; etag?: string } | null> {
  const entry = await readJSON(store, alertKeys.subscriber(hash));
  if (!entry) return null;
  const parsed = subscriberSchema.safeParse(entry.data);
  if (!parsed.success) throw new Error(`Stored subscriber ${hash} does not match the subscriber schema`);
  return { record: parsed.data, etag: entry.etag };
}

/**
 * Reads a subscriber, lets `change` return the new record (null deletes it; undefined leaves it
 * as it is), and writes it only if nobody wrote in between; otherwise reads again and retries.
 * Answers the record as written (or as found when unchanged) and what `change` returned last.
 */
export async function updateSubscriber<T>(
  store: Blobs,
  hash: string,
  change: (record: Subscriber | null) => { record: Subscriber | null | undefined; result: T },
): Promise<{ record: Subscriber | null; result: T }> {
  for (let attempt = 0; ; attempt++) {
    const read = await readSubscriber(store, hash);
    const current = read ? (structuredClone(read.record) as Subscriber) : null;
    const { record, result } = change(current);
    if (record === undefined) return { record: read?.record ?? null, result };
    if (record === null) {
      if (read) await store.delete(alertKeys.subscriber(hash));
      return { record: null, result };
    }
    const write = await store.setJSON(alertKeys.subscriber(hash), record, read?.etag ? { onlyIfMatch: read.etag } : { onlyIfNew: true });
    if (write.modified) return { record, result };
    if (attempt >= 8) throw new Error(`Subscriber ${hash} kept changing while it was updated`);
  }
}

/** Every subscriber's hash. */
export async function subscriberHashes(store: Blobs): Promise<string[]> {
  const { blobs } = await store.list({ prefix: 'subscribers/' });
  return blobs.map(({ key }) => key.slice('subscribers/'.length)).filter((hash) => /^[0-9a-f]{40}$/.test(hash));
}

/**
 * The subscriber record of this very address, for a privacy request (lib/email-address.ts
 * personAddress): its inbox's record may hold another form of the address (`bob@…` when
 * `bob+other@…` is asked about), and that one is someone else's.
 */
export async function subscriberOf(store: Blobs, email: string): Promise<{ hash: string; record: Subscriber } | null> {
  const hash = subscriberHash(email);
  const read = await readSubscriber(store, hash);
  return read && personAddress(read.record.email) === personAddress(email) ? { hash, record: read.record } : null;
}

/** Deletes a subscriber and every e-mail queued for it; with `owner`, only when the record is that address's (subscriberOf). */
export async function deleteSubscriber(store: Blobs, hash: string, owner?: string): Promise<boolean> {
  const read = await readSubscriber(store, hash);
  if (!read || (owner !== undefined && personAddress(read.record.email) !== personAddress(owner))) return false;
  const markers = [...read.record.alerts.map((alert) => alert.marker), read.record.pending?.marker].filter((key): key is string => Boolean(key));
  await Promise.all(markers.map((key) => store.delete(key)));
  await store.delete(alertKeys.subscriber(hash));
  return true;
}

// --- The queue -------------------------------------------------------------------------------

export type QueueEntry = { key: string; at: number } & ({ kind: 'confirm'; hash: string; alertId: string } | { kind: 'alert'; hash: string });

export function parseQueueKey(key: string): QueueEntry | null {
  const marker = parseMarker(key, 'queue');
  if (!marker) return null;
  const confirm = /^confirm-([0-9a-f]{40})-([0-9a-f]+)$/.exec(marker.id);
  if (confirm?.[1] && confirm[2]) return { key, at: marker.at, kind: 'confirm', hash: confirm[1], alertId: confirm[2] };
  const alert = /^alert-([0-9a-f]{40})$/.exec(marker.id);
  if (alert?.[1]) return { key, at: marker.at, kind: 'alert', hash: alert[1] };
  return null;
}

/** The e-mails waiting to be sent, oldest first. */
export async function queueEntries(store: Blobs): Promise<QueueEntry[]> {
  const { blobs } = await store.list({ prefix: 'queue/' });
  return blobs
    .map(({ key }) => parseQueueKey(key))
    .filter((entry): entry is QueueEntry => entry !== null)
    .sort((a, b) => a.at - b.at || a.key.localeCompare(b.key));
}

/** What a queued e-mail's tries have been so far. */
export const attemptsSchema = z.object({
  attempts: z.number().int().min(0).default(0),
  nextAttemptAt: z.string().optional(),
  lastError: z.string().optional(),
});
export type Attempts = z.infer<typeof attemptsSchema>;

// --- The published lot and its changes -------------------------------------------------------

export const publishedLotSchema = z.object({ publishedAt: z.string(), deploy: z.string().optional(), units: z.array(publishedUnitSchema) });
export type PublishedLot = z.infer<typeof publishedLotSchema>;

export const changeSetSchema = z.object({
  publishedAt: z.string(),
  deploy: z.string().optional(),
  changes: z.array(lotChangeSchema),
  /** Every subscriber has been matched against it. */
  done: z.boolean().default(false),
});
export type ChangeSet = z.infer<typeof changeSetSchema>;

/** The change sets, oldest first, with their keys. */
export async function changeSets(store: Blobs): Promise<{ key: string; set: ChangeSet }[]> {
  const { blobs } = await store.list({ prefix: 'changes/' });
  const keys = blobs.map(({ key }) => key).sort();
  const sets = await Promise.all(
    keys.map(async (key) => {
      const parsed = changeSetSchema.safeParse(await store.get(key, { type: 'json' }));
      return parsed.success ? { key, set: parsed.data } : null;
    }),
  );
  return sets.filter((entry): entry is { key: string; set: ChangeSet } => entry !== null);
}

/** The newest change set's key ("" when there is none): an alert confirmed now hears only of later ones. */
export async function latestChangeKey(store: Blobs): Promise<string> {
  const { blobs } = await store.list({ prefix: 'changes/' });
  return (
    blobs
      .map(({ key }) => key)
      .sort()
      .pop() ?? ''
  );
}
