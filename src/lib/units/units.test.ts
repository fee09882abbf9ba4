import { describe, expect, it } from 'vitest';
import { readBuildDay as buildDay } from '../data/build-day.ts';
import { addDays, calendarDay, daysBetween } from './build-clock.ts';
import { modelSlugOf, retiredTarget, similarUnits, unitStage, type LotUnit } from './units.ts';

describe('the build clock', () => {
  it('takes BUILD_DATE when it is set, and today in the dealer time zone otherwise', () => {
    expect(buildDay({ BUILD_DATE: '2026-12-21' }, new Date('2026-11-23T12:00:00Z'))).toBe('2026-12-21');
    expect(buildDay({}, new Date('2026-11-23T12:00:00Z'))).toBe('2026-11-23');
    // 02:00 UTC is still the evening before in New Jersey.
    expect(buildDay({ BUILD_DATE: ' ' }, new Date('2026-11-24T02:00:00Z'))).toBe('2026-11-23');
    expect(calendarDay(new Date('2026-07-01T03:59:00Z'))).toBe('2026-06-30');
  });

  it('stops the build on a malformed BUILD_DATE', () => {
    expect(() => buildDay({ BUILD_DATE: '2026-02-30' }, new Date())).toThrow('BUILD_DATE must be a date written YYYY-MM-DD, found "2026-02-30"');
    expect(() => buildDay({ BUILD_DATE: 'tomorrow' }, new Date())).toThrow('BUILD_DATE');
  });

  it('counts whole days across months and years', () => {
    expect(daysBetween('2026-11-20', '2026-12-20')).toBe(30);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-11-20', '2026-11-19')).toBe(-1);
    expect(addDays('2026-11-20', 31)).toBe('2026-12-21');
  });
});

describe('a unit over time (docs/product.md §Units)', () => {
  const sold = { status: 'sold' as const, soldDate: '2026-11-20' };

  it('lists available and on-hold units whatever the date', () => {
    expect(unitStage({ status: 'available' }, '2030-01-01', 30)).toBe('listed');
    expect(unitStage({ status: 'on-hold' }, '2030-01-01', 30)).toBe('listed');
  });

  it('keeps a sold unit page for 30 days after its sold date, then retires it', () => {
    expect(unitStage(sold, '2026-11-20', 30)).toBe('sold-page');
    expect(unitStage(sold, '2026-12-20', 30)).toBe('sold-page');
    expect(unitStage(sold, '2026-12-21', 30)).toBe('gone');
    expect(unitStage({ status: 'sold' }, '2026-11-20', 30)).toBe('gone');
  });

  it('retires an address to the model page, or to the inventory when there is none', () => {
    const models = [{ slug: 'evolution-d5-maverick-4', brand: 'evolution', name: 'D5 Maverick 4' }];
    expect(modelSlugOf({ brand: 'evolution', model: 'd5 maverick 4' }, models)).toBe('evolution-d5-maverick-4');
    expect(modelSlugOf({ brand: 'denago', model: 'D5 Maverick 4' }, models)).toBeUndefined();
    expect(modelSlugOf({ brand: 'evolution' }, models)).toBeUndefined();
    expect(retiredTarget('evolution-d5-maverick-4')).toBe('/vehicles/evolution-d5-maverick-4');
    expect(retiredTarget(undefined)).toBe('/new-inventory');
  });
});

describe('similar units beside a sold one', () => {
  const unit = (id: string, brand: string, category: string | undefined, price: number, status: LotUnit['status'] = 'available'): LotUnit => ({
    id,
    brand,
    category,
    price,
    status,
  });
  const soldUnit = unit('sold', 'evolution', 'maverick', 12000, 'sold');
  const lot = [
    soldUnit,
    unit('far-same-category', 'evolution', 'maverick', 16000),
    unit('near-same-brand', 'evolution', 'turfman', 12500),
    unit('nearest-other-brand-same-category', 'denago', 'maverick', 11900),
    unit('near-but-on-hold', 'evolution', 'maverick', 12010, 'on-hold'),
    unit('unrelated', 'denago', 'rover', 12001),
    unit('tie-other-category', 'evolution', 'ranger', 11500),
    unit('tie-same-category', 'evolution', 'maverick', 12500),
  ];

  it('takes up to three available units of the same category or brand, nearest price first (ties: same category, then cheaper)', () => {
    expect(similarUnits(soldUnit, lot).map((u) => u.id)).toEqual(['nearest-other-brand-same-category', 'tie-same-category', 'tie-other-category']);
  });

  it('answers fewer, or none, when the lot has fewer like it', () => {
    expect(similarUnits(soldUnit, [soldUnit, unit('unrelated', 'denago', 'rover', 12000)])).toEqual([]);
  });

  it('never takes two units without a category for units of the same one', () => {
    const unfiled = unit('sold-unfiled', 'evolution', undefined, 9000, 'sold');
    expect(similarUnits(unfiled, [unfiled, unit('other-brand-unfiled', 'denago', undefined, 9000)])).toEqual([]);
  });
});
