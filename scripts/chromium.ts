import { existsSync } from 'node:fs';
import { tool } from '../src/lib/settings/tools.ts';

// Debian's Chromium, as every browser tool of the project starts it (Playwright, Lighthouse,
// page-weight). Without the background-networking flags it tries to reach Google at start.
export const CHROMIUM_PATH = tool('CHROMIUM_PATH') ?? '/usr/bin/chromium';

/**
 * The browser of the tests, validators and budgets, which only need pages rendered headless:
 * Debian's chromium-headless-shell (the build Playwright itself tests with), which opens a page
 * in less than half the CPU time of the full browser; the full browser where it is not
 * installed. Lighthouse (`npm run perf`) keeps the full browser that visitors run.
 */
export const headlessChromiumPath = () =>
  tool('HEADLESS_CHROMIUM_PATH') ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM_PATH);
export const HEADLESS_CHROMIUM_PATH = headlessChromiumPath();

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
