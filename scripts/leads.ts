// `npm run leads`: lists the leads stored locally by `netlify serve` (npm start), newest last.
// `npm run leads -- --json` prints them in full.
import { readLocalLeads } from './local-leads.ts';

const { directory, leads, spam } = await readLocalLeads();

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(leads, null, 2));
} else {
  const time = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', dateStyle: 'short', timeStyle: 'short' });
  console.log(`${leads.length} lead${leads.length === 1 ? '' : 's'} in ${directory}; ${spam} spam attempt${spam === 1 ? '' : 's'} blocked`);
  if (leads.length > 0) {
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
    console.log(['', line(columns), line(widths.map((w) => '-'.repeat(w))), ...rows.map((row) => line(columns.map((c) => row[c])))].join('\n'));
  }
}
