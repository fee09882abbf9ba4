// `npm run leads`: the stored leads, from production or from the local sandbox.
//
//   npm run leads                                  a table of every lead, oldest first
//   npm run leads -- list --json                   every lead in full, with its handling (JSON)
//   npm run leads -- export [--out file.jsonl.gz]  the complete archive: leads, handling, photos,
//                                                  alert subscribers, deletion records
//                                                  (docs/operations.md §The dealer's archive)
//   npm run leads -- export --csv [--out file.csv] the leads as a spreadsheet (to the file, or printed)
//   npm run leads -- restore <file.jsonl.gz>       restores an archive; writes only what is missing
//   npm run leads -- photos <id> [--out <folder>]  saves a lead's photos, and prints fresh links
//   npm run leads -- resend <id>… | --pending      sends those leads' missing e-mails now
//   npm run leads -- delete --email a@b.c          deletes one person's leads (or --phone "609 555 0100")
//   npm run leads -- reindex [--full]              the inbox's index holds every stored lead (--full: rewrites each)
//
// Production: set NETLIFY_SITE_ID (Site configuration → Site details → Site ID) and
// NETLIFY_AUTH_TOKEN (a personal access token: User settings → Applications) in the environment.
// Without them it reads the sandbox of `npm start` (.netlify/blobs-serve; --sandbox <dir> for
// another). `resend` sends with the RESEND_API_KEY, LEADS_TO, LEADS_FROM … of this environment.
// Keys and tokens are never printed.
import { parseArgs } from 'node:util';
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { getStore, type Store as Blobs } from '@netlify/blobs';
import { ALERTS_BLOBS } from '../functions/lib/alerts/blobs.ts';
import { deliverLead } from '../functions/lib/leads/delivery.ts';
import { readHandling, type Handling } from '../functions/lib/inbox/handling.ts';
import type { Lead } from '../functions/lib/leads/lead.ts';
import { leadsCsv } from '../functions/lib/leads/csv.ts';
import { readLeadPhoto } from '../functions/lib/leads/photos.ts';
import { ArchiveError, archiveLines, restoreArchive, type ArchiveStores } from '../functions/lib/leads/archive.ts';
import { photoLink } from '../functions/lib/leads/photo-links.ts';
import { photoLinkEnv } from '../src/lib/settings/photos.ts';
import { siteUrl } from '../src/lib/data/site-url.ts';
import { rebuildIndex } from '../functions/lib/inbox/summaries.ts';
import { deletePersonLeads } from '../functions/lib/leads/retention.ts';
import { allLeads, pendingIds, readLead, spamCount, LEADS_BLOBS } from '../functions/lib/leads/blobs.ts';
import { archiveFileLines, openLocalSites, sandboxDirectory } from './local-leads.ts';
import { calendarDay, DEALER_TIME_ZONE } from '../src/lib/units/build-clock.ts';
import { productionAccess, secretValues } from '../src/lib/settings/machine.ts';
import { processEnv, type Env } from '../src/lib/settings/read.ts';

/** Replaces the value of every secret setting (src/lib/settings/variables.ts) in a text with "[hidden]". */
export function redact(text: string, env: Env = processEnv()): string {
  let out = text;
  for (const secret of secretValues(env)) if (secret.length >= 4) out = out.split(secret).join('[hidden]');
  return out;
}

// Everything this command (and the code it runs) prints goes through redact().
for (const method of ['log', 'info', 'warn', 'error'] as const) {
  const original = console[method].bind(console);
  console[method] = (...args: unknown[]) =>
    original(...args.map((arg) => redact(typeof arg === 'string' ? arg : arg instanceof Error ? arg.message : String(arg))));
}

const USAGE =
  'Usage: npm run leads -- [list [--json] | export [--csv] [--out <file>] | restore <archive> | photos <id> [--out <folder>] | resend <id>… | resend --pending | delete --email <address> | delete --phone <number> | reindex [--full]] [--sandbox <dir>]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    json: { type: 'boolean', default: false },
    csv: { type: 'boolean', default: false },
    out: { type: 'string' },
    pending: { type: 'boolean', default: false },
    email: { type: 'string' },
    phone: { type: 'string' },
    sandbox: { type: 'string' },
    full: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

interface Source {
  label: string;
  stores: Blobs[];
  /** The leads and alerts blobs of each site (the archive's). */
  sites: ArchiveStores[];
  stop: () => Promise<void>;
}

