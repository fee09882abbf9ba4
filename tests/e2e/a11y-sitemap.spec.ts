import { axeEveryPage } from './axe-pages.ts';
import { expect, test } from './fixtures.ts';
import { sitemapPaths } from './sitemap-paths.ts';

// Every public page, as the built sitemap lists it, passes axe (WCAG 2.2 A and AA) at 375 px
// (the mobile project runs this file); a11y-templates.spec.ts checks one page of each template
// at 1280 px (docs/product.md §Quality).
const paths = sitemapPaths();

test('the sitemap lists pages', () => {
  expect(paths).toContain('/');
});

axeEveryPage('the sitemap pages', paths, 8);
