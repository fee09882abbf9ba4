import type { Store as Blobs } from '@netlify/blobs';
import { sameAlert, type Alert } from '../../../src/lib/alerts.ts';
import { pages } from '../../../src/lib/data/pages.ts';
import { alertKeys, deleteSubscriber, latestChangeKey, randomId, readSubscriber, subscriberHash, updateSubscriber, type Subscriber } from './blobs.ts';
import { confirmTokenMatches, manageTokenMatches } from './tokens.ts';

/**
 * Asking for an alert, confirming it, seeing and ending alerts (docs/product.md §Alerts). Every
 * answer to a request is the same whether or not the address already has alerts: what changes
 * is only what is stored and queued.
 */

export const DAY_MS = 24 * 60 * 60_000;
/** An unconfirmed request is deleted after this many days (data/pages.json → privacy). */
export const CONFIRM_DAYS = pages.privacy.alertConfirmDays;
/** Alerts one address may have (on or waiting for confirmation). */
export const MAX_ALERTS = 20;
/** Confirmation e-mails one address may get in 24 hours. */
export const MAX_CONFIRMATIONS_PER_DAY = 3;

export function requestExpired(requestedAt: string, now: number): boolean {
  return !(now - Date.parse(requestedAt) < CONFIRM_DAYS * DAY_MS);
}

/**
 * Records a request for an alert and queues its confirmation e-mail, unless the address already
 * has that alert on, asked for it in the last 24 hours, has too many alerts, or had its share of
 * confirmations today: then nothing happens (and the visitor is told the same).
 * Answers the key of the queued confirmation.
 */
export async function requestAlert(store: Blobs, email: string, alert: Alert, title: string, now = Date.now()): Promise<{ queued?: string }> {
  const hash = subscriberHash(email);
  const at = new Date(now).toISOString();
  let replaced: string | undefined;
  const { result } = await updateSubscriber<{ queued?: string }>(store, hash, (current) => {
    const record: Subscriber = current ?? { email: email.trim(), key: randomId(16), createdAt: at, alerts: [], confirmations: [] };
    record.confirmations = record.confirmations.filter((time) => now - Date.parse(time) < DAY_MS);
    const existing = record.alerts.find((candidate) => sameAlert(candidate.alert, alert));
    const unchanged = { record: undefined, result: {} };
    if (existing?.confirmedAt) return unchanged;
    if (existing && now - Date.parse(existing.requestedAt) < DAY_MS) return unchanged;
    if (!existing && record.alerts.length >= MAX_ALERTS) return unchanged;
    if (record.confirmations.length >= MAX_CONFIRMATIONS_PER_DAY) return unchanged;
    const target = existing ?? { id: randomId(), alert, title, requestedAt: at };
    replaced = existing?.marker;
    target.requestedAt = at;
    target.title = title;
    target.marker = alertKeys.confirmation(now, hash, target.id);
    if (!existing) record.alerts.push(target);
    record.confirmations.push(at);
    return { record, result: { queued: target.marker } };
  });
  if (result.queued) {
    await store.setJSON(result.queued, { attempts: 0 });
    if (replaced) await store.delete(replaced);
  }
  return result;
}

export type LinkCheck = { ok: true; hash: string; record: Subscriber } | { ok: false };

/** The subscriber a manage link opens, when its signature holds. */
export async function openManageLink(store: Blobs, secret: string | null, hash: string, token: string): Promise<LinkCheck> {
  if (!secret || !/^[0-9a-f]{40}$/.test(hash) || !token) return { ok: false };
  const read = await readSubscriber(store, hash);
  if (!read || !manageTokenMatches(secret, token, hash, read.record)) return { ok: false };
  return { ok: true, hash, record: read.record };
}

export type ConfirmState = 'waiting' | 'confirmed' | 'invalid';

/** What a confirmation link points at: an alert waiting for it, one already on, or nothing valid (forged, expired, ended). */
export async function confirmLinkState(
  store: Blobs,
  secret: string | null,
  hash: string,
  alertId: string,
  token: string,
  now = Date.now(),
): Promise<ConfirmState> {
  if (!secret || !/^[0-9a-f]{40}$/.test(hash) || !alertId || !token) return 'invalid';
  const read = await readSubscriber(store, hash);
  if (!read || !confirmTokenMatches(secret, token, hash, read.record, alertId)) return 'invalid';
  const alert = read.record.alerts.find((candidate) => candidate.id === alertId);
  if (!alert) return 'invalid';
  if (alert.confirmedAt) return 'confirmed';
  return requestExpired(alert.requestedAt, now) ? 'invalid' : 'waiting';
}

/** Turns an alert on. From then it hears only of deploys published after this moment. */
export async function confirmAlert(store: Blobs, secret: string | null, hash: string, alertId: string, token: string, now = Date.now()): Promise<ConfirmState> {
  if ((await confirmLinkState(store, secret, hash, alertId, token, now)) === 'invalid') return 'invalid';
  const after = await latestChangeKey(store);
  let leftover: string | undefined;
  const { result } = await updateSubscriber<ConfirmState>(store, hash, (record) => {
    const alert = record?.alerts.find((candidate) => candidate.id === alertId);
    if (!record || !alert || (!alert.confirmedAt && requestExpired(alert.requestedAt, now))) return { record: undefined, result: 'invalid' };
    if (alert.confirmedAt) return { record: undefined, result: 'confirmed' };
    alert.confirmedAt = new Date(now).toISOString();
    alert.after = after;
    leftover = alert.marker;
    delete alert.marker;
    return { record, result: 'confirmed' };
  });
  if (leftover) await store.delete(leftover);
  return result;
}

/**
 * Ends some alerts of a subscriber (or all): what was matched for them only is forgotten, and
 * a subscriber with no alert left is deleted with everything queued for it.
 */
export async function endAlerts(store: Blobs, hash: string, ids: readonly string[] | 'all'): Promise<{ left: number }> {
  if (ids === 'all') {
    await deleteSubscriber(store, hash);
    return { left: 0 };
  }
  const drop: string[] = [];
  const { record } = await updateSubscriber(store, hash, (current) => {
    if (!current) return { record: undefined, result: undefined };
    const ending = current.alerts.filter((alert) => ids.includes(alert.id));
    if (ending.length === 0) return { record: undefined, result: undefined };
    drop.push(...ending.map((alert) => alert.marker).filter((key): key is string => Boolean(key)));
    current.alerts = current.alerts.filter((alert) => !ids.includes(alert.id));
    // No alert left: nothing more is sent, not even what was matched before.
    if (current.alerts.length === 0) {
      if (current.pending) drop.push(current.pending.marker);
      return { record: null, result: undefined };
    }
    if (current.pending) {
      const kept = current.pending.changes
        .map((change) => ({ ...change, alerts: change.alerts.filter((id) => !ids.includes(id)) }))
        .filter((change) => change.alerts.length > 0);
      if (kept.length === 0 && current.pending.ended.length === 0) {
        drop.push(current.pending.marker);
        delete current.pending;
      } else if (kept.length !== current.pending.changes.length) {
        current.pending = { ...current.pending, changes: kept, batch: randomId(8) };
      }
    }
    return { record: current, result: undefined };
  });
  await Promise.all(drop.map((key) => store.delete(key)));
  return { left: record?.alerts.length ?? 0 };
}
