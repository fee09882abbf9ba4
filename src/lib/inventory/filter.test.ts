import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  filterChoices,
  filterVehicles,
  filtersFromQuery,
  hasActiveFilters,
  inPriceBand,
  matchesFilters,
  priceBandValues,
  queryFromFilters,
  sortVehicles,
  type FilterableVehicle,
  type InventoryFilters,
} from './filter.ts';

// docs/product.md §Inventory: price bands at 15000 and 25000.
const edges = { under: 15000, over: 25000 };
const f = (overrides: Partial<InventoryFilters>): InventoryFilters => ({ ...DEFAULT_FILTERS, ...overrides });

const rover: FilterableVehicle = {
  name: 'Denago EV Rover XL',
  description: 'Lifted off-road cart with disc brakes',
  brand: 'denago',
  category: 'rover',
  price: 14495,
};
const maverick: FilterableVehicle = {
  name: 'Evolution D5 Maverick 4 Plus',
  description: 'Four-passenger LITHIUM cart',
  brand: 'evolution',
  category: 'maverick',
  price: 15000,
};
const forester: FilterableVehicle = {
  name: 'Evolution Forester 4 Plus',
  description: 'Trail cart with a cargo bed',
  brand: 'Evolution',
  category: 'forester',
  price: 25000,
};
const custom: FilterableVehicle = { name: 'Custom Rover XXL', description: 'Eight seats, matte paint', brand: 'denago', category: 'rover', price: 25001 };
const lot = [rover, maverick, forester, custom];

describe('search (case-insensitive substring of name or description)', () => {
  it.each([
    ['rover', [rover, custom]],
    ['ROVER', [rover, custom]],
    ['Maverick 4', [maverick]],
    ['lithium', [maverick]],
    ['cargo bed', [forester]],
    ['d5 mav', [maverick]],
    ['4 plus', [maverick, forester]],
    ['  rover  ', [rover, custom]],
    ['', lot],
    ['   ', lot],
    ['helicopter', []],
  ])('%j', (search, expected) => {
    expect(filterVehicles(lot, f({ search }), edges)).toEqual(expected);
  });

  it('matches the description even when the name does not', () => {
    expect(matchesFilters(rover, f({ search: 'disc brakes' }), edges)).toBe(true);
  });

  it('treats regular-expression characters as text', () => {
    expect(filterVehicles(lot, f({ search: '.*' }), edges)).toEqual([]);
    expect(filterVehicles(lot, f({ search: '(' }), edges)).toEqual([]);
  });
});

describe('brand (case-insensitive equality)', () => {
  it.each([
    ['denago', [rover, custom]],
    ['DENAGO', [rover, custom]],
    ['evolution', [maverick, forester]],
    ['Evolution', [maverick, forester]],
    ['all', lot],
    ['', lot],
  ])('%j', (brand, expected) => {
    expect(filterVehicles(lot, f({ brand }), edges)).toEqual(expected);
  });

  it('is equality, not a substring', () => {
    expect(filterVehicles(lot, f({ brand: 'den' }), edges)).toEqual([]);
    expect(filterVehicles(lot, f({ brand: 'denago2' }), edges)).toEqual([]);
  });
});

describe('category (substring)', () => {
  it.each([
    ['rover', [rover, custom]],
    ['maverick', [maverick]],
    ['ver', [rover, maverick, custom]],
    ['over', [rover, custom]],
    ['est', [forester]],
    ['Rover', [rover, custom]],
    ['all', lot],
    ['turfman', []],
  ])('%j', (category, expected) => {
    expect(filterVehicles(lot, f({ category }), edges)).toEqual(expected);
  });

  it('lists a unit without a category (imported, not yet filed by an editor) under "all" only', () => {
    const unfiled: FilterableVehicle = {
      name: 'Evolution Classic 4 Pro',
      description: '2026 Evolution Classic 4 Pro in Red.',
      brand: 'evolution',
      price: 9995,
    };
    expect(filterVehicles([...lot, unfiled], f({ category: 'all' }), edges)).toContain(unfiled);
    for (const category of ['rover', 'maverick', 'forester']) expect(filterVehicles([unfiled], f({ category }), edges)).toEqual([]);
  });
});

