import { join } from 'node:path';
import pa11y from 'pa11y';
import puppeteer, { type Page } from 'puppeteer';
import { CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from '../chromium.ts';
import { onePathPerTemplate, type Finding } from './pages.ts';

/** pa11y's runner of axe with the WCAG 2.2 A and AA rules, by its path (scripts/validators/axe-runner.ts). */
const AXE = join(import.meta.dirname, 'axe-runner.ts');

/**
 * Every page is checked at the phone width with axe and HTML_CodeSniffer in one load: the one
 * sweep of the sitemap (docs/decisions/browser-test-widths.md). What a page shows at the desktop
 * width is its template's layout, so one page of each template is checked there too, with
 * HTML_CodeSniffer here and with axe in the end-to-end tests (tests/e2e/a11y-templates.spec.ts).
 */
export const VIEWPORTS = [
  { width: 375, height: 740, runners: [AXE, 'htmlcs'], which: 'every page', pages: (paths: readonly string[]) => paths },
  { width: 1280, height: 800, runners: ['htmlcs'], which: 'a page of each template', pages: onePathPerTemplate },
] as const;

/** The runner's name in a finding. */
const runnerName = (runner: string) => (runner === AXE ? 'axe' : runner);

/**
 * Opens a page as a visitor does: until the load event, then until the browser is idle, so the
 * islands hydrated at load or idle have rendered. (pa11y's own navigation waits for 500 ms of
 * network quiet per page, which triples the time of a run over the sitemap.)
 */
async function open(page: Page, url: string, { width, height }: (typeof VIEWPORTS)[number]): Promise<void> {
  await page.setViewport({ width, height });
  const response = await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
  // 304: the second viewport revalidates the page the first one loaded.
  if (!response || response.status() >= 400) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}`);
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })));
}

/**
 * pa11y over the pages of a served site, at each viewport with its runners and its pages (HTML_CodeSniffer at
 * WCAG 2 AA, axe at WCAG 2.2 A and AA): one browser, a few tabs at once. Errors only (its
 * warnings and notices ask a human).
 */
export async function checkA11y(base: string, paths: readonly string[], concurrency = 3): Promise<{ errors: Finding[]; runs: number }> {
  const browser = await puppeteer.launch({ executablePath: HEADLESS_CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const errors: Finding[] = [];
  const jobs = VIEWPORTS.flatMap((viewport) => viewport.pages(paths).map((path) => ({ path, viewport })));
  let next = 0;
  const worker = async () => {
    const page = await browser.newPage();
    for (let job = jobs[next++]; job; job = jobs[next++]) {
      const url = new URL(job.path, base).href;
      await open(page, url, job.viewport);
      const { width, height, runners } = job.viewport;
      const result = await pa11y(url, {
        browser,
        page,
        ignoreUrl: true,
        runners: [...runners],
        standard: 'WCAG2AA',
        viewport: { width, height },
        timeout: 30_000,
        includeWarnings: false,
        includeNotices: false,
      });
      for (const issue of result.issues.filter((i) => i.type === 'error')) {
        errors.push({ path: job.path, where: `${width}px ${runnerName(issue.runner)} ${issue.selector}`, message: `${issue.message} (${issue.code})` });
      }
    }
    await page.close();
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    await browser.close();
  }
  return { errors, runs: jobs.length };
}
