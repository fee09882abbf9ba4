import type { Store } from '@netlify/blobs';
import { z } from 'zod';
import { leadSchema, type Lead } from '../lead.ts';
import { keys, parseMarker, readJSON } from '../store.ts';
import { handlingSchema, LEAD_STATUSES, NEW_HANDLING, type Handling } from './handling.ts';

/**
 * The inbox's index (docs/decisions/dealer-inbox.md): one small summary per lead, what the list
 * filters, searches and shows, kept in one blob per month of arrival,
 *
 *   inbox/index/<YYYY-MM>     { entries: Summary[] }
 *
 * so listing 10,000 leads reads a few dozen blobs, not 10,000. The leads stay the truth: each
 * load lists the received/ markers (keys only) and reconciles, adding a lead the index has not
 * seen (read once) and dropping one that is gone, so a lead filed or deleted by any path shows
 * right at the next load. A status change or note rewrites its summary at once.
 */

export const INDEX_PREFIX = 'inbox/index/';

export const summarySchema = z.object({
  id: z.string(),
  /** When it arrived (ms). */
  at: z.number(),
  form: z.string(),
  department: z.string(),
  status: z.enum(LEAD_STATUSES),
  /** The store the lead is for, when the dealer has several. */
  store: z.string().optional(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  stock: z.string().optional(),
  firstResponseAt: z.number().optional(),
  reminded: z.boolean().optional(),
});

export type Summary = z.infer<typeof summarySchema>;

const monthSchema = z.object({ entries: z.array(z.unknown()) });

export const monthOf = (at: number) => new Date(at).toISOString().slice(0, 7);
const monthKey = (month: string) => `${INDEX_PREFIX}${month}`;

/** The store slug a lead carries (leads have one once the dealer has several stores). */
export function storeOf(lead: Lead): string | undefined {
  const value = (lead as { store?: unknown }).store;
  return typeof value === 'string' && value ? value : undefined;
}

export function summarize(lead: Lead, handling: Handling): Summary {
  const at = Date.parse(lead.receivedAt);
  const store = storeOf(lead);
  return {
    id: lead.id,
    at: Number.isFinite(at) ? at : 0,
    form: lead.form ?? (lead.reservation ? 'reservation' : 'contact'),
    department: lead.inquiry.interest,
    status: handling.status,
    ...(store ? { store } : {}),
    name: `${lead.inquiry.firstName} ${lead.inquiry.lastName}`.trim(),
    email: lead.inquiry.email,
    phone: lead.inquiry.phone,
    ...(lead.unit?.stockNumber ? { stock: lead.unit.stockNumber } : {}),
    ...(handling.firstResponseAt ? { firstResponseAt: Date.parse(handling.firstResponseAt) } : {}),
    ...(handling.reminderSentAt ? { reminded: true } : {}),
  };
}

interface Month {
  entries: Summary[];
  etag?: string;
  changed: boolean;
}

async function readMonth(store: Store, month: string): Promise<Month> {
  const entry = await readJSON(store, monthKey(month));
  const parsed = monthSchema.safeParse(entry?.data);
  const entries = parsed.success ? parsed.data.entries.flatMap((item) => summarySchema.safeParse(item).data ?? []) : [];
  return { entries, etag: entry?.etag, changed: false };
}

async function writeMonth(store: Store, month: string, value: Month): Promise<boolean> {
  const body = { entries: value.entries };
  const write = await store.setJSON(monthKey(month), body, value.etag ? { onlyIfMatch: value.etag } : { onlyIfNew: true });
  return write.modified;
}

/** Runs `task` over `items`, `limit` at a time. */
export async function eachLimit<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++] as T);
    }),
  );
}

/** Every lead's summary, reconciled with the leads that are stored now (see above). */
export async function loadSummaries(store: Store): Promise<Summary[]> {
  const [received, indexed] = await Promise.all([store.list({ prefix: 'received/' }), store.list({ prefix: INDEX_PREFIX })]);
  const arrived = new Map<string, number>();
  for (const { key } of received.blobs) {
    const marker = parseMarker(key, 'received');
    if (marker) arrived.set(marker.id, marker.at);
  }
  const months = new Map<string, Month>();
  await eachLimit(
    indexed.blobs.map((blob) => blob.key.slice(INDEX_PREFIX.length)),
    8,
    async (month) => void months.set(month, await readMonth(store, month)),
  );
  const seen = new Set<string>();
  for (const month of months.values()) {
    const kept = month.entries.filter((entry) => arrived.has(entry.id) && !seen.has(entry.id) && seen.add(entry.id));
    if (kept.length !== month.entries.length) Object.assign(month, { entries: kept, changed: true });
  }
  const missing = [...arrived.keys()].filter((id) => !seen.has(id));
  // Plain reads: the index needs no ETag of the lead (the local sandbox would list to find one).
  await eachLimit(missing, 32, async (id) => {
    const [stored, handled] = await Promise.all([
      store.get(keys.lead(id), { type: 'json' }).catch(() => null),
      store.get(keys.handling(id), { type: 'json' }).catch(() => null),
    ]);
    const lead = leadSchema.safeParse(stored);
    if (!lead.success) return; // still being filed, or unreadable: next time
    const handling = handlingSchema.safeParse(handled);
    const summary = summarize(lead.data, handling.success ? handling.data : NEW_HANDLING);
    const month = monthOf(summary.at);
    const entry = months.get(month) ?? { entries: [], changed: true };
    entry.entries.push(summary);
    entry.changed = true;
    months.set(month, entry);
  });
  // A lost race with another writer is fine: that writer's index reconciles the same way next time.
  await eachLimit(
    [...months.entries()].filter(([, month]) => month.changed),
    8,
    async ([month, value]) => void (await writeMonth(store, month, value).catch(() => false)),
  );
  return [...months.values()].flatMap((month) => month.entries);
}

/** Puts a lead's new summary in the index (or takes it out: `summary` null), retrying a write that lost a race. */
export async function putSummary(store: Store, id: string, at: number, summary: Summary | null): Promise<void> {
  const month = monthOf(at);
  for (let attempt = 0; attempt < 5; attempt++) {
    const value = await readMonth(store, month);
    const others = value.entries.filter((entry) => entry.id !== id);
    if (!summary && others.length === value.entries.length) return;
    value.entries = summary ? [...others, summary] : others;
    if (await writeMonth(store, month, value)) return;
  }
}

/** Takes leads out of the index (a person's data deleted, retention): ids with when they arrived. */
export async function dropSummaries(store: Store, leads: readonly { id: string; at: number }[]): Promise<void> {
  const byMonth = new Map<string, Set<string>>();
  for (const lead of leads) byMonth.set(monthOf(lead.at), (byMonth.get(monthOf(lead.at)) ?? new Set()).add(lead.id));
  for (const [month, ids] of byMonth) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const value = await readMonth(store, month);
      const kept = value.entries.filter((entry) => !ids.has(entry.id));
      if (kept.length === value.entries.length) break;
      value.entries = kept;
      if (await writeMonth(store, month, value)) break;
    }
  }
}
