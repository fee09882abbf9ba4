// node tests/import/feed-cost.ts <address>: reads the spreadsheet at the address as the import
// does (functions/lib/import/feed.ts) and prints one line of JSON: whether it was read, the
// reason if not, the rows, the CPU time of the read and the process's peak memory
// (tests/import/hostile-feeds.ts measureRead runs it in a process of its own).
import { schema as importSchema } from '../../data/schemas/import.ts';
import { fetchSpreadsheet } from '../../functions/lib/import/feed.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: node tests/import/feed-cost.ts <address>');
const mapping = importSchema.parse({ source: 'spreadsheet' });
// The reader is loaded before the clock starts: only the read is measured.
await import('read-excel-file/universal');
const baseMiB = process.memoryUsage.rss() / 1024 / 1024;
const started = process.cpuUsage();
const result = await fetchSpreadsheet(url, mapping, { timeoutMs: 600_000 });
const cpu = process.cpuUsage(started);
console.log(
  JSON.stringify({
    ok: result.ok,
    ...(result.ok ? { rows: result.rows.length } : { message: result.message }),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    peakMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    baseMiB: Math.round(baseMiB),
  }),
);
