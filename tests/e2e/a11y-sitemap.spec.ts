import { expect, test } from './fixtures.ts';
import { sitemapPaths } from './sitemap-paths.ts';

// Every public page, as the built sitemap lists it, passes axe (WCAG 2.2 A and AA) at 375 px
// (the mobile project runs this file); a11y-templates.spec.ts checks one page of each template
// at 1280 px (docs/product.md §Quality). The pages are checked in groups, one browser page per
// group (a fresh page per sitemap entry cost twice the time); each page is a step of its group,
// and every page is checked even after one fails: the failure names the page.
const paths = sitemapPaths();
const GROUPS = 8;
const groups = Array.from({ length: GROUPS }, (_, group) => paths.filter((_, index) => index % GROUPS === group)).filter((group) => group.length > 0);

test('the sitemap lists pages', () => {
  expect(paths).toContain('/');
});

for (const [index, group] of groups.entries()) {
  test(`axe: sitemap pages, group ${index + 1} of ${groups.length} (${group.length} pages, from ${group[0]})`, async ({ page, axe }) => {
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
