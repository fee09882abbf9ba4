import './tests/e2e/json-modules.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { copySiteConfig, WIDTHS } from './scripts/copy-site-playwright.ts';

// The stores tests: a copy of the site with a second store and every other unit on its lot
// (scripts/stores-site.ts), built and served by `netlify serve` (scripts/served-site.ts).
process.env.STORES_INFO ??= join(tmpdir(), `stores-site-${process.pid}.json`);

export default defineConfig(
  await copySiteConfig({
    testDir: 'tests/stores',
    serve: ({ port, staticPort, functionsPort }) =>
      `node scripts/stores-site.ts --port ${port} --static-port ${staticPort} --functions-port ${functionsPort} --info ${process.env.STORES_INFO}`,
    projects: [WIDTHS.desktop],
    timeout: 90_000,
  }),
);
