// `npm run leads`: the stored leads, from production or from the local sandbox.
//
//   npm run leads                              a table of every lead, oldest first
//   npm run leads -- list --json               every lead in full (JSON)
//   npm run leads -- export [--out file.csv]   CSV (to the file, or printed)
//   npm run leads -- resend <id>… | --pending  sends those leads' missing e-mails now
//   npm run leads -- delete --email a@b.c      deletes one person's leads (or --phone "609 555 0100")
//   npm run leads -- reindex [--full]          the inbox's index holds every stored lead (--full: rewrites each)
//
// Production: set NETLIFY_SITE_ID (Site configuration → Site details → Site ID) and
// NETLIFY_AUTH_TOKEN (a personal access token: User settings → Applications) in the environment.
// Without them it reads the sandbox of `npm start` (.netlify/blobs-serve; --sandbox <dir> for
// another). `resend` sends with the RESEND_API_KEY, LEADS_TO, LEADS_FROM … of this environment.
// Keys and tokens are never printed.
import { parseArgs } from 'node:util';
import { writeFile } from 'node:fs/promises';
import { getStore, type Store as Blobs } from '@netlify/blobs';
import { deliverLead } from '../functions/lib/leads/delivery.ts';
import type { Lead } from '../functions/lib/leads/lead.ts';
import { leadsCsv } from '../functions/lib/leads/csv.ts';
import { rebuildIndex } from '../functions/lib/inbox/summaries.ts';
import { deletePersonLeads } from '../functions/lib/leads/retention.ts';
import { allLeads, pendingIds, spamCount, LEADS_BLOBS } from '../functions/lib/leads/blobs.ts';
import { openLocalBlobs, sandboxDirectory } from './local-leads.ts';
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
  'Usage: npm run leads -- [list [--json] | export [--out file.csv] | resend <id>… | resend --pending | delete --email <address> | delete --phone <number> | reindex [--full]] [--sandbox <dir>]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    json: { type: 'boolean', default: false },
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
  stop: () => Promise<void>;
}

async function openSource(): Promise<Source> {
  const production = productionAccess();
  if (!production.ok) throw new Error(production.error);
  if (production.access) {
    const { siteID, token } = production.access;
    return { label: `production site ${siteID}`, stores: [getStore({ name: LEADS_BLOBS, siteID, token, consistency: 'strong' })], stop: async () => {} };
  }
  const local = await openLocalBlobs(values.sandbox ?? sandboxDirectory());
  return { label: `local sandbox ${local.directory}`, stores: local.stores, stop: local.stop };
}

async function leadsOf(source: Source): Promise<Lead[]> {
  const leads = (await Promise.all(source.stores.map((store) => allLeads(store)))).flat();
  return leads.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
}

function table(leads: Lead[]): string {
  const time = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', dateStyle: 'short', timeStyle: 'short' });
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
  if (values.help || !['list', 'export', 'resend', 'delete', 'reindex'].includes(command)) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const source = await openSource();
  try {
    if (command === 'list') {
      const leads = await leadsOf(source);
      if (values.json) {
        console.log(JSON.stringify(leads, null, 2));
        return 0;
      }
      const spam = (await Promise.all(source.stores.map((store) => spamCount(store)))).reduce((a, b) => a + b, 0);
      console.log(`${leads.length} lead${leads.length === 1 ? '' : 's'} in the ${source.label}; ${spam} spam attempt${spam === 1 ? '' : 's'} blocked`);
      if (leads.length > 0) console.log(`\n${table(leads)}`);
      return 0;
    }
    if (command === 'export') {
      const leads = await leadsOf(source);
      const csv = leadsCsv(leads);
      if (values.out) {
        await writeFile(values.out, csv);
        console.log(`${leads.length} lead${leads.length === 1 ? '' : 's'} from the ${source.label} written to ${values.out}`);
      } else {
        process.stdout.write(csv);
      }
      return 0;
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
