import type { Store as Blobs } from '@netlify/blobs';
import { changeKey } from '../../../src/lib/alerts.ts';
import { dealer } from '../../../src/lib/data/dealer.ts';
import type { PriceEdges } from '../../../src/lib/inventory/filter.ts';
import { backoffMs, FIRST_SEND_WINDOW_MS } from '../leads/delivery.ts';
import { siteUrl } from '../../../src/lib/data/site-url.ts';
import { alertsEnv, type AlertsConfig } from '../../../src/lib/settings/alerts.ts';
import { leadsEnv, type MailConfig } from '../../../src/lib/settings/mail.ts';
import { mailLogBlobs, sentTotals } from '../mail/log.ts';
import { sendMail, type MailOutcome, type OutgoingEmail } from '../mail/mailer.ts';
import { Pacer } from '../mail/pacer.ts';
import { readJSON, stamp } from '../leads/blobs.ts';
import { alertEmail, confirmationEmail } from './emails.ts';
import { expandChanges } from './matching.ts';
import { attemptsSchema, queueEntries, readSubscriber, updateSubscriber, type QueueEntry, type Subscriber } from './blobs.ts';
import { CONFIRM_DAYS, DAY_MS, requestExpired } from './subscriptions.ts';
import { alertLinks } from './tokens.ts';
import { giveBackConfirmationPlace, takeConfirmationPlace } from './confirmation-share.ts';

/**
 * Sending the queued alert e-mails (docs/product.md §Alerts) on the lead machinery: the same
 * mailer (lib/mail/mailer.ts, one idempotency key per message), the same pace (lib/mail/pacer.ts) and the
 * same backoff (lib/leads/delivery.ts). Two limits come on top: a subscriber gets at most one alert
 * e-mail in 24 hours, and alert mail stops while the site's e-mail count of the day or month
 * has reached the alert quota, keeping the rest of the provider's plan for leads and receipts;
 * what does not fit waits, oldest first.
 */

export type QueueStatus = 'sent' | 'waiting' | 'held' | 'failed' | 'deferred' | 'busy' | 'dropped' | 'skipped' | 'misconfigured';

/**
 * The alert quota of this day and month as a run sees it: the counts when it began, filled once
 * an e-mail finds its room full (each e-mail takes its places itself, lib/mail/quota.ts), so that
 * nothing younger goes ahead.
 */
export class Quota {
  today: number;
  month: number;
  readonly daily: number;
  readonly monthly: number;

  constructor(today: number, month: number, daily: number, monthly: number) {
    this.today = today;
    this.month = month;
    this.daily = daily;
    this.monthly = monthly;
  }

  get open(): boolean {
    return this.today < this.daily && this.month < this.monthly;
  }

  /** An e-mail found the day's (or the month's) room full. */
  fill(full: 'day' | 'month'): void {
    if (full === 'day') this.today = Math.max(this.today, this.daily);
    else this.month = Math.max(this.month, this.monthly);
  }

  /** When room comes back: the next UTC day, or the next month when the month is full. */
  heldUntil(now: number): string {
    const date = new Date(now);
    const next =
      this.month >= this.monthly
        ? Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)
        : Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
    return new Date(next).toISOString();
  }
}

export async function loadQuota(config: Pick<AlertsConfig, 'dailyQuota' | 'monthlyQuota'>, now = Date.now()): Promise<Quota> {
  const totals = await sentTotals(mailLogBlobs(), now);
  return new Quota(totals.today, totals.month, config.dailyQuota, config.monthlyQuota);
}

type Ready = { mail: MailConfig; secret: string; from: string; config: AlertsConfig };

