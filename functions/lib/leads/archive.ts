import { createHash } from 'node:crypto';
import type { Store as Blobs } from '@netlify/blobs';
import { z } from 'zod';
import { alertKeys, subscriberHash, subscriberHashes, subscriberSchema } from '../alerts/blobs.ts';
import { handlingKey, handlingSchema } from '../inbox/handling.ts';
import { DELETIONS_PREFIX } from '../inbox/privacy.ts';
import { rebuildIndex } from '../inbox/summaries.ts';
import { leadSchema, type Lead } from './lead.ts';
import { photoKey } from './photos.ts';
import { keys } from './blobs.ts';

/**
 * The dealer's archive of the leads (docs/operations.md §The dealer's archive): everything the
 * inbox holds, in one file the dealer keeps and can restore into another site's store. One
 * format for the inbox's download, `npm run leads -- export` and the scheduled backup.
 *
 * A JSON Lines file (one JSON object a line, UTF-8, "\n" between lines), gzip-compressed
 * (`.jsonl.gz`). Each line has a `type`:
 *
 *   archive      the first line: { format: "dealer-leads-archive", version: 1, createdAt }
 *   lead         a stored lead, every field as stored, and the dealer's handling of it
 *                (status, notes, status history; null for a lead never handled)
 *   photo        one photo of the lead on a line before it: its record (n, name, type, bytes,
 *                what was removed), sha256 of the bytes and the bytes in base64
 *   subscriber   an alert subscriber's record, by the hash of its address (alerts store)
 *   deletion     a record of a person's data deleted on request (no personal data)
 *   end          the last line: how many of each the archive holds
 *
 * A reader refuses an archive of another format or version, a line it cannot read, a photo whose
 * bytes do not match their hash, and an archive without its end line (cut short) or whose counts
 * differ from its lines: a restore checks the whole file before it writes anything.
 */

export const ARCHIVE_FORMAT = 'dealer-leads-archive';
export const ARCHIVE_VERSION = 1;

const countsSchema = z.object({
  leads: z.number().int().nonnegative(),
  photos: z.number().int().nonnegative(),
  photoBytes: z.number().int().nonnegative(),
  subscribers: z.number().int().nonnegative(),
  deletions: z.number().int().nonnegative(),
});
export type ArchiveCounts = z.infer<typeof countsSchema>;

const deletionSchema = z.object({
  at: z.string(),
  by: z.string(),
  leads: z.number().int().nonnegative(),
  photos: z.number().int().nonnegative(),
  receipts: z.number().int().nonnegative(),
  subscriptions: z.number().int().nonnegative(),
});

const headerSchema = z.object({ type: z.literal('archive'), format: z.string(), version: z.number().int(), createdAt: z.string() });
const leadLineSchema = z.object({ type: z.literal('lead'), lead: leadSchema, handling: handlingSchema.nullable() });
const photoLineSchema = z.object({
  type: z.literal('photo'),
  lead: z.string().min(1),
  n: z.number().int().nonnegative(),
  name: z.string(),
  contentType: z.string(),
  bytes: z.number().int().nonnegative(),
  removed: z.array(z.string()),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  data: z.base64(),
});
const subscriberLineSchema = z.object({ type: z.literal('subscriber'), hash: z.string().regex(/^[0-9a-f]{40}$/), record: subscriberSchema });
const deletionLineSchema = z.object({
  type: z.literal('deletion'),
  key: z.string().regex(/^inbox\/deletions\/\d{15}-[0-9a-z-]{1,40}$/),
  record: deletionSchema,
});
const endSchema = z.object({ type: z.literal('end'), counts: countsSchema });
const lineSchema = z.discriminatedUnion('type', [headerSchema, leadLineSchema, photoLineSchema, subscriberLineSchema, deletionLineSchema, endSchema]);
export type ArchiveLine = z.infer<typeof lineSchema>;

/** The stores an archive is made from and restored into: the leads store and the alerts store. */
export interface ArchiveStores {
  leads: Blobs;
  alerts: Blobs;
}

// --- Writing -----------------------------------------------------------------------------------

/**
 * Where a chunk of the archive stops, so the next one goes on from there: the phase, the last
 * key written in it (and, within a lead, the next photo), the counts so far and the archive's time.
 */
export const cursorSchema = z.object({
  phase: z.enum(['leads', 'subscribers', 'deletions', 'end']),
  after: z.string().optional(),
  photo: z.number().int().nonnegative().optional(),
  counts: countsSchema,
  createdAt: z.string(),
});
export type ArchiveCursor = z.infer<typeof cursorSchema>;

