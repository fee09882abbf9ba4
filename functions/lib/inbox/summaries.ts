import type { Store as Blobs } from '@netlify/blobs';
import { z } from 'zod';
import { leadSchema, type Lead } from '../leads/lead.ts';
import { settleMs } from '../../../src/lib/settings/mail.ts';
import { keys, parseMarker, readJSON, sleep, stamp } from '../leads/blobs.ts';
import { handlingSchema, LEAD_STATUSES, NEW_HANDLING, type Handling } from './handling.ts';

/**
 * The inbox's index (docs/decisions/dealer-inbox.md): one small summary per lead, what the list
 * filters, searches and shows, kept in one blob per month of arrival,
 *
 *   inbox/index/<YYYY-MM>                                   { entries: Summary[] }
 *   inbox/touched/<arrival>-<change>-<random>-<lead id>    a lead changed since its month was written
 *
 * so listing 10,000 leads reads a few dozen blobs and never lists or reads the leads. The index
 * is kept as leads change, without transactions (Blobs has none) and without losing a change to
 * a race: every change (a lead filed, its status or notes, a lead deleted) first leaves a touched
 * marker under a key of its own, which no other writer can overwrite. A read applies the markers
 * there are over the months (each one re-reads its lead and handling: the leads stay the truth),
 * and a fold writes them into their month: it reads the month, then the leads, and writes the
 * month only if nobody wrote it in between (onlyIfMatch), so what it writes is never older than
 * what another fold wrote. It deletes a marker only once the month, read back after the settling
 * time (leads/blobs.ts), holds the lead as it wrote it. In the local sandbox, whose conditions are
 * weaker, a fold that lost finds its change missing on reading back and keeps its marker for the
 * next fold. Leads filed before the index existed are added by rebuildIndex (the daily
 * prune job, a bounded number a run, and `npm run leads -- reindex`).
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

export const TOUCHED_PREFIX = 'inbox/touched/';

/**
 * How long a marker of a lead that cannot be read is kept: the intake leaves its marker just
 * before the lead itself (leads/blobs.ts fileLead), so a lead being filed is not yet there.
 */
export const FILING_GRACE_MS = 5 * 60_000;