/** The mail and alert settings, or why alert e-mail cannot go out now. */
function readiness(): Ready | { status: 'skipped' | 'misconfigured'; why: string } {
  const leads = leadsEnv();
  const alerts = alertsEnv();
  if (!leads.ok) return { status: 'misconfigured', why: leads.error };
  if (!alerts.ok) return { status: 'misconfigured', why: alerts.error };
  if (!leads.mail) return { status: 'skipped', why: 'RESEND_API_KEY is not set' };
  if (!alerts.secret) return { status: 'misconfigured', why: 'ALERTS_SECRET is not set, so alert links cannot be signed' };
  return { mail: leads.mail, secret: alerts.secret, from: alerts.from ?? leads.mail.from, config: alerts };
}

export interface DeliverOptions {
  now?: number;
  pacer?: Pacer;
  quota?: Quota;
}

interface Message {
  email: OutgoingEmail;
  /** Records the success on the subscriber. */
  sent: (record: Subscriber, at: number) => Subscriber | null;
}

function confirmationMessage(ready: Ready, entry: Extract<QueueEntry, { kind: 'confirm' }>, record: Subscriber, now: number): Message | null {
  const alert = record.alerts.find((candidate) => candidate.id === entry.alertId);
  if (!alert || alert.confirmedAt || alert.marker !== entry.key || requestExpired(alert.requestedAt, now)) return null;
  const site = siteUrl();
  const message = confirmationEmail(
    { title: alert.title, confirmUrl: alertLinks.confirm(site, ready.secret, entry.hash, record, alert.id), days: CONFIRM_DAYS },
    dealer,
    site,
  );
  return {
    email: { to: [record.email], ...message, idempotencyKey: `alert-confirm-${entry.hash}-${alert.id}-${stamp(Date.parse(alert.requestedAt))}` },
    sent: (current) => {
      const target = current.alerts.find((candidate) => candidate.id === entry.alertId);
      if (target?.marker === entry.key) delete target.marker;
      return current;
    },
  };
}

function alertMessage(ready: Ready, entry: Extract<QueueEntry, { kind: 'alert' }>, record: Subscriber): Message | null {
  const pending = record.pending;
  if (!pending || pending.marker !== entry.key) return null;
  const site = siteUrl();
  const unsubscribe = alertLinks.unsubscribe(site, ready.secret, entry.hash, record);
  const message = alertEmail(
    {
      changes: pending.changes,
      ended: pending.ended,
      active: record.alerts.filter((alert) => alert.confirmedAt).map((alert) => alert.title),
      manageUrl: alertLinks.manage(site, ready.secret, entry.hash, record),
      unsubscribeUrl: unsubscribe,
    },
    dealer,
    site,
  );
  const batch = pending.batch;
  const sentKeys = new Set(pending.changes.map(changeKey));
  const sentEnded = new Set(pending.ended);
  return {
    email: {
      to: [record.email],
      ...message,
      // One-click unsubscribe (RFC 8058): mail programs POST "List-Unsubscribe=One-Click" to the address.
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      idempotencyKey: `alert-${entry.hash}-${batch}`,
    },
    sent: (current, at) => {
      current.lastAlertAt = new Date(at).toISOString();
      const now = current.pending;
      if (now && now.batch !== batch) {
        // Matched again while this one was on its way: the rest waits for the next e-mail.
        now.changes = now.changes.filter((change) => !sentKeys.has(changeKey(change)));
        now.ended = now.ended.filter((title) => !sentEnded.has(title));
        if (now.changes.length > 0 || now.ended.length > 0) return current;
      }
      delete current.pending;
      return current.alerts.length > 0 ? current : null;
    },
  };
}

/**
 * Sends one queued e-mail, if it is due, the way every e-mail goes (lib/mail/mailer.ts, sendMail): a
 * confirmation within its share of the day, every one within the alert quota, at the shared
 * pace (the run's pacer, or for the confirmation of a request a pace of its own as a lead's first
 * send has, shared through the store), each try under the same idempotency key. The try is
 * claimed before its slot is waited for (a conditional write of the queue entry with its next try,
 * as a lead's attempt is claimed): a second sender at the same moment sees it not due and leaves it.
 * A failure keeps its backoff (a 429 waits its Retry-After and holds every sender); a success
 * takes the entry off the queue. What does not fit waits in the queue for the scheduled job.
 */
