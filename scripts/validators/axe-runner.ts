import { createRequire } from 'node:module';

/**
 * A pa11y runner (pa11y loads it by its path: scripts/validators/a11y.ts) that runs axe-core with
 * the WCAG 2.2 A and AA rules: the axe and the rules of the end-to-end tests' axe check
 * (tests/e2e/fixtures.ts), so the validators' sweep over every sitemap page is also the axe sweep.
 * pa11y's own axe runner stops at WCAG 2.1, adds axe's best practices and has an axe of its own.
 */

/** The axe rules every check runs: WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** The axe-core that @axe-core/playwright runs in the end-to-end tests, resolved from it. */
const fromAxeBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
export const scripts = [fromAxeBuilder.resolve('axe-core/axe.min.js')];
export const supports = '^9.0.0';

/**
 * Runs in the page: draws every section that is not drawn until it comes near the screen
 * (`content-visibility: auto`, docs/decisions/offscreen-rendering.md), so that axe, or a
 * full-page screenshot, sees every section as a visitor does once scrolled to it.
 */
export function drawOutOfSight(): void {
  for (const element of document.querySelectorAll<HTMLElement>('body *')) {
    if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
  }
}

/**
 * Runs in the page: pa11y sends this function's source there, after axe-core, so it cannot read
 * AXE_TAGS and names them itself (tests/validators/ checks the two lists agree). Each violation's
 * node is an error for pa11y; what axe cannot decide alone (its "incomplete") is left to a human,
 * as in the end-to-end check.
 */
export async function run(): Promise<{ code: string; type: 'error'; message: string; element: Element | null; runnerExtras: { impact: string } }[]> {
  interface Violation {
    id: string;
    help: string;
    helpUrl: string;
    impact?: string | null;
    nodes: { target: string[] }[];
  }
  const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } };
  // drawOutOfSight, written out: pa11y sends only this function's source to the page.
  for (const element of document.querySelectorAll<HTMLElement>('body *')) {
    if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
  }
  const { violations } = await axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
    resultTypes: ['violations'],
  });
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      code: violation.id,
      type: 'error' as const,
      message: `${violation.help} (${violation.helpUrl})`,
      element: document.querySelector(node.target.join(' ')),
      runnerExtras: { impact: violation.impact ?? '' },
    })),
  );
}
