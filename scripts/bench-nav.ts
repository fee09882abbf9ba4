// `npm run bench:nav`: how long a buyer waits from a tap to the next page on a slow phone, with and
// without the site's speculation rules (docs/decisions/speculative-loading.md). Chromium at 390 px,
// the CPU slowed 4× and Lighthouse's slow 4G as `npm run bench:inp` applies them, through the
// compressing proxy of `npm run perf`. Per journey: open the page, wait 2 s, scroll the link into
// view, tap it, and time from the tap to the next page's first paint (from its activation for a
// prerendered page); median of RUNS runs (default 5), once with the rules and once without (the
// page's script then finds a browser without speculation rules and adds none). It also counts the speculations Chromium made
// and used (the Preload domain) and the bytes fetched per journey beside the page's own first view.
// Chromium disables prerendering while DevTools is attached (PrerenderingDisabledByDevTools), so
// what this measures with the rules is their prefetches; a visitor's prerender is faster still.
// A benchmark, not a test: it exits 0 unless it could not measure (docs/speed.md §Next page).
//   npm run bench:nav
//   RUNS=3 npm run bench:nav
//   BASE_URL=http://localhost:8888 npm run bench:nav     a running site
import { loadavg } from 'node:os';
import { chromium, type Browser } from '@playwright/test';
import { vehicles } from '../src/lib/data/vehicles.ts';
import { CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from './chromium.ts';
import { median } from './lighthouse-session.ts';
import { startProxy } from './perf.ts';
import { servedSite } from './served-site.ts';
import { tool } from '../src/lib/settings/tools.ts';

const RUNS = tool('RUNS') ?? 5;
const CPU_SLOWDOWN = 4;
const REST_MS = 2000;
const SLOW_4G = { latency: 150 * 3.75, downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8, uploadThroughput: (750 * 0.9 * 1024) / 8 };
const firstUnit = vehicles.find((unit) => unit.status === 'available')?.id;

/** [name, page, the link to tap] */
const JOURNEYS: [string, string, string][] = [
  ['home → inventory', '/', 'main a[href="/new-inventory"]'],
  ['inventory → unit', '/new-inventory', 'a[data-speculate="prerender"]'],
  ['unit → contact', `/vehicles/${firstUnit}`, 'main a[href^="/contact"]'],
  ['town → inventory', '/moorestown-township-golf-carts', 'main a[href="/new-inventory"]'],
  ['model → compare', '/vehicles/denago-ev-nomad', 'main a[href^="/compare"]'],
];

interface Sample {
  ms: number;
  made: number;
  used: number;
  bytes: number;
  firstViewBytes: number;
}

async function journey(browser: Browser, base: string, from: string, link: string, rules: boolean): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  // Without the rules: the page's script (src/scripts/speculation.ts) finds a browser that has no
  // speculation rules, as Safari and Firefox are, and adds none. Nothing else of the page changes.
  if (!rules)
    await context.addInitScript(() => {
      const supports = HTMLScriptElement.supports.bind(HTMLScriptElement);
      HTMLScriptElement.supports = (type: string) => type !== 'speculationrules' && supports(type);
    });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  const attempts = new Map<string, string>();
  const track = (event: { key: { action: string; url: string }; status: string }) => attempts.set(`${event.key.action} ${event.key.url}`, event.status);
  cdp.on('Preload.prefetchStatusUpdated', track);
  cdp.on('Preload.prerenderStatusUpdated', track);
  await cdp.send('Preload.enable');
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => (bytes += event.encodedDataLength));
  await page.goto(new URL(from, base).href, { waitUntil: 'load' });
  const firstViewBytes = bytes;
  await page.waitForTimeout(REST_MS);
  const target = page.locator(link).first();
  await target.scrollIntoViewIfNeeded();
  const before = page.url();
  const tapped = Date.now();
  await target.tap();
  await page.waitForURL((url) => url.href !== before);
  const paint = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { activationStart?: number };
        new PerformanceObserver((list) => {
          const entry = list.getEntries().find((e) => e.name === 'first-contentful-paint' || e.name === 'first-paint');
          if (entry) resolve(performance.timeOrigin + Math.max(entry.startTime, nav.activationStart ?? 0));
        }).observe({ type: 'paint', buffered: true });
      }),
  );
  const ms = Math.max(0, paint - tapped);
  const statuses = [...attempts.values()];
  await context.close();
  return { ms, made: statuses.length, used: statuses.filter((status) => status === 'Success').length, bytes, firstViewBytes };
}

if (import.meta.main) {
  const site = await servedSite();
  const proxy = await startProxy(new URL(site.base));
  const browser = await chromium.launch({ executablePath: HEADLESS_CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  console.log(`bench:nav: ${RUNS} run(s) per journey, CPU ${CPU_SLOWDOWN}×, slow 4G, 390 px; load average ${loadavg()[0]?.toFixed(1)}`);
  console.log('| journey | without rules | with rules | speculations made / used | bytes with rules / first view |');
  console.log('|---|--:|--:|--:|--:|');
  try {
    for (const [name, from, link] of JOURNEYS) {
      const without: Sample[] = [];
      const withRules: Sample[] = [];
      for (let run = 0; run < RUNS; run++) {
        without.push(await journey(browser, proxy.url, from, link, false));
        withRules.push(await journey(browser, proxy.url, from, link, true));
      }
      const m = (samples: Sample[], key: keyof Sample) => median(samples.map((sample) => sample[key]));
      console.log(
        `| ${name} | ${Math.round(m(without, 'ms'))} ms | ${Math.round(m(withRules, 'ms'))} ms | ${m(withRules, 'made')} / ${m(withRules, 'used')} | ${(m(withRules, 'bytes') / 1024).toFixed(0)} KB / ${(m(withRules, 'firstViewBytes') / 1024).toFixed(0)} KB |`,
      );
    }
  } finally {
    await browser.close();
    proxy.close();
    await site.stop();
  }
}