export async function deliverQueued(store: Blobs, entry: QueueEntry, options: DeliverOptions = {}): Promise<QueueStatus> {
  // Two runs in one instance (a deploy event and the scheduled job) do not both try the same e-mail.
  if (inFlight.has(entry.key)) return 'busy';
  inFlight.add(entry.key);
  try {
    return await deliver(store, entry, options);
  } finally {
    inFlight.delete(entry.key);
  }
}

const inFlight = new Set<string>();

async function deliver(store: Blobs, entry: QueueEntry, options: DeliverOptions): Promise<QueueStatus> {
  const now = options.now ?? Date.now();
  const ready = readiness();
  if ('status' in ready) return ready.status;
  const queued = await readJSON(store, entry.key);
  if (!queued) return 'dropped';
  const parsed = attemptsSchema.safeParse(queued.data);
  const attempts = parsed.success ? parsed.data : { attempts: 0 };
  if (attempts.nextAttemptAt && Date.parse(attempts.nextAttemptAt) > now) return 'waiting';
  const read = await readSubscriber(store, entry.hash);
  if (read && entry.kind === 'alert' && read.record.lastAlertAt && now - Date.parse(read.record.lastAlertAt) < DAY_MS) return 'waiting';
  const message = read ? (entry.kind === 'confirm' ? confirmationMessage(ready, entry, read.record, now) : alertMessage(ready, entry, read.record)) : null;
  if (!message) {
    await store.delete(entry.key);
    return 'dropped';
  }
  // Confirmations have their share of the day; past it they wait and leave the quota to alerts.
  const share = entry.kind === 'confirm' ? await takeConfirmationPlace(store, ready.config.dailyQuota, now) : undefined;
  if (share === null) return 'held';
  // The try is claimed before its slot is waited for, as a lead's attempt is (lib/leads/delivery.ts):
  // a second sender at the same moment sees it not due, or loses the conditional write, and leaves
  // it. A claim written as the slot came would start the request late in its slot, off the pace.
  const tries = attempts.attempts + 1;
  const claim = await store.setJSON(
    entry.key,
    { ...attempts, attempts: tries, nextAttemptAt: new Date(now + backoffMs(tries)).toISOString() },
    queued.etag ? { onlyIfMatch: queued.etag } : {},
  );
  let result: MailOutcome | undefined;
  try {
    if (!claim.modified) return 'busy';
    const pacer =
      options.pacer ??
      new Pacer(store, { ratePerSecond: ready.mail.ratePerSecond, deadline: performance.now() + FIRST_SEND_WINDOW_MS, timeoutMs: ready.mail.timeoutMs });
    result = await sendMail({ ...ready.mail, from: ready.from }, message.email, {
      pacer,
      room: { daily: ready.config.dailyQuota, monthly: ready.config.monthlyQuota },
      now,
    });
  } finally {
    if (share && result?.status !== 'sent') await giveBackConfirmationPlace(store, share);
  }
  // Not tried after all (the quota full, no slot in time): the claim is taken back, so the try is
  // not counted and the entry is due again at the next run.
  if (result.status === 'held' || result.status === 'deferred') await store.setJSON(entry.key, attempts, claim.etag ? { onlyIfMatch: claim.etag } : {});
  if (result.status === 'held') {
    options.quota?.fill(result.full);
    return 'held';
  }
  if (result.status === 'deferred') return result.status;
  if (result.status === 'failed') {
    // A 429 waits its Retry-After (and has held every sender: lib/mail/mailer.ts); anything else its backoff.
    const wait = result.statusCode === 429 && result.retryAfter ? result.retryAfter * 1000 : backoffMs(tries, result.retryAfter ?? 0);
    const nextAttemptAt = new Date(now + wait).toISOString();
    await store.setJSON(entry.key, { attempts: tries, nextAttemptAt, lastError: result.error });
    console.warn(
      `[alerts] ${entry.kind === 'confirm' ? 'Confirmation' : 'Alert'} e-mail failed (attempt ${tries}): ${result.error}. Next try after ${nextAttemptAt}.`,
    );
    return 'failed';
  }
  const { record } = await updateSubscriber(store, entry.hash, (current) => ({ record: current ? message.sent(current, now) : undefined, result: undefined }));
  if (entry.kind === 'alert' && record?.pending?.marker === entry.key) await store.setJSON(entry.key, { attempts: 0 });
  else await store.delete(entry.key);
  return 'sent';
}

