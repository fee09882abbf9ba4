import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every end-to-end test fails on a console error or an uncaught page error, and can run
 * axe with the WCAG 2.2 A/AA rules.
 */
const notFoundPaths = new Set<string>();

export const test = base.extend<{ pageErrors: string[]; allowNotFound: (path: string) => void; axe: (page?: Page) => Promise<void> }>({
  pageErrors: [
    async ({ page, allowNotFound: _ }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        const url = message.location().url;
        const expected404 = /status of 404/.test(message.text()) && notFoundPaths.has(new URL(url || 'about:blank', 'http://x').pathname);
        if (message.type() === 'error' && !expected404) errors.push(`console.error: ${message.text()} (${url})`);
      });
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
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
  axe: async ({ page }, use) => {
    await use(async (target = page) => {
      const results = await new AxeBuilder({ page: target }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']).analyze();
      const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
      expect(summary, 'axe found accessibility violations').toEqual([]);
    });
  },
});

export { expect };

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;
