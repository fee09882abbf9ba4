import { expect, test } from './fixtures.ts';

/**
 * Registers tests that check the given pages (`name`: which pages, for the tests' titles) with axe (WCAG 2.2 A and AA) in `groups` groups,
 * one browser page per group (a fresh page per path cost twice the time). Each path is a step of
 * its group and is checked even after one fails: the failure names the page.
 */
export function axeEveryPage(name: string, paths: readonly string[], groups: number) {
  const grouped = Array.from({ length: groups }, (_, group) => paths.filter((_, index) => index % groups === group)).filter((group) => group.length > 0);
  for (const [index, group] of grouped.entries()) {
    test(`axe: ${name}, group ${index + 1} of ${grouped.length} (${group.length} pages, from ${group[0]})`, async ({ page, axe }) => {
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
}
