import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';

// Every public page, as the built sitemap lists it, passes axe (WCAG 2.2 A and AA) in both
// projects: mobile (375 px) and desktop (1280 px).
const dist = join(import.meta.dirname, '..', '..', 'dist');
if (!existsSync(dist)) throw new Error('dist/ is missing: run `npm run build` first');

const paths = readdirSync(dist)
  .filter((file) => /^sitemap-\d+\.xml$/.test(file))
  .flatMap((file) => [...readFileSync(join(dist, file), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname))
  .sort();

test('the sitemap lists pages', () => {
  expect(paths).toContain('/');
});

for (const path of paths) {
  test(`axe: ${path}`, async ({ page, axe }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await axe();
  });
}