async function openSource(): Promise<Source> {
  const production = productionAccess();
  if (!production.ok) throw new Error(production.error);
  if (production.access) {
    const { siteID, token } = production.access;
    const blobs = (name: string) => getStore({ name, siteID, token, consistency: 'strong' });
    const site = { leads: blobs(LEADS_BLOBS), alerts: blobs(ALERTS_BLOBS) };
    return { label: `production site ${siteID}`, stores: [site.leads], sites: [site], stop: async () => {} };
  }
  const local = await openLocalSites(values.sandbox ?? sandboxDirectory());
  return { label: `local sandbox ${local.directory}`, stores: local.sites.map((site) => site.leads), sites: local.sites, stop: local.stop };
}

async function leadsOf(source: Source): Promise<Lead[]> {
  const leads = (await Promise.all(source.stores.map((store) => allLeads(store)))).flat();
  return leads.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
}

/** Each lead's handling, by lead id (leads never handled have none). */
async function handlingsOf(source: Source, leads: readonly Lead[]): Promise<Map<string, Handling>> {
  const handlings = new Map<string, Handling>();
  for (const store of source.stores) {
    for (const lead of leads) {
      if (handlings.has(lead.id)) continue;
      const read = await readHandling(store, lead.id);
      if (read.stored) handlings.set(lead.id, read.handling);
    }
  }
  return handlings;
}

const today = () => calendarDay(new Date());
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function table(leads: Lead[]): string {
  const time = new Intl.DateTimeFormat('en-US', { timeZone: DEALER_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });
  const rows = leads.map((lead) => ({
    received: time.format(new Date(lead.receivedAt)),
    status: lead.status,
    name: `${lead.inquiry.firstName} ${lead.inquiry.lastName}`,
    email: lead.inquiry.email,
    phone: lead.inquiry.phone,
    interest: lead.inquiry.interest,
    vehicle: lead.source.vehicle ?? '',
    page: lead.source.page ?? '',
    id: lead.id,
  }));
  const columns = Object.keys(rows[0] ?? {}) as (keyof (typeof rows)[number])[];
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...rows.map((row) => line(columns.map((c) => row[c])))].join('\n');
}

