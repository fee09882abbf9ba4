import { describe, expect, it } from 'vitest';
import { FILTER_KEYS } from '../inventory/filter.ts';
import { PAGE_PARAM } from '../inventory/pages.ts';
import { formatRedirects, INVENTORY_PAGE_FUNCTION, inventoryRewrites, redirectRules } from './redirects.ts';

describe('the inventory rewrites (docs/product.md §Inventory)', () => {
  const keys = [...FILTER_KEYS, PAGE_PARAM];

  it('send each filter parameter and the page of a filtered list, on both inventory addresses, to the inventory page function, forced', () => {
    const rules = inventoryRewrites();
    expect(rules).toHaveLength(keys.length * 2);
    for (const from of ['/new-inventory', '/inventory']) {
      for (const key of keys) {
        expect(rules).toContainEqual({ from, query: { [key]: `:${key}` }, to: INVENTORY_PAGE_FUNCTION, status: 200, force: true });
      }
    }
  });

  it('come first, so no other rule of the same address wins', () => {
    const rules = redirectRules('2026-11-23');
    expect(rules.slice(0, keys.length * 2)).toEqual(inventoryRewrites());
    expect(rules.slice(keys.length * 2).some((rule) => rule.from === '/new-inventory' || rule.from === '/inventory')).toBe(false);
  });
});

describe('formatRedirects', () => {
  it('writes Netlify lines: from, query conditions, to, status with ! when forced; aligned', () => {
    const text = formatRedirects([
      { from: '/new-inventory', query: { sort: ':sort' }, to: '/.netlify/functions/inventory-page', status: 200, force: true },
      { from: '/brands/denago', to: '/denago', status: 301 },
      { from: '/a', query: { id: ':id', tag: ':tag' }, to: '/b/:tag/:id', status: 302 },
    ]);
    expect(text).toBe(
      [
        '/new-inventory  sort=:sort  /.netlify/functions/inventory-page  200!',
        '/brands/denago              /denago  301',
        '/a  id=:id  tag=:tag        /b/:tag/:id  302',
        '',
      ].join('\n'),
    );
  });
});
