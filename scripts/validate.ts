// The standard validators over every page of dist/sitemap.xml (run `npm run build` first):
//   W3C Nu Html Checker, Google's rich-result rules with the schema.org vocabulary
//   (@adobe/structured-data-validator), pa11y with HTML_CodeSniffer at WCAG 2 AA at 375 and
//   1280 px and with axe at WCAG 2.2 A and AA at 375 px (the sweep of every page with axe).
//   npm run validate                 all three; fails on any error
//   npm run validate -- html         one of: html, structured-data, a11y
//   BASE_URL=http://localhost:8888 npm run validate -- a11y    against a running `npm start`
//   VALIDATE_PATHS=/locations,/vehicles/ npm run validate      only the sitemap pages under these paths
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkA11y, VIEWPORTS } from './validators/a11y.ts';
import { checkHtml } from './validators/html.ts';
import { formatFinding, sitemapPages, type Finding } from './validators/pages.ts';
import { checkStructuredData } from './validators/structured-data.ts';
import { servedSite } from './served-site.ts';
import { tool } from '../src/lib/settings/tools.ts';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');
const VALIDATORS = ['html', 'structured-data', 'a11y'] as const;
type Name = (typeof VALIDATORS)[number];

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(VALIDATORS as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`Unknown validator ${unknown.join(', ')}: choose from ${VALIDATORS.join(', ')}`);
  process.exit(2);
}
const selected: readonly Name[] = asked.length > 0 ? (asked as Name[]) : VALIDATORS;

if (!existsSync(join(dist, 'sitemap.xml'))) {
  console.error('dist/sitemap.xml is missing: run `npm run build` first');
  process.exit(2);
}
const only = tool('VALIDATE_PATHS');
const pages = sitemapPages(dist).filter((page) => !only || only.some((prefix) => page.path.startsWith(prefix)));
const missing = pages.filter((page) => !existsSync(page.file));
if (missing.length > 0) {
  console.error(`The sitemap lists pages that were not built: ${missing.map((page) => page.path).join(', ')}`);
  process.exit(1);
}

const seconds = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;
let failed = false;

function report(summary: string, failures: readonly Finding[]) {
  console.log(summary);
  for (const finding of failures) console.log(formatFinding(finding));
  if (failures.length > 0) failed = true;
}

if (selected.includes('html')) {
  const start = performance.now();
  const { errors, warnings, infos, outdatedCss, noOrigin } = await checkHtml(pages);
  report(
    `Nu Html Checker: ${pages.length} pages, ${errors.length} errors, ${warnings.length} warnings (${infos} info notes and ${outdatedCss} messages of CSS its grammar predates and ${noOrigin} of the site's stylesheet under a page's style policy, which a file without an origin cannot match, not counted) in ${seconds(start)}`,
    [...errors, ...warnings],
  );
}

if (selected.includes('structured-data')) {
  const start = performance.now();
  const { errors, warnings, items } = await checkStructuredData(pages);
  report(
    `Structured data (Google rich results, schema.org vocabulary): ${pages.length} pages, ${items} JSON-LD items, ${errors.length} errors (${warnings.length} warnings about optional fields, not counted) in ${seconds(start)}`,
    errors,
  );
}

if (selected.includes('a11y')) {
  const start = performance.now();
  const site = await servedSite();
  const served = seconds(start);
  try {
    const { errors, runs } = await checkA11y(
      site.base,
      pages.map((page) => page.path),
    );
    report(
      `pa11y (${VIEWPORTS.map((v) => `${v.width}px, ${v.which}: ${v.runners.map((r) => (r === 'htmlcs' ? 'HTML_CodeSniffer WCAG2AA' : 'axe WCAG 2.2 A/AA')).join(' and ')}`).join('; ')}): ${pages.length} pages (${runs} runs), ${errors.length} errors in ${seconds(start)} (server up in ${served})`,
      errors,
    );
  } finally {
    await site.stop();
  }
}

process.exit(failed ? 1 : 0);
