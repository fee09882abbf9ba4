import './tests/e2e/json-modules.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { copySiteConfig, WIDTHS } from './scripts/copy-site-playwright.ts';

// The lot tests: a copy of the site grown to LOT_UNITS listed units (scripts/lot-site.ts), built
// and served by `netlify serve` (scripts/served-site.ts); its inventory measured against the
// bench's budget and browsed with and without JavaScript.
process.env.LOT_UNITS ??= '100';
process.env.LOT_INFO ??= join(tmpdir(), `lot-site-${process.pid}.json`);

export default defineConfig(
  await copySiteConfig({
    testDir: 'tests/lot',
    serve: ({ port, staticPort, functionsPort }) =>
      `node --import ./scripts/json-imports.ts scripts/lot-site.ts --units ${process.env.LOT_UNITS} --port ${port} --static-port ${staticPort} --functions-port ${functionsPort} --info ${process.env.LOT_INFO}`,
    projects: [WIDTHS.desktop],
    timeout: 60_000,
  }),
);
