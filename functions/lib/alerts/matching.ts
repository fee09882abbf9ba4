import { createHash } from 'node:crypto';
import type { Store as Blobs } from '@netlify/blobs';
import { alertEndsWith, alertMatches, changeKey, compareLots, type LotChange, type PublishedUnit } from '../../../src/lib/alerts.ts';
import type { PriceEdges } from '../../../src/lib/inventory/filter.ts';
import { readJSON } from '../leads/blobs.ts';
import {
  alertKeys,
  changeSets,
  publishedLotSchema,
  randomId,
  subscriberHashes,
  updateSubscriber,
  type ChangeSet,
  type PendingChange,
  type Subscriber,
} from './blobs.ts';

/**
 * What a deploy tells subscribers (docs/product.md §Alerts): the lot it publishes is compared with
 * the last one published (kept in Blobs), the differences are kept as a change set, and every
 * subscriber's confirmed alerts are matched against it. Both steps may run twice, or side by
 * side, without telling anyone anything twice: a change set's key follows from the lot it
 * replaces, and a subscriber remembers the last set it was matched against.
 */

export interface Published {
  /** The first lot ever published: kept, nothing announced. */
  first: boolean;
  changes: LotChange[];
  /** The change set's key, when there were changes. */
  key?: string;
}

/** Publishes `lot` (the lot of the deploy): compares it with the last published one and keeps what changed. */
export async function publishLot(
  store: Blobs,
  lot: readonly PublishedUnit[],
  { deploy, now = Date.now() }: { deploy?: string; now?: number } = {},
): Promise<Published> {
  const entry = await readJSON(store, alertKeys.published);
  const previous = entry ? publishedLotSchema.safeParse(entry.data) : undefined;
  // Each publication later than the one before, so change sets sort in the order they happened.
  const at = previous?.success ? Math.max(now, Date.parse(previous.data.publishedAt) + 1) : now;
  const record = { publishedAt: new Date(at).toISOString(), ...(deploy ? { deploy } : {}), units: lot };
  if (!previous?.success) {
    await store.setJSON(alertKeys.published, record, entry?.etag ? { onlyIfMatch: entry.etag } : { onlyIfNew: true });
    return { first: true, changes: [] };
  }
  const before = previous.data;
  const changes = compareLots(before.units, lot);
  if (JSON.stringify(before.units) === JSON.stringify(lot)) return { first: false, changes: [] };
  let key: string | undefined;
  if (changes.length > 0) {
    // The same two lots always make the same key: a second run (a replayed event) finds it written.
    const id = createHash('sha256')
      .update(JSON.stringify([before.units, lot]))
      .digest('hex')
      .slice(0, 16);
    key = alertKeys.changes(Date.parse(before.publishedAt), id);
    const set: ChangeSet = { publishedAt: record.publishedAt, ...(deploy ? { deploy } : {}), changes, done: false };
    await store.setJSON(key, set, { onlyIfNew: true });
    await store.set(alertKeys.open(key), '');
  }
  await store.setJSON(alertKeys.published, record, entry?.etag ? { onlyIfMatch: entry.etag } : {});
  return { first: false, changes, ...(key ? { key } : {}) };
}

export interface Expansion {
  /** Subscribers who now have an alert e-mail waiting (new in this run). */
  queued: number;
  /** Every subscriber was matched against every open change set. */
  done: boolean;
}

/**
 * Matches every subscriber's confirmed alerts against the change sets not yet done, within the
 * deadline (performance.now()); the next run goes on where this one stopped.
 */
