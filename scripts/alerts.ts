// `npm run alerts`: the e-mail alert subscriptions, from production or from the local sandbox
// (docs/product.md §Alerts).
//
//   npm run alerts                              every alert with how many addresses have it on
//                                               and how many have yet to confirm, the queue and
//                                               the quota
//   npm run alerts -- list --json               every subscriber in full (JSON)
//   npm run alerts -- export [--out file.csv]   one row per address and alert (CSV)
//   npm run alerts -- delete --email a@b.c      deletes that very address with its alerts, on request
//                                               (not another form of it: docs/product.md §Privacy)
//
// Production and the sandbox as for `npm run leads` (NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN, or
// the sandbox of `npm start`; --sandbox <dir> for another). Keys and tokens are never printed.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { getStore, type Store as Blobs } from '@netlify/blobs';
import { titleOf } from '../functions/lib/alerts/lot.ts';
import {
  ALERTS_BLOBS,
  deleteSubscriber,
  queueEntries,
  readSubscriber,
  subscriberHash,
  subscriberHashes,
  type Subscriber,
} from '../functions/lib/alerts/blobs.ts';
import { alertsEnv } from '../src/lib/settings/alerts.ts';
import { MAIL_LOG_BLOBS, sentTotals } from '../functions/lib/mail/log.ts';
import { csvFile } from '../src/lib/format.ts';
import { openLocalBlobs, sandboxDirectory } from './local-leads.ts';
import { productionAccess } from '../src/lib/settings/machine.ts';

const USAGE = 'Usage: npm run alerts -- [list [--json] | export [--out file.csv] | delete --email <address>] [--sandbox <dir>]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    json: { type: 'boolean', default: false },
    out: { type: 'string' },
    email: { type: 'string' },
    sandbox: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

interface Source {
  label: string;
  /** The alerts store and the e-mail count of each site. */
  sites: { alerts: Blobs; mail: Blobs }[];
  stop: () => Promise<void>;
}

async function openSource(): Promise<Source> {
  const production = productionAccess();
  if (!production.ok) throw new Error(production.error);
  if (production.access) {
    const { siteID, token } = production.access;
    const store = (name: string) => getStore({ name, siteID, token, consistency: 'strong' });
    return { label: `production site ${siteID}`, sites: [{ alerts: store(ALERTS_BLOBS), mail: store(MAIL_LOG_BLOBS) }], stop: async () => {} };
  }
  const directory = values.sandbox ?? sandboxDirectory();
  const [alerts, mail] = await Promise.all([openLocalBlobs(directory, ALERTS_BLOBS), openLocalBlobs(directory, MAIL_LOG_BLOBS)]);
  return {
    label: `local sandbox ${directory}`,
    sites: alerts.stores.map((store, index) => ({ alerts: store, mail: mail.stores[index]! })),
    stop: async () => {
      await Promise.all([alerts.stop(), mail.stop()]);
    },
  };
}

async function subscribersOf(source: Source): Promise<Subscriber[]> {
  const records: Subscriber[] = [];
  for (const { alerts } of source.sites) {
    for (const hash of await subscriberHashes(alerts)) {
      const read = await readSubscriber(alerts, hash);
      if (read) records.push(read.record);
    }
  }
  return records.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

interface AlertRow {
  alert: string;
  on: number;
  waiting: number;
}

/** Each alert (by what it asks for) with how many addresses have it on or waiting for confirmation, most first. */
function alertCounts(records: readonly Subscriber[]): AlertRow[] {
  const rows = new Map<string, AlertRow>();
  for (const record of records) {
    for (const alert of record.alerts) {
      const name = titleOf(alert.alert, { withSearch: true });
      const row = rows.get(name) ?? { alert: name, on: 0, waiting: 0 };
      if (alert.confirmedAt) row.on++;
      else row.waiting++;
      rows.set(name, row);
    }
  }
  return [...rows.values()].sort((a, b) => b.on + b.waiting - (a.on + a.waiting) || a.alert.localeCompare(b.alert));
}

const CSV_COLUMNS = ['email', 'alert', 'status', 'requestedAt', 'confirmedAt', 'lastAlertAt'] as const;

function alertsCsv(records: readonly Subscriber[]): string {
  const rows = records.flatMap((record) =>
    record.alerts.map((alert) => [
      record.email,
      titleOf(alert.alert, { withSearch: true }),
      alert.confirmedAt ? 'on' : 'waiting for confirmation',
      alert.requestedAt,
      alert.confirmedAt,
      record.lastAlertAt,
    ]),
  );
  return csvFile(CSV_COLUMNS, rows);
}

function table(rows: readonly AlertRow[]): string {
  const cells = rows.map((row) => [row.alert, String(row.on), String(row.waiting)]);
  const header = ['alert', 'on', 'waiting for confirmation'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: readonly string[]) => c.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

async function main(): Promise<number> {
  const command = positionals[0] ?? 'list';
  if (values.help || !['list', 'export', 'delete'].includes(command)) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const source = await openSource();
  try {
    if (command === 'delete') {
      if (!values.email) {
        console.error('Name the address: --email <address>.');
        return 2;
      }
      let deleted = 0;
      for (const { alerts } of source.sites) if (await deleteSubscriber(alerts, subscriberHash(values.email), values.email)) deleted++;
      console.log(`${deleted > 0 ? 'Deleted' : 'Found no alerts of'} ${values.email} ${deleted > 0 ? 'and its alerts from' : 'in'} the ${source.label}.`);
      return 0;
    }
    const records = await subscribersOf(source);
    if (command === 'export') {
      const csv = alertsCsv(records);
      if (values.out) {
        await writeFile(values.out, csv);
        console.log(`${records.length} address${records.length === 1 ? '' : 'es'} from the ${source.label} written to ${values.out}`);
      } else process.stdout.write(csv);
      return 0;
    }
    if (values.json) {
      console.log(
        JSON.stringify(
          records.map(({ key: _key, ...record }) => record),
          null,
          2,
        ),
      );
      return 0;
    }
    const rows = alertCounts(records);
    const on = rows.reduce((sum, row) => sum + row.on, 0);
    const waiting = rows.reduce((sum, row) => sum + row.waiting, 0);
    console.log(
      `${records.length} address${records.length === 1 ? '' : 'es'} in the ${source.label}: ${on} alert${on === 1 ? '' : 's'} on, ${waiting} waiting for confirmation`,
    );
    const env = alertsEnv();
    for (const site of source.sites) {
      const [queue, totals] = await Promise.all([queueEntries(site.alerts), sentTotals(site.mail)]);
      const quota = env.ok ? ` (alerts stop at ${env.dailyQuota} a day and ${env.monthlyQuota} a month)` : '';
      console.log(
        `${queue.length} alert e-mail${queue.length === 1 ? '' : 's'} queued; the site sent ${totals.today} e-mail${totals.today === 1 ? '' : 's'} today and ${totals.month} this month${quota}`,
      );
    }
    if (rows.length > 0) console.log(`\n${table(rows)}`);
    return 0;
  } finally {
    await source.stop();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`npm run alerts: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
