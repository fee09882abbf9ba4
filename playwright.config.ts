import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from './scripts/chromium.ts';
import { freePort } from './scripts/free-port.ts';
import { SERVE_NODE_OPTIONS } from './scripts/served-site.ts';
// The specs read the lot and other data as the site does (src/lib/data/): JSON modules for Node.
import './tests/e2e/json-modules.ts';

// Workers inherit the environment, so the port chosen by the main process is shared.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_STATIC_PORT ??= String(await freePort());
process.env.E2E_FUNCTIONS_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
export const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${port}`;

const chromium = { executablePath: HEADLESS_CHROMIUM_PATH, args: CHROMIUM_FLAGS };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  // A test runs at 1280 px unless its tags say otherwise: `@both` at 375 and 1280 px (what lays
  // a page out: screenshots, axe of each template, the header without JavaScript, the dealer's
  // inbox), `@phone` at 375 px only (the mobile menu, the admin on a phone, a slow phone's
  // hydration, the content pages without JavaScript). What runs where, and why:
  // docs/decisions/test-suite-stages.md §Widths. The admin's editing flow on the phone runs in
  // playwright.copy.config.ts, before the copy of the site is built with what it saved.
  projects: [
    {
      name: 'desktop',
      grepInvert: /@phone/,
      testIgnore: ['**/admin-phone.spec.ts'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: 'mobile',
      grep: /@both|@phone/,
      testIgnore: ['**/admin-phone.spec.ts'],
      use: { ...devices['Pixel 7'], viewport: { width: 375, height: 740 }, launchOptions: chromium },
    },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        // As `npm start`: a fresh build first (skipped with E2E_PREBUILT=1), then netlify serve on
        // that dist/ without building again (the `prebuilt` context of netlify.toml); its inner
        // static and functions servers get free ports too, so parallel runs do not collide.
        // `npm test` serves the build once for all its stages and passes it in E2E_BASE_URL.
        command: `${process.env.E2E_PREBUILT ? '' : 'astro build && '}netlify serve --offline --context branch:prebuilt --port ${port} --staticServerPort ${process.env.E2E_STATIC_PORT} --functions-port ${process.env.E2E_FUNCTIONS_PORT}`,
        // Ready once functions answer; not /api/health, which rightly says 503 when old test leads wait in the local store.
        url: `${baseURL}/api/vehicles`,
        timeout: 240_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: { BROWSER: 'none', ASTRO_TELEMETRY_DISABLED: '1', NODE_OPTIONS: SERVE_NODE_OPTIONS },
      },
});