describe('price bands (15000 and 25000 belong to the middle band)', () => {
  const bands = priceBandValues(edges);

  it('has the three band values', () => {
    expect(bands).toEqual({ under: 'under-15000', between: '15000-25000', over: 'over-25000' });
  });

  it.each([
    [14999, 'under-15000', true],
    [15000, 'under-15000', false],
    [14999.99, 'under-15000', true],
    [14999, '15000-25000', false],
    [15000, '15000-25000', true],
    [20000, '15000-25000', true],
    [25000, '15000-25000', true],
    [25000.01, '15000-25000', false],
    [25000, 'over-25000', false],
    [25001, 'over-25000', true],
    [0, 'all', true],
    [99999, 'all', true],
    [99999, 'no-such-band', true],
  ])('%d in %s: %s', (price, band, expected) => {
    expect(inPriceBand(price, band, edges)).toBe(expected);
  });

  it('filters the lot', () => {
    expect(filterVehicles(lot, f({ price: 'under-15000' }), edges)).toEqual([rover]);
    expect(filterVehicles(lot, f({ price: '15000-25000' }), edges)).toEqual([maverick, forester]);
    expect(filterVehicles(lot, f({ price: 'over-25000' }), edges)).toEqual([custom]);
  });

  it('follows other edges', () => {
    expect(priceBandValues({ under: 10000, over: 20000 }).between).toBe('10000-20000');
    expect(inPriceBand(10000, '10000-20000', { under: 10000, over: 20000 })).toBe(true);
  });
});

describe('filters combine', () => {
  it.each<[Partial<InventoryFilters>, FilterableVehicle[]]>([
    [{ brand: 'denago', price: 'under-15000' }, [rover]],
    [{ brand: 'denago', price: 'over-25000' }, [custom]],
    [{ brand: 'evolution', category: 'forester' }, [forester]],
    [{ brand: 'evolution', category: 'rover' }, []],
    [{ search: 'rover', category: 'rover', brand: 'denago', price: '15000-25000' }, []],
    [{ search: '4 plus', price: '15000-25000' }, [maverick, forester]],
    [{ search: '4 plus', brand: 'evolution', category: 'maverick', price: '15000-25000' }, [maverick]],
  ])('%j', (filters, expected) => {
    expect(filterVehicles(lot, f(filters), edges)).toEqual(expected);
  });

  it('keeps the order of the lot', () => {
    expect(filterVehicles([custom, rover], f({ brand: 'denago' }), edges)).toEqual([custom, rover]);
  });
});

describe('hasActiveFilters', () => {
  it('is false for the defaults and blank search, true for any filter', () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters(f({ search: '  ' }))).toBe(false);
    expect(hasActiveFilters(f({ search: 'x' }))).toBe(true);
    expect(hasActiveFilters(f({ price: 'over-25000' }))).toBe(true);
  });
});

