import { expect, test } from './fixtures.ts';
import { onePathPerTemplate, sitemapPaths, template } from './sitemap-paths.ts';

// One page of each template passes axe (WCAG 2.2 A and AA) at 1280 px: what a template shows
// differs with the width. Every sitemap page is checked with axe at 375 px in the validators'
// sweep (scripts/validators/a11y.ts, docs/decisions/browser-test-widths.md), so not again here.
const paths = onePathPerTemplate(sitemapPaths());

test('one page of each template: home, content pages, a town, the county hub, a model and a unit', () => {
  expect(paths.map(template)).toEqual(expect.arrayContaining(['/', '/rentals', '/contact', 'town', 'county', 'model', 'unit']));
  expect(paths.filter((path) => ['town', 'model', 'unit'].includes(template(path)))).toHaveLength(3);
});

// The pages in 4 groups, one browser page per group (a fresh page per path cost twice the time).
// Each path is a step of its group and is checked even after one fails: the failure names the page.
const GROUPS = 4;
const grouped = Array.from({ length: GROUPS }, (_, group) => paths.filter((_, index) => index % GROUPS === group)).filter((group) => group.length > 0);
for (const [index, group] of grouped.entries()) {
  test(`axe: one page of each template, group ${index + 1} of ${grouped.length} (${group.length} pages, from ${group[0]})`, async ({ page, axe }) => {
    test.setTimeout(30_000 + group.length * 3_000);
    for (const path of group) {
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect.soft(response?.status(), `${path} answers 200`).toBe(200);
        await axe(page, { soft: true, label: path });
      });
    }
  });
}
