import type { Store as Blobs } from '@netlify/blobs';
import { z } from 'zod';
import { LEAD_STATUSES, type LeadStatus } from '../../../src/lib/inbox/labels.ts';
import { REPLY_CHANNELS, type ReplyChannel } from '../../../src/lib/inbox/replies.ts';
import { keys, readJSON } from '../leads/blobs.ts';

export { LEAD_STATUSES, type LeadStatus };

/**
 * What the dealer does with a lead (docs/operations.md §The dealer's inbox), kept beside the lead
 * and never in it: the lead record belongs to the intake and the e-mail delivery, which write it
 * with conditions of their own. One record per lead,
 *
 *   inbox/handling/<lead id>    its status, notes and each status change with who and when
 *
 * deleted with the lead (leads/blobs.ts deleteLead). A lead without a record is new.
 */

/** The statuses that answer a visitor (spam answers nobody): the first one is the lead's first response. */
export const RESPONSE_STATUSES: ReadonlySet<LeadStatus> = new Set(['contacted', 'appointment-set', 'sold', 'lost']);

export const NOTE_MAX = 4000;

/** The replies a record keeps (the latest): a lead answered more often than this is well answered. */
export const REPLIES_KEPT = 50;

const noteSchema = z.object({ at: z.string(), by: z.string(), text: z.string().max(NOTE_MAX) });
const changeSchema = z.object({ at: z.string(), by: z.string(), from: z.enum(LEAD_STATUSES), to: z.enum(LEAD_STATUSES) });
const replySchema = z.object({ at: z.string(), by: z.string(), channel: z.enum(REPLY_CHANNELS) });

export const handlingSchema = z.object({
  status: z.enum(LEAD_STATUSES),
  notes: z.array(noteSchema),
  history: z.array(changeSchema),
  /** Each tap on the lead's call, text or e-mail link (docs/product.md §Inbox), oldest first. */
  replies: z.array(replySchema).optional(),
  /** When the lead was first answered, by a reply link or a status that answers (the promise's measure). */
  firstResponseAt: z.string().optional(),
  /** When the one reminder that the lead is still new went to its department. */
  reminderSentAt: z.string().optional(),
});

export type Handling = z.infer<typeof handlingSchema>;

export const handlingKey = keys.handling;

export const NEW_HANDLING: Handling = Object.freeze({ status: 'new', notes: [], history: [] }) as Handling;

export async function readHandling(store: Blobs, leadId: string): Promise<{ handling: Handling; etag?: string; stored: boolean }> {
  const entry = await readJSON(store, handlingKey(leadId));
  if (!entry) return { handling: { ...NEW_HANDLING, notes: [], history: [] }, stored: false };
  const parsed = handlingSchema.safeParse(entry.data);
  // A record that no longer reads is started again rather than locking the lead.
  return { handling: parsed.success ? parsed.data : { ...NEW_HANDLING, notes: [], history: [] }, etag: entry.etag, stored: true };
}

export type HandlingChange =
  { kind: 'status'; status: LeadStatus } | { kind: 'note'; text: string } | { kind: 'reminded' } | { kind: 'reply'; channel: ReplyChannel };

/** The record after a change by `by` at `now` (pure). */
export function applyChange(handling: Handling, change: HandlingChange, by: string, now: number): Handling {
  const at = new Date(now).toISOString();
  if (change.kind === 'note') return { ...handling, notes: [...handling.notes, { at, by, text: change.text }] };
  if (change.kind === 'reminded') return { ...handling, reminderSentAt: at };
  if (change.kind === 'reply') {
    // A reply answers the lead: the promise's clock stops, and a new lead is contacted (its reminder is dropped).
    const replied: Handling = { ...handling, replies: [...(handling.replies ?? []), { at, by, channel: change.channel }].slice(-REPLIES_KEPT) };
    if (!handling.firstResponseAt) replied.firstResponseAt = at;
    if (handling.status !== 'new') return replied;
    return { ...replied, status: 'contacted', history: [...handling.history, { at, by, from: 'new', to: 'contacted' }] };
  }
  if (change.status === handling.status) return handling;
  const next: Handling = { ...handling, status: change.status, history: [...handling.history, { at, by, from: handling.status, to: change.status }] };
  if (!handling.firstResponseAt && RESPONSE_STATUSES.has(change.status)) next.firstResponseAt = at;
  return next;
}

/**
 * Applies a change unless someone else changed the record since it was read (then `conflict`):
 * two people working the same lead see each other's change instead of overwriting it.
 */
export async function changeHandling(
  store: Blobs,
  leadId: string,
  change: HandlingChange,
  by: string,
  now = Date.now(),
): Promise<{ ok: true; handling: Handling } | { ok: false; conflict: true }> {
  const read = await readHandling(store, leadId);
  const next = applyChange(read.handling, change, by, now);
  if (next === read.handling) return { ok: true, handling: next };
  const write = await store.setJSON(handlingKey(leadId), next, read.stored && read.etag ? { onlyIfMatch: read.etag } : { onlyIfNew: true });
  return write.modified ? { ok: true, handling: next } : { ok: false, conflict: true };
}
