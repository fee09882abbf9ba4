import type { Store as Blobs } from '@netlify/blobs';
import { siteUrl } from '../../../src/lib/data/site-url.ts';
import { leadPath } from '../../../src/lib/inbox/lead-address.ts';
import { leadsEnv, recipientsFor } from '../../../src/lib/settings/mail.ts';
import { interestLabel, type Lead } from '../leads/lead.ts';
import { sendMail } from '../mail/mailer.ts';
import { otherMailRoom } from '../mail/quota.ts';
import { storeOfLead } from '../stores/lead-store.ts';
import { storeInbox } from '../../../src/lib/stores/stores.ts';
import { Pacer } from '../mail/pacer.ts';
import { parseMarker, readLead, stamp } from '../leads/blobs.ts';
import { changeHandling, readHandling } from './handling.ts';
import { dealer } from '../../../src/lib/data/dealer.ts';
import { afterBusinessHours } from './promise.ts';
import { reindexLead } from './summaries.ts';
import { pushBlobs } from '../push/devices.ts';
import { leadTarget, pushToDevices, reminderMessage } from '../push/notify.ts';
import { pushSettings } from '../../../src/lib/settings/push.ts';

/**
 * The promise kept (docs/operations.md §The dealer's inbox): a lead still new after the dealer's
 * inquiryResponse.reminderHours business hours (data/dealer.json, set in the admin; default 2, 0
 * turns reminders off) goes first by push to the devices of its store and department, once
 * (docs/product.md §Inbox on a phone), then as one reminder e-mail to its department's inbox,
 * through the provider's shared pace, as before. Without e-mail set up, a push that reached a
 * device is the reminder. Filing a lead leaves a marker named by
 * the time it falls due,
 *
 *   inbox/due/<due time>-<lead id>
 *
 * so the scheduled run lists one prefix and, when nothing is due, does nothing else. A marker
 * goes once its lead is answered, reminded or gone.
 */

export const DUE_PREFIX = 'inbox/due/';

/** The dealer's setting, checked with the dealer file by its schema (data/schemas/dealer.ts). */
export function reminderHours(settings: { reminderHours: number } = dealer.inquiryResponse): number {
  return settings.reminderHours;
}

/** The key of a lead's reminder marker (null when reminders are off). */
export function dueKey(lead: { id: string; receivedAt: string }, hours = reminderHours()): string | null {
  const at = Date.parse(lead.receivedAt);
  if (!(hours > 0) || !Number.isFinite(at)) return null;
  return `${DUE_PREFIX}${stamp(afterBusinessHours(at, hours))}-${lead.id}`;
}

export interface ReminderSummary {
  due: number;
  sent: number;
  answered: number;
  failed: number;
}

/** One run: reminds every lead due by `now` that is still new; a send that fails is tried again next run. */
export async function sendReminders(store: Blobs, now = Date.now(), limitMs = 20_000): Promise<ReminderSummary> {
  const { blobs } = await store.list({ prefix: DUE_PREFIX });
  const due = blobs.flatMap(({ key }) => {
    const marker = parseMarker(key, DUE_PREFIX.slice(0, -1));
    return marker && marker.at <= now ? [{ key, ...marker }] : [];
  });
  const summary: ReminderSummary = { due: due.length, sent: 0, answered: 0, failed: 0 };
  if (due.length === 0) return summary;
  const env = leadsEnv();
  const mail = env.ok ? env.mail : null;
  const pacer = mail ? new Pacer(store, { ratePerSecond: mail.ratePerSecond, deadline: performance.now() + limitMs, timeoutMs: mail.timeoutMs }) : null;
  const hours = reminderHours();
  for (const entry of due) {
    const [read, handling] = await Promise.all([readLead(store, entry.id).catch(() => null), readHandling(store, entry.id)]);
    if (!read || handling.handling.status !== 'new' || handling.handling.reminderSentAt) {
      await Promise.all([store.delete(entry.key), forgetPushClaim(entry.id)]);
      summary.answered++;
      continue;
    }
    const { lead } = read;
    // Push first (docs/product.md §Inbox on a phone): the devices of the lead's store and department, once.
    const pushed = await remindByPush(lead, hours, now);
    if (!mail || !pacer) {
      // No e-mail set up: a reminder that reached a device is done; otherwise the marker waits.
      if (pushed) {
        await reminded(store, lead, entry.key, now);
        summary.sent++;
      }
      continue;
    }
    // The department's inbox of the lead's store, as the lead itself went (lib/leads/delivery.ts).
    const to = recipientsFor(mail, lead.inquiry.interest, storeInbox(storeOfLead(lead), lead.inquiry.interest));
    const department = interestLabel(lead.inquiry.interest);
    const link = new URL(leadPath(lead.id), siteUrl()).href;
    // A reminder is a notice to the dealer: it keeps to the room the leads' reserve leaves (lib/mail/quota.ts).
    const result = await sendMail(
      mail,
      {
        to,
        subject: `Reminder: a ${department} lead is still new after ${hours} business hours`,
        text: [
          `A ${department} lead from ${new Date(lead.receivedAt).toUTCString()} is still marked New in the inbox.`,
          `The site promises an answer within 24 hours, typically within a few business hours.`,
          '',
          `Open it: ${link}`,
        ].join('\n'),
        idempotencyKey: `lead-${lead.id}-reminder`,
      },
      { pacer, room: otherMailRoom(), now },
    );
    if (result.status === 'held' || result.status === 'deferred') break;
    if (result.status === 'failed') {
      summary.failed++;
      continue;
    }
    await reminded(store, lead, entry.key, now);
    summary.sent++;
  }
  return summary;
}

/** A lead reminded (by e-mail, or by push alone without e-mail): its handling says so, and its marker and push claim go. */
async function reminded(store: Blobs, lead: Lead, marker: string, now: number): Promise<void> {
  const changed = await changeHandling(store, lead.id, { kind: 'reminded' }, 'site', now);
  if (changed.ok) await reindexLead(store, lead, now).catch(() => undefined);
  await Promise.all([store.delete(marker), forgetPushClaim(lead.id)]);
}

export const PUSHED_PREFIX = 'reminded/';

/**
 * A lead's reminder to the devices of its store and department, once (a run cut short by the
 * e-mail's pace comes back to the lead, not to its push): the first run claims it in the push
 * store. Whether it reached a device.
 */
async function remindByPush(lead: Lead, hours: number, now: number): Promise<boolean> {
  if (!pushSettings().vapid) return false;
  const store = pushBlobs();
  const claim = await store.set(`${PUSHED_PREFIX}${lead.id}`, new Date(now).toISOString(), { onlyIfNew: true }).catch(() => null);
  if (!claim?.modified) return false;
  const round = await pushToDevices(leadTarget(lead), reminderMessage(lead, hours), { store, now, round: `reminder-${lead.id}` }).catch(() => null);
  return (round?.sent ?? 0) > 0;
}

/** The push claim goes with its marker (it only keeps a run cut short from pushing twice). */
async function forgetPushClaim(id: string): Promise<void> {
  if (!pushSettings().vapid) return;
  await pushBlobs()
    .delete(`${PUSHED_PREFIX}${id}`)
    .catch(() => undefined);
}
