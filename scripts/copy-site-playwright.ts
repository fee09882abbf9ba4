import { basename, join } from 'node:path';
import { devices, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from './chromium.ts';
import { freePort } from './free-port.ts';
import { tool } from '../src/lib/settings/tools.ts';

const chromium = { executablePath: HEADLESS_CHROMIUM_PATH, args: CHROMIUM_FLAGS };

/** The two widths every page is looked at. */
export const WIDTHS = {
  mobile: { name: 'mobile', use: { ...devices['Pixel 7'], viewport: { width: 375, height: 740 }, launchOptions: chromium } },
  desktop: { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium } },
} as const;

/**
 * A Playwright config for a stage that tests a copy of the site (the photos, the lot at size):
 * `serve` builds the copy and serves it with netlify on the ports given (chosen once, shared by
 * the workers through the environment), one worker, ready once its functions answer.
 */
export async function copySiteConfig(options: {
  testDir: string;
  /** The command that builds and serves the copy on these ports (SIGTERM stops it and removes the copy). */
  serve: (ports: { port: number; staticPort: string; functionsPort: string }) => string;
  projects: PlaywrightTestConfig['projects'];
  timeout: number;
  expect?: PlaywrightTestConfig['expect'];
}): Promise<PlaywrightTestConfig> {
  const port = tool('COPY_SITE_PORT') ?? (await freePort());
  const staticPort = String(tool('COPY_SITE_STATIC_PORT') ?? (await freePort()));
  const functionsPort = String(tool('COPY_SITE_FUNCTIONS_PORT') ?? (await freePort()));
  // Each worker evaluates this config again: the ports go to them through the environment.
  Object.assign(process.env, { COPY_SITE_PORT: String(port), COPY_SITE_STATIC_PORT: staticPort, COPY_SITE_FUNCTIONS_PORT: functionsPort });
  const baseURL = `http://localhost:${port}`;
  return {
    testDir: options.testDir,
    // A folder of its own: `npm test` runs the copies side by side, and Playwright empties its folder at the start.
    outputDir: join('test-results', basename(options.testDir)),
    fullyParallel: false,
    retries: 0,
    workers: 1,
    reporter: [['list']],
    timeout: options.timeout,
    ...(options.expect ? { expect: options.expect } : {}),
    use: { baseURL, trace: 'retain-on-failure', launchOptions: chromium },
    projects: options.projects,
    webServer: {
      command: options.serve({ port, staticPort, functionsPort }),
      // Ready once functions answer (not /api/health: it alarms on leads left waiting in the local store).
      url: `${baseURL}/api/vehicles`,
      // A copy that waits for the admin test's edits (scripts/admin-edits.ts) may take that long more.
      timeout: 240_000 + (tool('ADMIN_EDITS_WAIT_SECONDS') ?? 0) * 1000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: { BROWSER: 'none', ASTRO_TELEMETRY_DISABLED: '1' },
    },
  };
}
