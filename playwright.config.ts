import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from './scripts/chromium.ts';
import { freePort } from './scripts/free-port.ts';
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
  // Both widths run every spec that looks at pages, except: axe sweeps every sitemap page at
  // 375 px and one page per template at 1280 px; the HTTP-only specs (headers, redirects, links)
  // and the check of the axe fixture itself do not depend on the width and run once; the admin's
  // page shell runs on the desktop, and its editing flow on the phone in playwright.copy.config.ts,
  // before the copy of the site is built with what it saved.
  projects: [
    {
      name: 'desktop',
      testIgnore: ['**/a11y-sitemap.spec.ts', '**/hydration-typing.spec.ts', '**/admin-phone.spec.ts'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: 'mobile',
      testIgnore: [
        '**/a11y-templates.spec.ts',
        '**/headers.spec.ts',
        '**/redirects.spec.ts',
        '**/links.spec.ts',
        '**/axe-fixture.spec.ts',
        '**/admin-desktop.spec.ts',
        '**/admin-phone.spec.ts',
      ],
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
        env: { BROWSER: 'none', ASTRO_TELEMETRY_DISABLED: '1' },
      },
});
