import { buildDay } from '../data/build-day.ts';
import { lotAt } from '../data/lot.ts';
import { townAliases } from '../data/towns.ts';
import { inventoryFilterKeys } from '../data/stores.ts';
import { INVENTORY_ALIAS, INVENTORY_PATH, PAGE_PARAM } from '../inventory/pages.ts';
import type { RedirectRule } from './redirect-rule.ts';

export type { RedirectRule };

/** Where the inventory page function answers (functions/inventory-page.ts). */
export const INVENTORY_PAGE_FUNCTION = '/.netlify/functions/inventory-page';

/**
 * The inventory addresses that carry a filter or a page of a filtered list (docs/product.md
 * §Inventory): one rule per query parameter and address, so
 * `/new-inventory?street=legal&sort=price-asc&page=2` (any order, other parameters too) is
 * rendered by the inventory page function. Forced (`!`): a page exists at both addresses, and
 * Netlify would otherwise serve it. The plain addresses, without such a parameter, stay the
 * pre-rendered first page.
 */
export function inventoryRewrites(): RedirectRule[] {
  return [INVENTORY_PATH, INVENTORY_ALIAS].flatMap((from) =>
    [...inventoryFilterKeys, PAGE_PARAM].map((key) => ({ from, query: { [key]: `:${key}` }, to: INVENTORY_PAGE_FUNCTION, status: 200 as const, force: true })),
  );
}

/**
 * Every alias and rewrite the site answers, in one place (docs/product.md §Routes). The rules
 * are written to dist/_redirects by src/pages/[netlify_redirects].ts. Netlify applies an
 * unforced rule only where no page exists at that path, so a catch-all never shadows a real page.
 */
export function redirectRules(today = buildDay): RedirectRule[] {
  // Units sold too long ago and units removed from the data: their model page or the inventory
  // (docs/product.md §Units), in one hop from either vehicle address.
  const retired = lotAt(today).redirects.flatMap(({ id, to }) => [
    { from: `/vehicles/${id}`, to, status: 301 as const },
    { from: `/vehicle/${id}`, to, status: 301 as const },
  ]);
  return [
    ...inventoryRewrites(),
    { from: '/brands/denago', to: '/denago', status: 301 },
    { from: '/brands/evolution', to: '/evolution', status: 301 },
    ...retired,
    { from: '/vehicle/:id', to: '/vehicles/:id', status: 301 },
    // Town pages: /{town}-golf-carts, wrong types and county spellings (src/lib/towns/towns.ts).
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
