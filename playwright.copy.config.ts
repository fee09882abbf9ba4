import './tests/e2e/json-modules.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from './scripts/chromium.ts';
import { freePort } from './scripts/free-port.ts';
import { SERVE_NODE_OPTIONS } from './scripts/served-site.ts';

// The tests of the copy of the site (scripts/copy-site.ts): raster photos, the lot at 100 units
// and a second store, with what the admin saved in the same run. In order, each project after
// the one before has passed:
//   admin   the admin on a phone (tests/e2e/admin-phone.spec.ts) against the site's own build,
//           served as `npm start` serves it (by `npm test` for all its stages: E2E_BASE_URL);
//   build   builds the copy with what the admin saved (tests/copy/site.setup.ts);
//   copy    tests/photos, tests/lot and tests/stores against the copy, served once per worker
//           (tests/copy/fixtures.ts), at 1280 px unless a test says 375.
// `npm run test:photos` (lot, stores) runs one folder of them, after the admin and the copy.

// Workers inherit the environment, so what the main process chooses here is shared.
process.env.COPY_SITE_PORT ??= String(await freePort());
process.env.COPY_SITE_STATIC_PORT ??= String(await freePort());
process.env.COPY_SITE_FUNCTIONS_PORT ??= String(await freePort());
process.env.COPY_SITE_INFO ??= join(tmpdir(), `copy-site-${process.pid}.json`);
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_STATIC_PORT ??= String(await freePort());
process.env.E2E_FUNCTIONS_PORT ??= String(await freePort());
const siteURL = process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT}`;

const chromium = { executablePath: HEADLESS_CHROMIUM_PATH, args: CHROMIUM_FLAGS };

export default defineConfig({
  testDir: 'tests',
  // Not test-results/: the end-to-end run empties that folder when it starts, and `npm test` runs both at once.
  outputDir: 'test-results-copy',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  reporter: [['list']],
  // The local image CDN resizes and encodes each photo on request; on a busy machine that takes seconds.
  timeout: 90_000,
  expect: { timeout: 30_000 },
  use: { trace: 'retain-on-failure', launchOptions: chromium },
  globalTeardown: './tests/copy/teardown.ts',
  projects: [
    {
      name: 'admin',
      testDir: 'tests/e2e',
      testMatch: /admin-phone\.spec\.ts$/,
      use: { ...devices['Pixel 7'], viewport: { width: 375, height: 740 }, baseURL: siteURL, launchOptions: chromium },
    },
    { name: 'build', testDir: 'tests/copy', testMatch: /site\.setup\.ts$/, dependencies: ['admin'] },
    {
      name: 'copy',
      testMatch: /tests\/(photos|lot|stores)\/.+\.spec\.ts$/,
      dependencies: ['build'],
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        baseURL: `http://localhost:${process.env.COPY_SITE_PORT}`,
        launchOptions: chromium,
      },
    },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        // The site's own build for the admin, as the end-to-end tests serve it (playwright.config.ts);
        // a fresh build first unless E2E_PREBUILT=1 (the lot tests compare with its inventory page).
        command: `${process.env.E2E_PREBUILT ? '' : 'astro build && '}netlify serve --offline --context branch:prebuilt --port ${process.env.E2E_PORT} --staticServerPort ${process.env.E2E_STATIC_PORT} --functions-port ${process.env.E2E_FUNCTIONS_PORT}`,
        url: `${siteURL}/api/vehicles`,
        timeout: 240_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: { BROWSER: 'none', ASTRO_TELEMETRY_DISABLED: '1', NODE_OPTIONS: SERVE_NODE_OPTIONS },
      },
});