/** Bytes of lines one chunk holds before it stops (at least one line always goes): within a function's 20 MB streamed answer. */
export const CHUNK_BYTES = 12 * 1024 * 1024;

export interface ArchiveChunk {
  /** The chunk's lines, each without its "\n". */
  lines: string[];
  /** Where the next chunk starts; null when this one ended the archive. */
  next: ArchiveCursor | null;
}

/** The cursor as a query parameter, and back (null for a cursor that does not read). */
export const encodeCursor = (cursor: ArchiveCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
export function decodeCursor(text: string): ArchiveCursor | null {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Keys under a prefix, sorted, without the local server's temporary ".name" files. */
async function keysUnder(store: Blobs, prefix: string): Promise<string[]> {
  const { blobs } = await store.list({ prefix });
  return blobs
    .map((blob) => blob.key)
    .filter((key) => !key.split('/').pop()?.startsWith('.'))
    .sort();
}

/**
 * One chunk of the archive, from `cursor` (null: the start) until about `budget` bytes of lines.
 * The inbox's download asks for one chunk a request; `npm run leads -- export` and the backup
 * take them one after another (archiveLines), so no more than a chunk is ever held in memory.
 */
export async function archiveChunk(stores: ArchiveStores, cursor: ArchiveCursor | null, budget = CHUNK_BYTES, now = Date.now()): Promise<ArchiveChunk> {
  const lines: string[] = [];
  let size = 0;
  const push = (line: object) => {
    const text = JSON.stringify(line);
    lines.push(text);
    size += text.length + 1;
  };
  const state: ArchiveCursor = cursor
    ? structuredClone(cursor)
    : { phase: 'leads', counts: { leads: 0, photos: 0, photoBytes: 0, subscribers: 0, deletions: 0 }, createdAt: new Date(now).toISOString() };
  if (!cursor) push({ type: 'archive', format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION, createdAt: state.createdAt });
  const full = () => size >= budget;

  if (state.phase === 'leads') {
    const ids = (await keysUnder(stores.leads, 'leads/')).map((key) => key.slice('leads/'.length));
    // Within a lead whose photos did not all fit in the last chunk: its remaining photos first.
    const resume = state.photo !== undefined && state.after ? state.after : undefined;
    const queue = ids.filter((id) => (state.after === undefined ? true : resume ? id >= resume : id > state.after));
    for (const id of queue) {
      const continuing = id === resume;
      const lead = await readStoredLead(stores.leads, id);
      if (!lead) continue;
      if (!continuing) {
        const handling = handlingSchema.safeParse(await stores.leads.get(handlingKey(id), { type: 'json' }).catch(() => null));
        push({ type: 'lead', lead, handling: handling.success ? handling.data : null });
        state.counts.leads++;
      }
      const photos = (lead.photos ?? []).filter((photo) => !continuing || photo.n >= (state.photo ?? 0));
      state.after = id;
      state.photo = undefined;
      for (const photo of photos) {
        if (full()) {
          state.photo = photo.n;
          return { lines, next: state };
        }
        const data = await stores.leads.get(photoKey(id, photo.n), { type: 'arrayBuffer' });
        if (!data) continue;
        const bytes = new Uint8Array(data);
        push({
          type: 'photo',
          lead: id,
          n: photo.n,
          name: photo.name,
          contentType: photo.type,
          bytes: bytes.length,
          removed: photo.removed,
          sha256: sha256(bytes),
          data: Buffer.from(bytes).toString('base64'),
        });
        state.counts.photos++;
        state.counts.photoBytes += bytes.length;
      }
      if (full()) return { lines, next: state };
    }
    Object.assign(state, { phase: 'subscribers', after: undefined, photo: undefined });
  }

  if (state.phase === 'subscribers') {
    for (const hash of (await subscriberHashes(stores.alerts)).sort().filter((hash) => state.after === undefined || hash > state.after)) {
      const record = subscriberSchema.safeParse(await stores.alerts.get(alertKeys.subscriber(hash), { type: 'json' }).catch(() => null));
      state.after = hash;
      if (!record.success) continue;
      push({ type: 'subscriber', hash, record: record.data });
      state.counts.subscribers++;
      if (full()) return { lines, next: state };
    }
    Object.assign(state, { phase: 'deletions', after: undefined });
  }

  if (state.phase === 'deletions') {
    for (const key of (await keysUnder(stores.leads, DELETIONS_PREFIX)).filter((key) => state.after === undefined || key > state.after)) {
      const record = deletionSchema.safeParse(await stores.leads.get(key, { type: 'json' }).catch(() => null));
      state.after = key;
      if (!record.success) continue;
      push({ type: 'deletion', key, record: record.data });
      state.counts.deletions++;
      if (full()) return { lines, next: state };
    }
    Object.assign(state, { phase: 'end', after: undefined });
  }

  push({ type: 'end', counts: state.counts });
  return { lines, next: null };
}

/** A stored lead as the lead schema reads it; null for one that is gone or no longer reads (left out, with a warning). */
async function readStoredLead(store: Blobs, id: string): Promise<Lead | null> {
  const stored = await store.get(keys.lead(id), { type: 'json' }).catch(() => null);
  if (stored === null) return null;
  const parsed = leadSchema.safeParse(stored);
  if (!parsed.success) console.warn(`[archive] Lead ${id} does not match the lead schema and is left out of the archive.`);
  return parsed.success ? parsed.data : null;
}

/** The whole archive, chunk after chunk: its lines without "\n". */
export async function* archiveLines(stores: ArchiveStores, budget = CHUNK_BYTES, now = Date.now()): AsyncGenerator<string> {
  let cursor: ArchiveCursor | null = null;
  do {
    const chunk: ArchiveChunk = await archiveChunk(stores, cursor, budget, now);
    yield* chunk.lines;
    cursor = chunk.next;
  } while (cursor);
}

// --- Reading and restoring ---------------------------------------------------------------------

export class ArchiveError extends Error {}

export interface ArchiveSummary {
  createdAt: string;
  counts: ArchiveCounts;
}

/** Checks one line after the lines before it (`seen`); throws ArchiveError naming the line and what is wrong. */
function checkLine(text: string, number: number, seen: Seen): ArchiveLine {
  const where = `line ${number}`;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ArchiveError(`${where} is not JSON: the file is damaged or is not a leads archive.`);
  }
  if (number === 1) {
    const header = headerSchema.safeParse(json);
    if (!header.success || header.data.format !== ARCHIVE_FORMAT)
      throw new ArchiveError(`This is not a leads archive: its first line does not name the format "${ARCHIVE_FORMAT}".`);
    if (header.data.version !== ARCHIVE_VERSION)
      throw new ArchiveError(
        `This archive is format version ${header.data.version}; this site reads version ${ARCHIVE_VERSION}. Restore it with the site's code of the same version.`,
      );
    seen.createdAt = header.data.createdAt;
    return header.data;
  }
  if (seen.ended) throw new ArchiveError(`${where} comes after the end line: the file is damaged.`);
  const parsed = lineSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ArchiveError(`${where} does not read: ${issue?.path.join('.') || 'the line'} ${issue?.message ?? 'is not valid'}.`);
  }
  const line = parsed.data;
  switch (line.type) {
    case 'archive':
      throw new ArchiveError(`${where} starts another archive: the file is damaged.`);
    case 'lead':
      if (seen.leads.has(line.lead.id)) throw new ArchiveError(`${where} holds lead ${line.lead.id} a second time.`);
      seen.leads.set(line.lead.id, new Map((line.lead.photos ?? []).map((photo) => [photo.n, photo.bytes])));
      seen.counts.leads++;
      break;
    case 'photo': {
      const photos = seen.leads.get(line.lead);
      if (!photos?.has(line.n)) throw new ArchiveError(`${where} is a photo of no lead before it (lead ${line.lead}, photo ${line.n}).`);
      if (seen.photos.has(`${line.lead}/${line.n}`)) throw new ArchiveError(`${where} holds photo ${line.n} of lead ${line.lead} a second time.`);
      const bytes = Buffer.from(line.data, 'base64');
      if (bytes.length !== line.bytes || photos.get(line.n) !== line.bytes || sha256(bytes) !== line.sha256)
        throw new ArchiveError(`${where}: the bytes of photo ${line.n} of lead ${line.lead} do not match their hash: the file is damaged.`);
      seen.photos.add(`${line.lead}/${line.n}`);
      seen.counts.photos++;
      seen.counts.photoBytes += bytes.length;
      break;
    }
    case 'subscriber':
      if (subscriberHash(line.record.email) !== line.hash) throw new ArchiveError(`${where}: the subscriber's hash is not that of its address.`);
      seen.counts.subscribers++;
      break;
    case 'deletion':
      seen.counts.deletions++;
      break;
    case 'end':
      seen.ended = true;
      for (const name of Object.keys(seen.counts) as (keyof ArchiveCounts)[]) {
        if (line.counts[name] !== seen.counts[name])
          throw new ArchiveError(`The archive's end line counts ${line.counts[name]} ${name}, but it holds ${seen.counts[name]}: the file is damaged.`);
      }
      break;
  }
  return line;
}

