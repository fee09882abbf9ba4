// Lighthouse (mobile, default simulated throttling) on one page per template of the served
// site, printed as a table. Starts `npm start` on a free port unless BASE_URL is given.
//   npm run perf            or            BASE_URL=http://localhost:8888 npm run perf
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';

const root = join(import.meta.dirname, '..');
const firstVehicle = (JSON.parse(readFileSync(join(root, 'data', 'vehicles.json'), 'utf8')) as { vehicles: { id: string }[] }).vehicles[0]?.id;

const TEMPLATES: [string, string][] = [
  ['home', '/'],
  ['inventory', '/new-inventory'],
  ['vehicle', `/vehicles/${firstVehicle}`],
  ['model', '/vehicles/denago-ev-city'],
  ['town', '/bass-river-township-golf-carts'],
  ['contact', '/contact'],
  ['rentals', '/rentals'],
];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 8888));
    });
  });
}

async function waitFor(url: string, ms = 240_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

let server: ReturnType<typeof spawn> | undefined;
let base = process.env.BASE_URL;
if (!base) {
  const port = await freePort();
  base = `http://localhost:${port}`;
  console.log(`Building and serving the site on ${base} …`);
  server = spawn('npm', ['start'], { cwd: root, env: { ...process.env, PORT: String(port), BROWSER: 'none' }, stdio: 'ignore', detached: true });
  await waitFor(`${base}/api/health`);
}

const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });

const rows: string[][] = [];
try {
  for (const [template, path] of TEMPLATES) {
    const result = await lighthouse(new URL(path, base).href, { port: chrome.port, output: 'json', logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) {
      rows.push([template, path, `error: ${runtimeError.code}`, '', '', '', '', '', '', '']);
      continue;
    }
    const score = (id: string) => String(Math.round((categories[id]?.score ?? 0) * 100));
    const num = (id: string) => audits[id]?.numericValue ?? 0;
    rows.push([
      template,
      path,
      score('performance'),
      score('accessibility'),
      score('best-practices'),
      score('seo'),
      `${(num('largest-contentful-paint') / 1000).toFixed(2)} s`,
      `${Math.round(num('total-blocking-time'))} ms`,
      num('cumulative-layout-shift').toFixed(3),
      `${(num('total-byte-weight') / 1024).toFixed(1)} KB`,
    ]);
    for (const id of ['performance', 'accessibility', 'best-practices', 'seo']) {
      const category = categories[id];
      if (category && category.score !== null && category.score < 1) {
        const failing = (category?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id);
        console.log(`  ${template} ${id}: ${failing.join(', ')}`);
      }
    }
  }
} finally {
  chrome.kill();
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
}

const head = ['template', 'page', 'perf', 'a11y', 'best', 'SEO', 'LCP', 'TBT', 'CLS', 'bytes'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log(`\n${line(head)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
for (const row of rows) console.log(line(row));