export async function expandChanges(
  store: Blobs,
  edges: PriceEdges,
  { now = Date.now(), deadline }: { now?: number; deadline?: number } = {},
): Promise<Expansion> {
  const open = (await changeSets(store)).filter((entry) => !entry.set.done);
  if (open.length === 0) {
    // A marker whose change set is done or gone (pruned) would keep the scheduled job busy.
    const { blobs } = await store.list({ prefix: 'open/' });
    await Promise.all(blobs.map((blob) => store.delete(blob.key)));
    return { queued: 0, done: true };
  }
  const latest = open[open.length - 1]!.key;
  let queued = 0;
  for (const hash of await subscriberHashes(store)) {
    if (deadline !== undefined && performance.now() > deadline) return { queued, done: false };
    const markers: { create?: string; remove?: string } = {};
    await updateSubscriber(store, hash, (record) => {
      if (!record || (record.seen ?? '') >= latest) return { record: undefined, result: undefined };
      const sets = open.filter((entry) => entry.key > (record.seen ?? ''));
      const touched = applyChanges(record, hash, sets, edges, now);
      if (!touched.changed) return { record: undefined, result: undefined };
      record.seen = latest;
      markers.create = touched.created;
      markers.remove = touched.removed;
      return { record, result: undefined };
    });
    if (markers.create) {
      await store.setJSON(markers.create, { attempts: 0 });
      queued++;
    }
    if (markers.remove) await store.delete(markers.remove);
  }
  await Promise.all(open.map((entry) => store.setJSON(entry.key, { ...entry.set, done: true })));
  await Promise.all(open.map((entry) => store.delete(alertKeys.open(entry.key))));
  return { queued, done: true };
}

/**
 * Adds to a subscriber's next e-mail what its alerts want to hear of. A unit appears once: a
 * later change of it replaces the earlier (a unit announced as new keeps "new", at its latest
 * price), and a unit that sold before the e-mail went out is taken out of it unless an alert
 * asked to hear of the sale. An alert whose unit sold, or came free, ends.
 */
function applyChanges(
  record: Subscriber,
  hash: string,
  sets: readonly { key: string; set: ChangeSet }[],
  edges: PriceEdges,
  now: number,
): { changed: boolean; created?: string; removed?: string } {
  let changed = false;
  let created: string | undefined;
  const hadPending = Boolean(record.pending);
  for (const { key, set } of sets) {
    for (const change of set.changes) {
      const hits = record.alerts.filter((alert) => alert.confirmedAt && (alert.after ?? '') < key && alertMatches(alert.alert, change, edges));
      const pending = record.pending;
      const index = pending ? pending.changes.findIndex((entry) => entry.unit.id === change.unit.id) : -1;
      if (hits.length === 0) {
        if (!pending || index < 0) continue;
        const entry = pending.changes[index]!;
        if (change.kind === 'sold') pending.changes.splice(index, 1);
        else pending.changes[index] = { ...entry, unit: change.unit };
        pending.batch = randomId(8);
        changed = true;
        continue;
      }
      if (!record.pending) {
        created = alertKeys.alertMail(now, hash);
        record.pending = { batch: randomId(8), since: new Date(now).toISOString(), marker: created, changes: [], ended: [] };
      }
      const target = record.pending;
      const ids = hits.map((alert) => alert.id);
      const next: PendingChange = { ...change, alerts: ids };
      if (index >= 0) {
        const entry = target.changes[index]!;
        const kind = entry.kind === 'new' && change.kind !== 'sold' ? 'new' : change.kind;
        const was = entry.was ?? change.was;
        target.changes[index] = {
          ...next,
          kind,
          ...(was !== undefined && was > change.unit.price ? { was } : {}),
          alerts: [...new Set([...entry.alerts, ...ids])],
        };
      } else if (!target.changes.some((entry) => changeKey(entry) === changeKey(change))) {
        target.changes.push(next);
      }
      for (const alert of hits.filter((hit) => alertEndsWith(hit.alert, change))) {
        target.ended.push(alert.title);
        record.alerts = record.alerts.filter((candidate) => candidate.id !== alert.id);
      }
      target.batch = randomId(8);
      changed = true;
    }
  }
  // Everything matched before went away again (the unit sold): no e-mail.
  let removed: string | undefined;
  if (record.pending && record.pending.changes.length === 0 && record.pending.ended.length === 0) {
    if (hadPending) removed = record.pending.marker;
    created = undefined;
    delete record.pending;
  }
  return { changed, ...(created ? { created } : {}), ...(removed ? { removed } : {}) };
}
