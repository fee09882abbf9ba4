import { buildDay } from './data/build-day.ts';
import { lotAt } from './data/lot.ts';
import { townAliases } from './data/towns.ts';
import type { RedirectRule } from './redirect-rule.ts';

export type { RedirectRule };

/**
 * Every alias the site answers, in one place (docs/product.md §Routes). The rules are written to
 * dist/_redirects by src/pages/_redirects.ts. Netlify applies a rule only where no page exists
 * at that path, so a catch-all never shadows a real page.
 */
export function redirectRules(today = buildDay): RedirectRule[] {
  // Units sold too long ago and units removed from the data: their model page or the inventory
  // (docs/product.md §Units), in one hop from either vehicle address.
  const retired = lotAt(today).redirects.flatMap(({ id, to }) => [
    { from: `/vehicles/${id}`, to, status: 301 as const },
    { from: `/vehicle/${id}`, to, status: 301 as const },
  ]);
  return [
    { from: '/brands/denago', to: '/denago', status: 301 },
    { from: '/brands/evolution', to: '/evolution', status: 301 },
    ...retired,
    { from: '/vehicle/:id', to: '/vehicles/:id', status: 301 },
    // Town pages: /{town}-golf-carts, wrong types and county spellings (src/lib/towns.ts).
    ...townAliases.rules,
    // Any other /vehicles/… without a page (a typo) shows Vehicle Not Found with status 404.
    { from: '/vehicles/*', to: '/vehicles/not-found', status: 404 },
  ];
}

/** The rules as Netlify's _redirects file: `from  [key=value …]  to  status[!]`, one a line. */
export function formatRedirects(rules: readonly RedirectRule[]): string {
  const match = (r: RedirectRule) => [r.from, ...Object.entries(r.query ?? {}).map(([key, value]) => `${key}=${value}`)].join('  ');
  const width = Math.max(...rules.map((r) => match(r).length));
  return `${rules.map((r) => `${match(r).padEnd(width)}  ${r.to}  ${r.status}${r.force ? '!' : ''}`).join('\n')}\n`;
}
