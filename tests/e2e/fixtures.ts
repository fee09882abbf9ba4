import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type Page } from '@playwright/test';
// The axe and the rules of the validators' sweep of every sitemap page (pa11y's axe runner).
import { AXE_TAGS, drawOutOfSight, scripts as axeScripts } from '../../scripts/validators/axe-runner.ts';

const AXE_SOURCE = axeScripts.map((file) => readFileSync(file, 'utf8')).join('\n');
type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];
interface AxeInPage {
  run: (context: Document, options: { runOnly: { type: 'tag'; values: string[] }; resultTypes: ['violations'] }) => Promise<{ violations: Violation[] }>;
}

/**
 * The WCAG 2.2 A/AA violations of a page. A page without frames gets axe-core injected once and
 * run in place (a fifth of the time AxeBuilder takes, which opens a blank page per run to merge
 * frame results); a page with frames goes through AxeBuilder, which checks inside them too.
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  // Sections out of sight are drawn first, so that axe judges every one as a visitor sees it.
  await page.evaluate(drawOutOfSight);
  if (page.frames().length > 1) return (await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations;
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: AxeInPage };
    return (await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })).violations;
  }, AXE_TAGS);
}

/**
 * With JavaScript off Chromium runs no timers, and axe cannot finish. So axe checks a copy of the
 * page as a browser without JavaScript shows it: the same DOM with no executable script, in a
 * context where axe can run, and the stylesheet's `(scripting: none)` rules applied.
 */
async function noScriptCopy(page: Page, browser: Browser): Promise<Page> {
  // The copy's inline critical CSS gets the same `(scripting: none)` rewrite as the stylesheet, so
  // the page's own style policy (which allows the original by hash) goes too.
  const html = (await page.content())
    .replace(/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<meta http-equiv="content-security-policy"[^>]*>/gi, '')
    .replace(/\(\s*scripting\s*:\s*none\s*\)/g, '(min-width: 0px)');
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  const copy = await context.newPage();
  await copy.route(page.url(), (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
  await copy.route(/\.css(\?|$)/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replace(/\(\s*scripting\s*:\s*none\s*\)/g, '(min-width: 0px)') });
  });
  await copy.goto(page.url());
  return copy;
}

/**
 * Every end-to-end test fails on a console error or an uncaught page error, and can run
 * axe with the WCAG 2.2 A/AA rules.
 */
const notFoundPaths = new Set<string>();

/** `soft`: a violation is recorded under `label` and the test goes on (many pages in one test). */
type AxeCheck = (page?: Page, options?: { soft?: boolean; label?: string }) => Promise<void>;

export const test = base.extend<{ pageErrors: string[]; allowNotFound: (path: string) => void; axe: AxeCheck }>({
  pageErrors: [
    async ({ page, allowNotFound: _ }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        const url = message.location().url;
        const expected404 = /status of 404/.test(message.text()) && notFoundPaths.has(new URL(url || 'about:blank', 'http://x').pathname);
        if (message.type() === 'error' && !expected404) errors.push(`console.error: ${message.text()} (${url})`);
      });
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      // A Content-Security-Policy violation fails the test too (reported even where no console line is).
      await page.exposeFunction('__reportCspViolation', (text: string) => errors.push(`CSP violation: ${text}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation(
            `${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`,
          );
        });
      });
      await use(errors);
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
  /** Declares a path the test visits expecting a 404 document, so its console error is expected. */
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies
  allowNotFound: async ({}, use) => {
    notFoundPaths.clear();
    await use((path) => notFoundPaths.add(path));
  },
  axe: async ({ page, browser }, use) => {
    await use(async (target = page, { soft = false, label } = {}) => {
      const scriptingOff = await target.evaluate(() => matchMedia('(scripting: none)').matches);
      const subject = scriptingOff ? await noScriptCopy(target, browser) : target;
      const violations = await axeViolations(subject);
      const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
      if (scriptingOff) await subject.context().close();
      const message = `axe found accessibility violations${label ? ` on ${label}` : ''}`;
      if (soft) expect.soft(summary, message).toEqual([]);
      else expect(summary, message).toEqual([]);
    });
  },
});

export { expect };

/** The island runtime every page fetches when it is idle (src/first-paint/page-loader.ts): Astro's, not React. */
export const ISLAND_RUNTIME = /\/_astro\/island-runtime\.\w+\.js$/;
/**
 * The layout's analytics events (src/scripts/asc-page.ts, named by src/integrations/island-runtime.ts)
 * and the event builders it shares with the forms, which every page fetches when it is idle.
 */
export const PAGE_EVENTS = /\/_astro\/(page|asc)\.[\w-]+\.js$/;
/** The scripts a page requested, but the island runtime and the analytics events. */
export const beyondIslandRuntime = (urls: readonly string[]) =>
  urls.filter((url) => ![ISLAND_RUNTIME, PAGE_EVENTS].some((pattern) => pattern.test(new URL(url, 'http://x').pathname)));

/**
 * Resolves once the page has done what it does when it is idle (src/first-paint/page-loader.ts),
 * however long the browser took to find idle time: the whole stylesheet applied, the island
 * runtime started where the page has islands, the page's own modules fetched, and every island
 * that hydrates when idle hydrated. What a test then sees fetched is all the idle page fetches;
 * waiting for the network to go quiet instead can come before the idle callback on a busy machine.
 */
export async function idleWorkDone(page: Page) {
  await page.waitForFunction(() => {
    const loader = document.querySelector<HTMLScriptElement>('script[data-stylesheet]');
    if (document.readyState !== 'complete' || !loader) return document.readyState === 'complete';
    const path = (url: string) => new URL(url, location.href).pathname;
    const { stylesheet, runtime, modules } = loader.dataset;
    const fetched = new Set(performance.getEntriesByType('resource').map((entry) => path(entry.name)));
    const styled =
      !stylesheet || [...document.styleSheets].some((sheet) => sheet.href !== null && path(sheet.href) === path(stylesheet) && sheet.cssRules.length > 0);
    const started = !runtime || customElements.get('astro-island') !== undefined;
    const modulesFetched = (modules ?? '').split(' ').every((src) => !src || fetched.has(path(src)));
    const idleHydrated = ![...document.querySelectorAll('astro-island[ssr]')].some((island) => (island.getAttribute('opts') ?? '').includes('"idle"'));
    return styled && started && modulesFetched && idleHydrated;
  });
}