/** Scheduled runs get 30 seconds; everything ends by this (as the lead retry job). */
export const RUN_LIMIT_MS = 25_000;

export type AlertRunSummary = { queued: number; matched: number; heldUntil?: string; why?: string } & Partial<Record<QueueStatus, number>>;

/**
 * One run: match what the last deploys changed, then send the queue oldest first until the
 * time, the pace or the quota runs out. Once the quota is reached nothing younger goes ahead.
 */
export async function runAlerts(
  store: Blobs,
  edges: PriceEdges,
  { limitMs = RUN_LIMIT_MS, now = Date.now() }: { limitMs?: number; now?: number } = {},
): Promise<AlertRunSummary> {
  const deadline = performance.now() + limitMs;
  const expansion = await expandChanges(store, edges, { now, deadline: deadline - 2_000 });
  const entries = await queueEntries(store);
  const summary: AlertRunSummary = { queued: entries.length, matched: expansion.queued };
  if (entries.length === 0) return summary;
  const ready = readiness();
  if ('status' in ready) {
    summary[ready.status] = entries.length;
    summary.why = ready.why;
    return summary;
  }
  const quota = await loadQuota(ready.config, now);
  const pacer = new Pacer(store, { ratePerSecond: ready.mail.ratePerSecond, deadline, timeoutMs: ready.mail.timeoutMs });
  const count = (status: QueueStatus) => (summary[status] = (summary[status] ?? 0) + 1);
  for (const entry of entries) {
    if (!quota.open) count('held');
    else if (!pacer.open) count('deferred');
    else
      count(
        await deliverQueued(store, entry, { now, pacer, quota }).catch((error: unknown) => {
          console.error(`[alerts] Sending ${entry.key} failed: ${error instanceof Error ? error.message : 'unknown error'}`);
          return 'failed' as const;
        }),
      );
  }
  if (summary.held) summary.heldUntil = quota.heldUntil(now);
  return summary;
}

export interface AlertsHealth {
  /** E-mails waiting in the queue: confirmations and alert e-mails. */
  pending: number;
  oldestPendingMinutes: number | null;
  sentToday: number;
  dailyQuota: number;
  sentThisMonth: number;
  monthlyQuota: number;
  /** Alert mail waits for the quota; from when it goes again. */
  held: boolean;
  heldUntil?: string;
}

/** What /api/health says about alerts: no personal data, only counts. */
export async function alertsHealth(store: Blobs, now = Date.now()): Promise<AlertsHealth> {
  const config = alertsEnv();
  const quotas = config.ok ? config : { dailyQuota: 0, monthlyQuota: 0 };
  const [entries, totals] = await Promise.all([queueEntries(store), sentTotals(mailLogBlobs(), now)]);
  const quota = new Quota(totals.today, totals.month, quotas.dailyQuota, quotas.monthlyQuota);
  const held = entries.length > 0 && !quota.open;
  const oldest = entries[0]?.at;
  return {
    pending: entries.length,
    oldestPendingMinutes: oldest === undefined ? null : Math.max(0, Math.floor((now - oldest) / 60_000)),
    sentToday: totals.today,
    dailyQuota: quotas.dailyQuota,
    sentThisMonth: totals.month,
    monthlyQuota: quotas.monthlyQuota,
    held,
    ...(held ? { heldUntil: quota.heldUntil(now) } : {}),
  };
}
