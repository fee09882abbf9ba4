// Loads pages of a running site in Chromium and prints the bytes transferred per kind of
// resource (HTML, CSS, JS, images) at first view. Usage:
//   npm start   (in another shell)   then   npm run weight -- / /inventory /vehicles/denago-ev-city
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from './chromium.ts';
import { firstViewDone, requestsInFlight } from './first-view.ts';
import { tool } from '../src/lib/settings/tools.ts';

const base = tool('BASE_URL') ?? `http://localhost:${tool('PORT') ?? 8888}`;
const paths = process.argv.slice(2).filter((a) => a.startsWith('/'));
const KINDS = { document: 'HTML', stylesheet: 'CSS', script: 'JS', image: 'images' } as const;
type Kind = (typeof KINDS)[keyof typeof KINDS] | 'other';

const browser = await chromium.launch({ executablePath: HEADLESS_CHROMIUM_PATH, args: CHROMIUM_FLAGS });

console.log(['page', 'viewport', 'HTML', 'CSS', 'JS', 'images', 'other', 'total', 'requests'].join('\t'));
for (const path of paths.length ? paths : ['/']) {
  for (const width of [375, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const inFlight = requestsInFlight(cdp);
    const kindOf = new Map<string, Kind>();
    const bytes: Record<Kind, number> = { HTML: 0, CSS: 0, JS: 0, images: 0, other: 0 };
    let requests = 0;
    cdp.on('Network.responseReceived', (e) => kindOf.set(e.requestId, KINDS[e.type.toLowerCase() as keyof typeof KINDS] ?? 'other'));
    cdp.on('Network.loadingFinished', (e) => {
      requests += 1;
      bytes[kindOf.get(e.requestId) ?? 'other'] += e.encodedDataLength;
    });
    await page.goto(new URL(path, base).href, { waitUntil: 'load' });
    await firstViewDone(page, inFlight);
    const total = Object.values(bytes).reduce((a, b) => a + b, 0);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log([path, `${width}px`, kb(bytes.HTML), kb(bytes.CSS), kb(bytes.JS), kb(bytes.images), kb(bytes.other), kb(total), requests].join('\t'));
    await page.close();
  }
}
await browser.close();
