import { describe, expect, it } from 'vitest';
import { ALL, DEFAULT_FILTERS, filterChoices, filtersFromQuery, filterVehicles, hasActiveFilters, queryFromFilters, sameFilters } from '../inventory/filter.ts';

// The Location filter of a site with several stores (docs/product.md §Stores); with one store the
// choices have no Location and the filters no `store`.
const edges = { under: 15000, over: 25000 };
const stores = [
  { value: 'mount-holly', label: 'Mount Holly' },
  { value: 'medford', label: 'Medford' },
];
const several = filterChoices([], [], edges, stores);
const one = filterChoices([], [], edges);
const unit = (name: string, store: string) => ({ name, description: '', brand: 'denago', category: 'rover', price: 10000, lot: { store } });

describe('the Location filter', () => {
  it('exists only with several stores, "All Locations" first', () => {
    expect(one.store).toBeUndefined();
    expect(filtersFromQuery('?store=medford', one)).toEqual(DEFAULT_FILTERS);
    expect(several.store?.map((option) => option.label)).toEqual(['All Locations', 'Mount Holly', 'Medford']);
  });

  it('reads ?store= case-insensitively, an unknown store as all, and writes it back', () => {
    expect(filtersFromQuery('?store=Medford', several).store).toBe('medford');
    expect(filtersFromQuery('?store=nowhere', several).store).toBe(ALL);
    const filters = { ...DEFAULT_FILTERS, store: 'medford' };
    expect(queryFromFilters(filters, '?utm_source=x&store=mount-holly')).toBe('?utm_source=x&store=medford');
    expect(queryFromFilters({ ...filters, store: ALL })).toBe('');
  });

  it('lists the units of the chosen store only, and counts as a filter', () => {
    const lot = [unit('a', 'medford'), unit('b', 'mount-holly'), unit('c', 'medford')];
    expect(filterVehicles(lot, { ...DEFAULT_FILTERS, store: 'medford' }, edges).map((each) => each.name)).toEqual(['a', 'c']);
    expect(filterVehicles(lot, { ...DEFAULT_FILTERS, store: ALL }, edges)).toHaveLength(3);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, store: 'medford' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, store: ALL })).toBe(false);
    expect(sameFilters(DEFAULT_FILTERS, { ...DEFAULT_FILTERS, store: ALL })).toBe(true);
    expect(sameFilters(DEFAULT_FILTERS, { ...DEFAULT_FILTERS, store: 'medford' })).toBe(false);
  });
});
