// The copy's tests (tests/photos, tests/lot, tests/stores): the end-to-end fixtures, and the copy
// built by tests/copy/site.setup.ts served once per worker as `npm start` serves a build
// (scripts/served-site.ts), on the ports playwright.copy.config.ts chose.
import { devices } from '@playwright/test';
import { readCopySiteInfo, type CopySiteInfo } from '../../scripts/copy-site.ts';
import { startServedSite } from '../../scripts/served-site.ts';
import { test as base } from '../e2e/fixtures.ts';

export { expect } from '../e2e/fixtures.ts';

const { defaultBrowserType: _phone, ...pixel } = devices['Pixel 7'];
const { defaultBrowserType: _desktop, ...desktopChrome } = devices['Desktop Chrome'];
/** A phone at 375 px, for a test whose behaviour differs there: `test.use(PHONE)` in its describe block (the project's own width is 1280 px). */
export const PHONE = { ...pixel, viewport: { width: 375, height: 740 } };
/** The project's own width, said where a test runs at both. */
export const DESKTOP = { ...desktopChrome, viewport: { width: 1280, height: 800 } };
/** Both widths, for layout and what a page fetches for it. */
export const WIDTHS = [
  { width: 375, device: PHONE },
  { width: 1280, device: DESKTOP },
] as const;

export const test = base.extend<object, { copySite: CopySiteInfo }>({
  copySite: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies
    async ({}, use) => {
      const info = readCopySiteInfo();
      const port = Number(process.env.COPY_SITE_PORT);
      const site = await startServedSite({
        dir: info.dir,
        ports: { port, static: Number(process.env.COPY_SITE_STATIC_PORT), functions: Number(process.env.COPY_SITE_FUNCTIONS_PORT) },
      });
      try {
        await site.ready;
        await use(info);
      } finally {
        await site.stop();
      }
    },
    // Started for every worker of the copy's tests, before its first test; `netlify serve` takes about 15 s on a busy machine.
    { scope: 'worker', auto: true, timeout: 240_000 },
  ],
});
