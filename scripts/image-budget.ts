// The image part of `npm run budget`: serves the built dist/ as Netlify does (scripts/served-site.ts:
// static files, headers, redirects and the image CDN; or BASE_URL), opens one page per template in
// Chromium at 375 px (Pixel 7, device pixel ratio 2.625) and counts the image bytes downloaded at
// first view. Fails past IMAGE_BUDGET_375 (docs/editors.md §Photos explains the figure).
import { readFileSync } from 'node:fs';
import { vehicles } from '../src/lib/data/vehicles.ts';
import { join } from 'node:path';
import { chromium, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from './chromium.ts';
import { IMAGE_BUDGET_375, imageWeight, kb } from './image-weight.ts';
import { servedSite } from './served-site.ts';

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
  const site = await servedSite();
  let over = false;
  try {
    const browser = await chromium.launch({ executablePath: HEADLESS_CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    try {
      console.log(`\nImages at first view, 375 px (budget ${kb(IMAGE_BUDGET_375)} a page):`);
      for (const path of pagesToWeigh(dist)) {
        const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 375, height: 740 } });
        const { bytes, requests } = await imageWeight(await context.newPage(), site.base + path);
        await context.close();
        const fail = bytes > IMAGE_BUDGET_375;
        over ||= fail;
        console[fail ? 'error' : 'log'](`${fail ? '✗' : ' '} ${path.padEnd(48)} ${kb(bytes).padStart(9)}  ${requests} images`);
      }
    } finally {
      await browser.close();
    }
  } finally {
    await site.stop();
  }
  return over;
}
