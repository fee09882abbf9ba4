import type { Store as Blobs } from '@netlify/blobs';
import { pages } from '../../../src/lib/data/pages.ts';
import { mailLogBlobs, pruneMailLog } from '../mail/log.ts';
import { pruneConfirmationCounts } from './confirmation-share.ts';
import { retentionCutoff } from '../leads/retention.ts';
import { changeSets, subscriberHashes, updateSubscriber } from './blobs.ts';
import { DAY_MS, requestExpired } from './subscriptions.ts';

/**
 * The privacy page's promise for alerts (docs/product.md §Alerts, data/pages.json → privacy): an
 * unconfirmed request is deleted after alertConfirmDays, an alert ends alertMonths after it was
 * confirmed, an address without alerts is deleted, and the e-mail counts (no addresses) go
 * after two months.
 */

export interface AlertPruneSummary {
  /** Requests never confirmed in time. */
  requests: number;
  /** Alerts that ran their months. */
  alerts: number;
  /** Addresses deleted, having no alert left. */
  subscribers: number;
  changeSets: number;
  mailCounts: number;
}

/** Change sets are kept this long after their deploy (every subscriber has long been matched). */
const CHANGE_SET_DAYS = 30;

export async function pruneAlerts(store: Blobs, now = Date.now()): Promise<AlertPruneSummary> {
  const summary: AlertPruneSummary = { requests: 0, alerts: 0, subscribers: 0, changeSets: 0, mailCounts: 0 };
  const cutoff = retentionCutoff(now, pages.privacy.alertMonths);
  for (const hash of await subscriberHashes(store)) {
    const drop: string[] = [];
    const { result } = await updateSubscriber<'deleted' | undefined>(store, hash, (current) => {
      if (!current) return { record: undefined, result: undefined };
      const expired = current.alerts.filter((alert) => !alert.confirmedAt && requestExpired(alert.requestedAt, now));
      const ran = current.alerts.filter((alert) => alert.confirmedAt && Date.parse(alert.confirmedAt) < cutoff);
      const confirmations = current.confirmations.filter((time) => now - Date.parse(time) < DAY_MS);
      if (expired.length === 0 && ran.length === 0 && confirmations.length === current.confirmations.length) return { record: undefined, result: undefined };
      summary.requests += expired.length;
      summary.alerts += ran.length;
      const gone = new Set([...expired, ...ran].map((alert) => alert.id));
      drop.push(...[...expired, ...ran].map((alert) => alert.marker).filter((key): key is string => Boolean(key)));
      current.alerts = current.alerts.filter((alert) => !gone.has(alert.id));
      current.confirmations = confirmations;
      if (current.alerts.length === 0) {
        if (current.pending) drop.push(current.pending.marker);
        return { record: null, result: 'deleted' };
      }
      return { record: current, result: undefined };
    });
    if (result === 'deleted') summary.subscribers++;
    await Promise.all(drop.map((key) => store.delete(key)));
  }
  for (const { key, set } of await changeSets(store)) {
    if (now - Date.parse(set.publishedAt) > CHANGE_SET_DAYS * DAY_MS) {
      await store.delete(key);
      summary.changeSets++;
    }
  }
  summary.mailCounts = await pruneMailLog(mailLogBlobs(), now);
  // Counts of confirmations sent (confirmation-share.ts) matter for their day only.
  summary.mailCounts += await pruneConfirmationCounts(store, now);
  return summary;
}