/** A touched marker's key → the lead's arrival, when the change was made, the lead's id. */
export function parseTouched(key: string): { at: number; changedAt: number; id: string } | null {
  const match = /^inbox\/touched\/(\d{15})-(\d{15})-[a-z0-9]+-(.+)$/.exec(key);
  return match?.[1] && match[2] && match[3] ? { at: Number(match[1]), changedAt: Number(match[2]), id: match[3] } : null;
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

/** A lead's summary as stored now (null when the lead is gone or cannot be read). Plain reads: no ETag needed. */
export async function currentSummary(store: Blobs, id: string): Promise<Summary | null> {
  const [stored, handled] = await Promise.all([
    store.get(keys.lead(id), { type: 'json' }).catch(() => null),
    store.get(keys.handling(id), { type: 'json' }).catch(() => null),
  ]);
  const lead = leadSchema.safeParse(stored);
  if (!lead.success) return null;
  const handling = handlingSchema.safeParse(handled);
  return summarize(lead.data, handling.success ? handling.data : NEW_HANDLING);
}

/**
 * A lead to bring up to date in the index: the month it arrived in, and the markers its fold
 * clears (listed before anything of the lead was read, so each stands for a change the fold sees).
 */
export interface Change {
  id: string;
  month: string;
  markers: string[];
  /** A marker made in the last minutes: kept while the lead cannot be read (it may be being filed). */
  young?: boolean;
}

/** The touched markers there are, by lead and the month of the arrival they name. */
async function listChanges(store: Blobs, now: number, prefix = TOUCHED_PREFIX, only?: string): Promise<Change[]> {
  const { blobs } = await store.list({ prefix });
  const byLeadMonth = new Map<string, Change>();
  for (const { key } of blobs) {
    const marker = parseTouched(key);
    if (!marker || (only && marker.id !== only)) continue;
    const month = monthOf(marker.at);
    const change = byLeadMonth.get(`${marker.id} ${month}`) ?? { id: marker.id, month, markers: [], young: false };
    change.markers.push(key);
    change.young ||= now - marker.changedAt < FILING_GRACE_MS;
    byLeadMonth.set(`${marker.id} ${month}`, change);
  }
  return [...byLeadMonth.values()];
}

interface Month {
  entries: Summary[];
  etag?: string;
}

async function readMonth(store: Blobs, month: string, withEtag: boolean): Promise<Month> {
  const entry = withEtag ? await readJSON(store, monthKey(month)) : { data: await store.get(monthKey(month), { type: 'json' }).catch(() => null) };
  const parsed = monthSchema.safeParse(entry?.data);
  const entries = parsed.success ? parsed.data.entries.flatMap((item) => summarySchema.safeParse(item).data ?? []) : [];
  return { entries, etag: entry && 'etag' in entry ? entry.etag : undefined };
}

/** Every month of the index, read in parallel (plain reads). */
async function readMonths(store: Blobs): Promise<Map<string, Summary[]>> {
  const { blobs } = await store.list({ prefix: INDEX_PREFIX });
  const months = new Map<string, Summary[]>();
  await eachLimit(
    // (the local server writes through a temporary ".name" file, which a listing can show)
    blobs.map((blob) => blob.key.slice(INDEX_PREFIX.length)).filter((month) => /^\d{4}-\d{2}$/.test(month)),
    12,
    async (month) => void months.set(month, (await readMonth(store, month, false)).entries),
  );
  return months;
}

/** Reads the leads' summaries as they are now, `limit` at a time. */
async function summariesNow(store: Blobs, ids: readonly string[]): Promise<Map<string, Summary | null>> {
  const now = new Map<string, Summary | null>();
  await eachLimit(ids, 32, async (id) => void now.set(id, await currentSummary(store, id)));
  return now;
}

/** Whether a month's entries hold `summary` for the lead (null: not there), field by field. */
const holds = (entries: readonly Summary[], id: string, summary: Summary | null | undefined) =>
  canonical(entries.find((entry) => entry.id === id)) === canonical(summary);
const canonical = (summary: Summary | null | undefined) => (summary ? JSON.stringify(summary, Object.keys(summary).sort()) : 'null');

/**
 * Brings the changed leads up to date in their months, without a lost update: each try reads the
 * month (with its ETag), THEN the leads, and writes only if the month is unchanged (onlyIfMatch),
 * so a month written by anyone in between makes it read both again. Then, once the store has
 * settled, the months are read back and the markers of the leads they hold as written are
 * deleted; any other marker stays for the next fold. Answers how many changes are in the index.
 */
export async function foldChanges(store: Blobs, changes: readonly Change[], { attempts = 5 }: { attempts?: number } = {}): Promise<number> {
  const byMonth = new Map<string, Change[]>();
  for (const change of changes) byMonth.set(change.month, [...(byMonth.get(change.month) ?? []), change]);
  /** What each month was written with, per lead: `<month> <id>`. */
  const written = new Map<string, Summary | null>();
  await eachLimit([...byMonth.entries()], 4, async ([month, monthChanges]) => {
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await sleep(Math.random() * 50 * attempt);
      const value = await readMonth(store, month, true);
      const now = await summariesNow(
        store,
        monthChanges.map((change) => change.id),
      );
      // A month holds the leads that arrived in it: a marker naming another arrival (a filing of
      // the same submission that did not file the lead, store.ts fileLead) takes nothing there.
      for (const [id, summary] of now) if (summary && monthOf(summary.at) !== month) now.set(id, null);
      if (monthChanges.every((change) => holds(value.entries, change.id, now.get(change.id)))) {
        for (const [id, summary] of now) written.set(`${month} ${id}`, summary);
        return;
      }
      const entries = value.entries.filter((entry) => !now.has(entry.id));
      for (const summary of now.values()) if (summary) entries.push(summary);
      const condition = value.etag ? { onlyIfMatch: value.etag } : { onlyIfNew: true as const };
      const write = await store.setJSON(monthKey(month), { entries }, condition).catch(() => ({ modified: false }));
      if (write.modified) {
        for (const [id, summary] of now) written.set(`${month} ${id}`, summary);
        return;
      }
    }
  });
  await sleep(settleMs());
  let folded = 0;
  await eachLimit([...byMonth.entries()], 4, async ([month, monthChanges]) => {
    const { entries } = await readMonth(store, month, false);
    const wrote = (change: Change) => written.get(`${month} ${change.id}`);
    const done = monthChanges.filter((change) => written.has(`${month} ${change.id}`) && holds(entries, change.id, wrote(change)));
    folded += done.length;
    // A lead not there yet may be being filed: its young markers wait out the grace.
    const clear = done.filter((change) => wrote(change) || !change.young).flatMap((change) => change.markers);
    await Promise.all(clear.map((key) => store.delete(key).catch(() => undefined)));
  });
  return folded;
}