async function main(): Promise<number> {
  const command = positionals[0] ?? 'list';
  if (values.help || !['list', 'export', 'restore', 'photos', 'resend', 'delete', 'reindex'].includes(command)) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const source = await openSource();
  try {
    if (command === 'list') {
      const leads = await leadsOf(source);
      if (values.json) {
        const handlings = await handlingsOf(source, leads);
        console.log(
          JSON.stringify(
            leads.map((lead) => ({ ...lead, handling: handlings.get(lead.id) ?? null })),
            null,
            2,
          ),
        );
        return 0;
      }
      const spam = (await Promise.all(source.stores.map((store) => spamCount(store)))).reduce((a, b) => a + b, 0);
      console.log(`${leads.length} lead${leads.length === 1 ? '' : 's'} in the ${source.label}; ${spam} spam attempt${spam === 1 ? '' : 's'} blocked`);
      if (leads.length > 0) console.log(`\n${table(leads)}`);
      return 0;
    }
    if (command === 'export' && values.csv) {
      const leads = await leadsOf(source);
      const csv = leadsCsv(leads, await handlingsOf(source, leads));
      if (values.out) {
        await writeFile(values.out, csv);
        console.log(`${leads.length} lead${leads.length === 1 ? '' : 's'} from the ${source.label} written to ${values.out}`);
      } else {
        process.stdout.write(csv);
      }
      return 0;
    }
    if (command === 'export') {
      const site = source.sites[0];
      if (!site || source.sites.length > 1) {
        console.error(`The ${source.label} holds ${source.sites.length} sites: name one with --sandbox, or set NETLIFY_SITE_ID.`);
        return 2;
      }
      const out = values.out ?? `leads-archive-${today()}.jsonl.gz`;
      let end = '';
      await pipeline(
        Readable.from(
          (async function* () {
            for await (const line of archiveLines(site)) {
              end = line;
              yield `${line}\n`;
            }
          })(),
        ),
        createGzip(),
        createWriteStream(out),
      );
      const { counts } = JSON.parse(end) as { counts: { leads: number; photos: number; subscribers: number; deletions: number } };
      console.log(
        `Archive of the ${source.label} written to ${out}: ${plural(counts.leads, 'lead')}, ${plural(counts.photos, 'photo')}, ${plural(counts.subscribers, 'alert subscriber')}, ${plural(counts.deletions, 'deletion record')}.`,
      );
      return 0;
    }
    if (command === 'restore') {
      const file = positionals[1];
      const site = source.sites[0];
      if (!file) {
        console.error('Name the archive to restore: npm run leads -- restore leads-archive-2026-06-01.jsonl.gz');
        return 2;
      }
      if (!site || source.sites.length > 1) {
        console.error(`The ${source.label} holds ${source.sites.length} sites: name one with --sandbox, or set NETLIFY_SITE_ID.`);
        return 2;
      }
      try {
        const result = await restoreArchive(site, () => archiveFileLines(file));
        const { added, present } = result;
        console.log(
          `Restored ${file} (made ${result.createdAt}) into the ${source.label}: ${plural(added.leads, 'lead')}, ${plural(added.photos, 'photo')}, ${plural(added.subscribers, 'alert subscriber')}, ${plural(added.deletions, 'deletion record')} added; ${plural(present.leads, 'lead')}, ${plural(present.photos, 'photo')}, ${plural(present.subscribers, 'subscriber')}, ${plural(present.deletions, 'deletion record')} already there, left as they were.`,
        );
        if (result.pending > 0)
          console.log(
            `${plural(result.pending, 'lead')} had not been e-mailed when the archive was made; this site does not send them (npm run leads -- resend <id> does).`,
          );
        return 0;
      } catch (error) {
        if (!(error instanceof ArchiveError) && !(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
        console.error(`npm run leads: ${file} was not restored, and nothing was written: ${error.message}`);
        return 1;
      }
    }
    if (command === 'photos') {
      const id = positionals[1];
      if (!id) {
        console.error('Name the lead whose photos to save: npm run leads -- photos <id>');
        return 2;
      }
      for (const store of source.stores) {
        const read = await readLead(store, id);
        if (!read) continue;
        const photos = read.lead.photos ?? [];
        const folder = values.out ?? `photos-${id}`;
        await mkdir(folder, { recursive: true });
        const env = photoLinkEnv();
        for (const photo of photos) {
          const stored = await readLeadPhoto(store, id, photo.n);
          if (!stored) continue;
          const path = join(folder, `${photo.n + 1}-${photo.name.replace(/[^\w.-]+/g, '_')}`);
          await writeFile(path, Readable.from(stored.body as unknown as AsyncIterable<Uint8Array>));
          const link =
            env.ok && env.secret ? ` (link for ${env.days} days: ${photoLink(siteUrl(), id, photo.n, Date.now() + env.days * 86_400_000, env.secret)})` : '';
          console.log(`${path}${link}`);
        }
        console.log(`${plural(photos.length, 'photo')} of lead ${id} saved in ${folder}.`);
        return 0;
      }
      console.error(`There is no lead ${id} in the ${source.label}.`);
      return 1;
    }
    if (command === 'resend') {
      const ids = positionals.slice(1);
      if (ids.length === 0 && !values.pending) {
        console.error('Name the lead ids to resend, or --pending for every pending lead.');
        return 2;
      }
      let failures = 0;
      for (const store of source.stores) {
        const wanted = values.pending ? await pendingIds(store) : ids;
        for (const id of wanted) {
          const status = await deliverLead(store, id, { force: true });
          if (status === 'missing') continue;
          console.log(`${id}: ${status}`);
          if (status !== 'sent') failures++;
        }
      }
      return failures > 0 ? 1 : 0;
    }
    if (command === 'reindex') {
      if (source.stores.length === 0) console.log(`No leads in the ${source.label}: nothing to index.`);
      for (const store of source.stores) {
        const result = await rebuildIndex(store, { full: values.full });
        console.log(
          `The inbox's index of the ${source.label}: ${result.leads} lead(s) stored, ${result.added} added${values.full ? ' or rewritten' : ''}, ${result.dropped} entr(ies) of gone leads dropped.`,
        );
      }
      return 0;
    }
    // delete
    if (!values.email === !values.phone) {
      console.error('Name exactly one of --email <address> or --phone <number>.');
      return 2;
    }
    let deleted = 0;
    for (const store of source.stores) deleted += (await deletePersonLeads(store, { email: values.email, phone: values.phone })).leads;
    console.log(`Deleted ${deleted} lead${deleted === 1 ? '' : 's'} of ${values.email ?? values.phone} from the ${source.label}.`);
    return 0;
  } finally {
    await source.stop();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`npm run leads: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
