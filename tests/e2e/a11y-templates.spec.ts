import { axeEveryPage } from './axe-pages.ts';
import { expect, test } from './fixtures.ts';
import { onePathPerTemplate, sitemapPaths, template } from './sitemap-paths.ts';

// One page of each template passes axe (WCAG 2.2 A and AA) at 1280 px (the desktop project runs
// this file); a11y-sitemap.spec.ts checks every sitemap page at 375 px (docs/product.md §Quality).
const paths = onePathPerTemplate(sitemapPaths());

test('one page of each template: home, content pages, a town, the county hub, a model and a unit', () => {
  expect(paths.map(template)).toEqual(expect.arrayContaining(['/', '/rentals', '/contact', 'town', 'county', 'model', 'unit']));
  expect(paths.filter((path) => ['town', 'model', 'unit'].includes(template(path)))).toHaveLength(3);
});

axeEveryPage('one page of each template', paths, 4);
