import { townAliases } from './data/towns.ts';
import type { RedirectRule } from './redirect-rule.ts';

export type { RedirectRule };

/**
 * Every alias the site answers, in one place (docs/product.md §Routes). The rules are written to
 * dist/_redirects by src/pages/_redirects.ts. Netlify applies a rule only where no page exists
 * at that path, so a catch-all never shadows a real page.
 */
export function redirectRules(): RedirectRule[] {
  return [
    { from: '/brands/denago', to: '/denago', status: 301 },
    { from: '/brands/evolution', to: '/evolution', status: 301 },
    { from: '/vehicle/:id', to: '/vehicles/:id', status: 301 },
    // Town pages: /{town}-golf-carts, wrong types and county spellings (src/lib/towns.ts).
    ...townAliases.rules,
    // Any /vehicles/… without a page (a sold unit, a typo) shows Vehicle Not Found with status 404.
    { from: '/vehicles/*', to: '/vehicles/not-found', status: 404 },
  ];
}

export function formatRedirects(rules: readonly RedirectRule[]): string {
  const width = Math.max(...rules.map((r) => r.from.length));
  return `${rules.map((r) => `${r.from.padEnd(width)}  ${r.to}  ${r.status}`).join('\n')}\n`;
}
