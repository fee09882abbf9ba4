import './tests/e2e/json-modules.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from './scripts/chromium.ts';
import { freePort } from './scripts/free-port.ts';

// The lot tests: a copy of the site grown to LOT_UNITS listed units (scripts/lot-site.ts), built
// and served by `netlify dev --dir dist`; its inventory measured against the bench's budget and
// browsed with and without JavaScript.
process.env.LOT_PORT ??= String(await freePort());
process.env.LOT_STATIC_PORT ??= String(await freePort());
process.env.LOT_FUNCTIONS_PORT ??= String(await freePort());
process.env.LOT_UNITS ??= '100';
process.env.LOT_INFO ??= join(tmpdir(), `lot-site-${process.env.LOT_PORT}.json`);
const port = Number(process.env.LOT_PORT);
const baseURL = `http://localhost:${port}`;
const chromium = { executablePath: HEADLESS_CHROMIUM_PATH, args: CHROMIUM_FLAGS };

export default defineConfig({
  testDir: 'tests/lot',
  fullyParallel: false,
  retries: 0,
  workers: 1,
  reporter: [['list']],
  timeout: 60_000,
  use: { baseURL, trace: 'retain-on-failure', launchOptions: chromium },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium } }],
  webServer: {
    command: `node scripts/lot-site.ts --units ${process.env.LOT_UNITS} --port ${port} --static-port ${process.env.LOT_STATIC_PORT} --functions-port ${process.env.LOT_FUNCTIONS_PORT} --info ${process.env.LOT_INFO}`,
    // Ready once functions answer (not /api/health: it alarms on leads left waiting in the local store).
    url: `${baseURL}/api/vehicles`,
    timeout: 240_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: { BROWSER: 'none', ASTRO_TELEMETRY_DISABLED: '1' },
  },
});