interface Seen {
  createdAt: string;
  leads: Map<string, Map<number, number>>;
  photos: Set<string>;
  counts: ArchiveCounts;
  ended: boolean;
}

const newSeen = (): Seen => ({
  createdAt: '',
  leads: new Map(),
  photos: new Set(),
  counts: { leads: 0, photos: 0, photoBytes: 0, subscribers: 0, deletions: 0 },
  ended: false,
});

/** Reads every line of an archive and checks it whole (ArchiveError when it does not hold). */
export async function checkArchive(lines: AsyncIterable<string>): Promise<ArchiveSummary> {
  const seen = newSeen();
  let number = 0;
  for await (const text of lines) {
    if (text === '' && number > 0) continue;
    checkLine(text, ++number, seen);
  }
  if (number === 0) throw new ArchiveError('The file is empty.');
  if (!seen.ended) throw new ArchiveError('The archive has no end line: it was cut short.');
  return { createdAt: seen.createdAt, counts: seen.counts };
}

export interface RestoreSummary extends ArchiveSummary {
  /** What was written, and what was already there (left as it was). */
  added: { leads: number; photos: number; subscribers: number; deletions: number };
  present: { leads: number; photos: number; subscribers: number; deletions: number };
  /** Leads whose e-mail had not gone out when the archive was made (the restored site does not send them). */
  pending: number;
}

