// The image part of `npm run budget`: serves the built dist/ as Netlify does (`netlify dev --dir
// dist`: static files, headers, redirects and the image CDN), opens one page per template in
// Chromium at 375 px (Pixel 7, device pixel ratio 2.625) and counts the image bytes downloaded at
// first view. Fails past IMAGE_BUDGET_375 (docs/editors.md §Photos explains the figure).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { vehicles } from '../src/lib/data/vehicles.ts';
import { join, resolve } from 'node:path';
import { chromium, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from './chromium.ts';
import { IMAGE_BUDGET_375, imageWeight, kb } from './image-weight.ts';
import { freePort } from './free-port.ts';

const root = resolve(import.meta.dirname, '..');

async function waitFor(url: string, server: ChildProcess, ms = 180_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`netlify dev stopped (exit ${server.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/** One page per template that shows images: home, inventory, a unit, a model, a town, brand and rentals pages. */
function pagesToWeigh(dist: string): string[] {
  const sitemap = readFileSync(join(dist, 'sitemap.xml'), 'utf8');
  const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((m) => m[1] || '/');
  const first = (test: (path: string) => boolean) => paths.find(test);
  const unit = vehicles[0]?.id;
  return [
    '/',
    '/inventory',
    unit && `/vehicles/${unit}`,
    first((p) => p.startsWith('/vehicles/') && p !== `/vehicles/${unit}`),
    first((p) => p.endsWith('-golf-carts')),
    '/evolution',
    '/rentals',
  ].filter((p): p is string => typeof p === 'string');
}

/** Prints the image bytes per page and returns whether any page is over the budget. */
export async function imageBudgetAtFirstView(dist: string): Promise<boolean> {
  const port = await freePort();
  const server = spawn(
    join(root, 'node_modules', '.bin', 'netlify'),
    ['dev', '--offline', '--dir', dist, '--port', String(port), '--staticServerPort', String(await freePort()), '--functions-port', String(await freePort())],
    { cwd: root, stdio: 'ignore', env: { ...process.env, BROWSER: 'none' } },
  );
  const browser = await chromium.launch({ executablePath: HEADLESS_CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  let over = false;
  try {
    const base = `http://localhost:${port}`;
    await waitFor(`${base}/api/vehicles`, server); // functions up; /api/health may alarm on old local leads
    console.log(`\nImages at first view, 375 px (budget ${kb(IMAGE_BUDGET_375)} a page):`);
    for (const path of pagesToWeigh(dist)) {
      const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 375, height: 740 } });
      const { bytes, requests } = await imageWeight(await context.newPage(), base + path);
      await context.close();
      const fail = bytes > IMAGE_BUDGET_375;
      over ||= fail;
      console[fail ? 'error' : 'log'](`${fail ? '✗' : ' '} ${path.padEnd(48)} ${kb(bytes).padStart(9)}  ${requests} images`);
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
  return over;
}