export interface LoadOptions {
  /** Hands the fold of pending changes to the platform (Netlify's waitUntil); without it the load waits for the fold. */
  waitUntil?: (promise: Promise<unknown>) => void;
  now?: number;
}

/**
 * Every lead's summary: the months with the leads of the pending markers read as they are now
 * (see above), then those changes folded into their months so the next load has none to apply.
 */
export async function loadSummaries(store: Blobs, { waitUntil, now = Date.now() }: LoadOptions = {}): Promise<Summary[]> {
  const [months, changes] = await Promise.all([readMonths(store), listChanges(store, now)]);
  const byId = new Map<string, Summary>();
  for (const entries of months.values()) for (const entry of entries) byId.set(entry.id, entry);
  const current = await summariesNow(
    store,
    changes.map((change) => change.id),
  );
  for (const [id, summary] of current) {
    if (summary) byId.set(id, summary);
    else byId.delete(id);
  }
  if (changes.length > 0) {
    const folding = foldChanges(store, changes).catch(() => 0);
    if (waitUntil) waitUntil(folding);
    else await folding;
  }
  return [...byId.values()];
}

/** Marks a lead changed (its status, a note, a reminder sent) and folds it: its marker stays if the fold loses a race. */
export async function reindexLead(store: Blobs, lead: { id: string; receivedAt: string }, now = Date.now()): Promise<void> {
  const marker = keys.touched(lead, now);
  await store.set(marker, '');
  await foldChanges(store, [{ id: lead.id, month: monthOf(Date.parse(lead.receivedAt)), markers: [marker] }]);
}

/**
 * Folds the markers a lead's filing left (the intake, once the lead's e-mails are sent): one try,
 * as filings side by side contend for one month; a fold that loses leaves its marker to the list.
 */
export async function indexFiledLead(store: Blobs, lead: { id: string; receivedAt: string }, now = Date.now()): Promise<void> {
  const changes = await listChanges(store, now, `${TOUCHED_PREFIX}${stamp(Date.parse(lead.receivedAt))}-`, lead.id);
  if (changes.length > 0) await foldChanges(store, changes, { attempts: 1 });
}

/**
 * Takes deleted leads out of the index at once (a person's data deleted, retention): ids with when
 * they arrived. The markers their deletion left go once their months no longer hold them.
 */
export async function dropSummaries(store: Blobs, leads: readonly { id: string; at: number }[]): Promise<void> {
  if (leads.length === 0) return;
  const changes: Change[] = [];
  await eachLimit(leads, 8, async (lead) => {
    const listed = await listChanges(store, 0, `${TOUCHED_PREFIX}${stamp(lead.at)}-`, lead.id);
    changes.push({ id: lead.id, month: monthOf(lead.at), markers: listed.flatMap((change) => change.markers) });
  });
  await foldChanges(store, changes);
}

export interface RebuildSummary {
  /** Leads stored (their received/ markers). */
  leads: number;
  /** Leads added to the index, or rewritten (full). */
  added: number;
  /** Index entries of leads that are gone. */
  dropped: number;
  /** Leads left for the next run (the limit). */
  left: number;
}

/**
 * Makes the index hold every stored lead and no other: lists the received/ markers (keys only)
 * and the index, reads the leads the index lacks (at most `limit` a run) and drops entries of
 * leads that are gone; `full` rewrites every lead's summary. For leads filed before the index was
 * kept as leads are filed, and as a daily check (the prune job).
 */
export async function rebuildIndex(store: Blobs, { limit = Infinity, full = false }: { limit?: number; full?: boolean } = {}): Promise<RebuildSummary> {
  const [received, months] = await Promise.all([store.list({ prefix: 'received/' }), readMonths(store)]);
  const arrived = new Map<string, number>();
  for (const { key } of received.blobs) {
    const marker = parseMarker(key, 'received');
    if (marker) arrived.set(marker.id, marker.at);
  }
  const indexed = new Map<string, string>();
  for (const [month, entries] of months) for (const entry of entries) indexed.set(entry.id, month);
  const dropped: Change[] = [...indexed].filter(([id]) => !arrived.has(id)).map(([id, month]) => ({ id, month, markers: [] }));
  const missing = [...arrived].filter(([id]) => full || !indexed.has(id));
  const added: Change[] = missing.slice(0, limit).map(([id, at]) => ({ id, month: monthOf(at), markers: [] }));
  const changes = [...dropped, ...added];
  const folded = changes.length > 0 ? await foldChanges(store, changes) : 0;
  return { leads: arrived.size, added: Math.max(0, folded - dropped.length), dropped: dropped.length, left: missing.length - added.length };
}