/**
 * Restores an archive into a site's stores: checks the whole archive first (`open` is called
 * twice, once to check and once to write) and writes nothing when it does not hold. Writes only
 * what is missing, never over what is there: restoring twice adds nothing the second time.
 * Then the inbox's index takes the leads in.
 */
export async function restoreArchive(stores: ArchiveStores, open: () => AsyncIterable<string>): Promise<RestoreSummary> {
  const summary = await checkArchive(open());
  const added = { leads: 0, photos: 0, subscribers: 0, deletions: 0 };
  const present = { leads: 0, photos: 0, subscribers: 0, deletions: 0 };
  let pending = 0;
  const seen = newSeen();
  let number = 0;
  for await (const text of open()) {
    if (text === '' && number > 0) continue;
    const line = checkLine(text, ++number, seen);
    if (line.type === 'lead') {
      const { lead, handling } = line;
      if (lead.status === 'pending') pending++;
      const write = await stores.leads.setJSON(keys.lead(lead.id), lead, { onlyIfNew: true });
      if (write.modified) added.leads++;
      else present.leads++;
      await stores.leads.set(keys.received(lead), '');
      if (handling) await stores.leads.setJSON(handlingKey(lead.id), handling, { onlyIfNew: true });
    } else if (line.type === 'photo') {
      const key = photoKey(line.lead, line.n);
      if (await stores.leads.getMetadata(key)) {
        present.photos++;
        continue;
      }
      const bytes = Buffer.from(line.data, 'base64');
      const metadata = { name: line.name, type: line.contentType, bytes: line.bytes, removed: line.removed };
      await stores.leads.set(key, bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, { metadata });
      added.photos++;
    } else if (line.type === 'subscriber') {
      const write = await stores.alerts.setJSON(alertKeys.subscriber(line.hash), line.record, { onlyIfNew: true });
      if (!write.modified) {
        present.subscribers++;
        continue;
      }
      added.subscribers++;
      // The alert e-mails it was waiting for wait again: without their queue entries a subscriber
      // with an e-mail pending would never hear again (alerts/matching.ts adds to the pending one).
      const markers = [...line.record.alerts.map((alert) => alert.marker), line.record.pending?.marker].filter((key): key is string => Boolean(key));
      await Promise.all(markers.map((key) => stores.alerts.setJSON(key, { attempts: 0 }, { onlyIfNew: true })));
    } else if (line.type === 'deletion') {
      const write = await stores.leads.setJSON(line.key, line.record, { onlyIfNew: true });
      if (write.modified) added.deletions++;
      else present.deletions++;
    }
  }
  await rebuildIndex(stores.leads, { full: true });
  return { ...summary, added, present, pending };
}