describe('the URL query', () => {
  const choices = filterChoices(
    [
      { value: 'denago', label: 'Denago' },
      { value: 'evolution', label: 'Evolution' },
    ],
    ['ranger', 'maverick', 'forester', 'turfman', 'rover'].map((value) => ({ value, label: value })),
    edges,
  );

  it('offers the brand, category and price options, "all" first', () => {
    expect(choices.brand.map((o) => o.value)).toEqual(['all', 'denago', 'evolution']);
    expect(choices.category.map((o) => o.value)).toEqual(['all', 'ranger', 'maverick', 'forester', 'turfman', 'rover']);
    expect(choices.price).toEqual([
      { value: 'all', label: 'All Prices' },
      { value: 'under-15000', label: 'Under $15,000' },
      { value: '15000-25000', label: '$15,000 - $25,000' },
      { value: 'over-25000', label: 'Over $25,000' },
    ]);
  });

  it('reads every filter', () => {
    expect(filtersFromQuery('?search=Lifted%20cart&brand=denago&category=rover&price=over-25000&street=legal&sort=price-desc', choices)).toEqual({
      search: 'Lifted cart',
      brand: 'denago',
      category: 'rover',
      price: 'over-25000',
      street: 'legal',
      sort: 'price-desc',
    });
  });

  it('reads an unknown street or sort value as no filter and the lot order', () => {
    expect(filtersFromQuery('?street=yes&sort=cheapest', choices)).toMatchObject({ street: '', sort: 'featured' });
    expect(filtersFromQuery('?street=LEGAL&sort=Newest', choices)).toMatchObject({ street: 'legal', sort: 'newest' });
  });

  it('reads missing, unknown and oddly cased values safely', () => {
    expect(filtersFromQuery('', choices)).toEqual(DEFAULT_FILTERS);
    expect(filtersFromQuery('?brand=Denago&category=ROVER', choices)).toMatchObject({ brand: 'denago', category: 'rover' });
    expect(filtersFromQuery('?brand=tesla&category=boat&price=free', choices)).toEqual(DEFAULT_FILTERS);
    expect(filtersFromQuery(`?search=${'a'.repeat(500)}`, choices).search).toHaveLength(100);
    expect(filtersFromQuery('?search=%3Cscript%3E', choices).search).toBe('<script>');
  });

  it('writes only what filters, and keeps other parameters', () => {
    expect(queryFromFilters(DEFAULT_FILTERS)).toBe('');
    expect(queryFromFilters(f({ search: ' rover ', brand: 'denago' }))).toBe('?search=rover&brand=denago');
    expect(queryFromFilters(f({ price: '15000-25000' }), '?utm_source=mail&brand=evolution')).toBe('?utm_source=mail&price=15000-25000');
    expect(queryFromFilters(DEFAULT_FILTERS, '?utm_source=mail&search=x')).toBe('?utm_source=mail');
  });

  it('round-trips', () => {
    const filters = f({ search: 'D5 & co', brand: 'evolution', category: 'maverick', price: 'under-15000' });
    expect(filtersFromQuery(queryFromFilters(filters), choices)).toEqual(filters);
  });
});

describe('street legal only and the sort (docs/product.md §Inventory)', () => {
  const lot = [
    {
      id: 'a',
      name: 'A',
      description: '',
      brand: 'denago',
      category: 'rover',
      price: 14995,
      streetLegal: true,
      listedDate: '2026-10-07',
      estimatedPayment: { monthly: 266 },
    },
    {
      id: 'b',
      name: 'B',
      description: '',
      brand: 'evolution',
      category: 'turfman',
      price: 13495,
      streetLegal: false,
      listedDate: '2026-11-10',
      estimatedPayment: { monthly: 241 },
    },
    {
      id: 'c',
      name: 'C',
      description: '',
      brand: 'evolution',
      category: 'maverick',
      price: 12995,
      streetLegal: true,
      listedDate: '2026-10-02',
      estimatedPayment: { monthly: 325 },
    },
    {
      id: 'd',
      name: 'D',
      description: '',
      brand: 'evolution',
      category: 'maverick',
      price: 13995,
      listedDate: '2026-11-10',
      estimatedPayment: { monthly: 249 },
    },
  ];
  const edges = { under: 15000, over: 25000 };
  const ids = (list: readonly { id: string }[]) => list.map((v) => v.id);

  it('keeps only street-legal units, and a unit without the fact is not one', () => {
    expect(ids(filterVehicles(lot, f({ street: 'legal' }), edges))).toEqual(['a', 'c']);
    expect(ids(filterVehicles(lot, f({ street: '' }), edges))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('sorts by price both ways, newest listed first and lowest payment first; ties keep the lot order', () => {
    expect(ids(sortVehicles(lot, 'price-asc'))).toEqual(['c', 'b', 'd', 'a']);
    expect(ids(sortVehicles(lot, 'price-desc'))).toEqual(['a', 'd', 'b', 'c']);
    expect(ids(sortVehicles(lot, 'newest'))).toEqual(['b', 'd', 'a', 'c']);
    expect(ids(sortVehicles(lot, 'payment'))).toEqual(['b', 'd', 'a', 'c']);
    expect(ids(sortVehicles(lot, 'featured'))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('writes both to the URL, leaving defaults out, and counts only the street filter as narrowing', () => {
    expect(queryFromFilters(f({ street: 'legal', sort: 'payment' }))).toBe('?street=legal&sort=payment');
    expect(queryFromFilters(f({ sort: 'featured' }))).toBe('');
    expect(hasActiveFilters(f({ sort: 'price-asc' }))).toBe(false);
    expect(hasActiveFilters(f({ street: 'legal' }))).toBe(true);
  });
});
