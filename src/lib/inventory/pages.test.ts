import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, filterChoices } from './filter.ts';
import { listPage, listPagePath, pageCount, pageFromPath, pageFromQuery, stateFromUrl, urlOfState } from './pages.ts';

const choices = filterChoices([{ value: 'denago', label: 'Denago' }], [{ value: 'rover', label: 'Rover' }], { under: 15000, over: 25000 });
const units = Array.from({ length: 40 }, (_, n) => n + 1);

describe('list pages (docs/product.md §Inventory)', () => {
  it('cut the list into pages of the page size; a page past the end reads as the last, a page before the first as the first', () => {
    expect(pageCount(0, 18)).toBe(1);
    expect(pageCount(18, 18)).toBe(1);
    expect(pageCount(19, 18)).toBe(2);
    expect(listPage(units, 1, 18)).toMatchObject({ page: 1, pageCount: 3, total: 40, first: 1, last: 18 });
    expect(listPage(units, 3, 18)).toMatchObject({ items: [37, 38, 39, 40], page: 3, first: 37, last: 40 });
    expect(listPage(units, 9, 18).page).toBe(3);
    expect(listPage(units, 0, 18).page).toBe(1);
    expect(listPage([], 2, 18)).toMatchObject({ items: [], page: 1, pageCount: 1, first: 0, last: 0 });
  });

  it('have their own address after the first; a filtered list is paged with ?page=', () => {
    expect(listPagePath('/new-inventory', 1)).toBe('/new-inventory');
    expect(listPagePath('/new-inventory', 4)).toBe('/new-inventory/4');
    expect(pageFromPath('/new-inventory/4')).toBe(4);
    expect(pageFromPath('/new-inventory')).toBeUndefined();
    expect(pageFromPath('/new-inventory/lot.json')).toBeUndefined();
    expect(pageFromQuery('?page=3')).toBe(3);
    for (const odd of ['?page=0', '?page=-2', '?page=2.5', '?page=x', '?page=', '']) expect(pageFromQuery(odd), odd).toBe(1);
  });

  it('read the state of an address: filters from the query, the page from the path or ?page=', () => {
    expect(stateFromUrl('/new-inventory/3', '', choices)).toEqual({ filters: DEFAULT_FILTERS, page: 3 });
    expect(stateFromUrl('/inventory', '?brand=Denago&page=2&utm_source=x', choices)).toEqual({ filters: { ...DEFAULT_FILTERS, brand: 'denago' }, page: 2 });
  });

  it('write the unfiltered list at its pages’ own addresses and a filtered or sorted one with its query, keeping other parameters', () => {
    const plain = DEFAULT_FILTERS;
    expect(urlOfState({ filters: plain, page: 1 }, '/new-inventory/3', '')).toBe('/new-inventory');
    expect(urlOfState({ filters: plain, page: 1 }, '/inventory', '?brand=denago')).toBe('/inventory');
    expect(urlOfState({ filters: plain, page: 2 }, '/inventory', '?utm_source=mail')).toBe('/new-inventory/2?utm_source=mail');
    expect(urlOfState({ filters: { ...plain, brand: 'denago' }, page: 2 }, '/new-inventory/3', '')).toBe('/new-inventory?brand=denago&page=2');
    expect(urlOfState({ filters: { ...plain, sort: 'price-asc' }, page: 1 }, '/inventory', '?page=4&utm_source=mail')).toBe(
      '/inventory?utm_source=mail&sort=price-asc',
    );
  });
});
