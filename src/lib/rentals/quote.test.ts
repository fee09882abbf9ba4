import { describe, expect, it } from 'vitest';
import { reservationOptions } from '../data/reservation.ts';
import { cheapestCover, coverText, deliveryFee, quoteRental, rentalPeriods, wallClock, wallClockAt, type QuoteGroup } from './quote.ts';

const group = (id: string): QuoteGroup => {
  const found = reservationOptions.groups.find((g) => g.id === id);
  if (!found) throw new Error(`no group ${id}`);
  return found;
};
const terms = reservationOptions.terms;

// Cheapest cover per cart, worked out by hand from the plan prices of docs/product.md §Rentals:
// 4 Seater and Utility: daily 245, 3 day 685, weekly 1050, monthly (30 days) 2800;
// 6 Seater: daily 295, 3 day 735, weekly 1400, monthly 3500.
const STANDARD: [periods: number, plans: string, covered: number, price: number][] = [
  [1, 'daily', 1, 245],
  [2, '2 × daily', 2, 490],
  [3, '3 day', 3, 685],
  [4, '3 day + daily', 4, 930],
  [5, 'weekly', 7, 1050], // 3 day + 2 daily would be 1175
  [6, 'weekly', 7, 1050],
  [7, 'weekly', 7, 1050],
  [8, 'weekly + daily', 8, 1295],
  [10, 'weekly + 3 day', 10, 1735],
  [14, '2 × weekly', 14, 2100],
  [21, 'monthly', 30, 2800], // 3 weekly would be 3150
  [29, 'monthly', 30, 2800],
  [30, 'monthly', 30, 2800],
  [31, 'monthly + daily', 31, 3045],
  [45, 'monthly + 2 × weekly + daily', 45, 5145],
];
const SIX_SEATER: typeof STANDARD = [
  [1, 'daily', 1, 295],
  [2, '2 × daily', 2, 590],
  [3, '3 day', 3, 735],
  [4, '3 day + daily', 4, 1030],
  [5, '3 day + 2 × daily', 5, 1325], // the weekly plan would be 1400
  [6, 'weekly', 7, 1400], // 2 × 3 day would be 1470
  [7, 'weekly', 7, 1400],
  [8, 'weekly + daily', 8, 1695],
  [10, 'weekly + 3 day', 10, 2135],
  [14, '2 × weekly', 14, 2800],
  [21, 'monthly', 30, 3500], // 3 weekly would be 4200
  [29, 'monthly', 30, 3500],
  [30, 'monthly', 30, 3500],
  [31, 'monthly + daily', 31, 3795],
  [45, 'monthly + 2 × weekly + daily', 45, 6595],
];

describe.each([
  ['4-seater', STANDARD],
  ['6-seater', SIX_SEATER],
  ['utility', STANDARD],
] as const)('the cheapest cover of a %s', (id, table) => {
  it.each(table)('%i periods: %s, covering %i days, $%i per cart', (periods, plans, covered, price) => {
    const cover = cheapestCover(group(id).plans, periods);
    expect(coverText(cover)).toBe(plans);
    expect(cover.days).toBe(covered);
    expect(cover.price).toBe(price);
    expect(cover.lines.reduce((sum, line) => sum + line.count * line.price, 0)).toBe(price);
  });
});

describe('cheapestCover', () => {
  it('refuses zero, negative and fractional periods', () => {
    for (const periods of [0, -1, 1.5]) expect(() => cheapestCover(group('4-seater').plans, periods)).toThrow(RangeError);
  });

  it('quotes the shorter cover when two cost the same', () => {
    const plans = [
      { key: 'a', title: 'A', days: 1, price: 10 },
      { key: 'b', title: 'B', days: 2, price: 20 },
    ];
    expect(cheapestCover(plans, 1)).toMatchObject({ days: 1, price: 10 });
  });
});

describe('deliveryFee: $6 a mile beyond the first 10 miles, once, in whole dollars', () => {
  it.each([
    [0, 0],
    [9.9, 0],
    [10, 0],
    [10.4, 2], // 0.4 × 6 = 2.40
    [10.5, 3],
    [11, 6],
    [12.25, 14], // 2.25 × 6 = 13.50 rounds up
    [22, 72],
    [38, 168],
  ])('%s miles cost $%s', (miles, fee) => {
    expect(deliveryFee(miles, terms)).toBe(fee);
  });

  it('charges nothing for a town at exactly 10 miles', () => {
    const tenMiles = reservationOptions.places.find((p) => p.miles === 10);
    expect(tenMiles, 'a town 10 miles from the showroom').toBeDefined();
    expect(quoteRental({ group: group('4-seater'), periods: 1, quantity: 1, place: tenMiles }, terms)).toMatchObject({ deliveryFee: 0, total: 245 });
  });
});

describe('quoteRental', () => {
  it('10 days of one 6 Seater picked up at the showroom', () => {
    expect(quoteRental({ group: group('6-seater'), periods: 10, quantity: 1 }, terms)).toMatchObject({
      group: { id: '6-seater', name: '6 Seater' },
      breakdown: 'weekly + 3 day per cart',
      rental: 2135,
      delivery: { kind: 'pickup' },
      deliveryFee: 0,
      total: 2135,
    });
  });

  it('6 days of two 4 Seaters delivered 38 miles: two weekly plans and one delivery fee', () => {
    const place = { slug: 'far', name: 'Far Town', miles: 38 };
    expect(quoteRental({ group: group('4-seater'), periods: 6, quantity: 2, place }, terms)).toMatchObject({
      breakdown: 'weekly per cart',
      cover: { days: 7, price: 1050 },
      rental: 2100,
      delivery: { kind: 'delivery', place, billableMiles: 28 },
      deliveryFee: 168,
      total: 2268,
    });
  });

  it('charges the delivery fee once however many carts', () => {
    const place = { slug: 'x', name: 'X', miles: 20 };
    const one = quoteRental({ group: group('utility'), periods: 3, quantity: 1, place }, terms);
    const ten = quoteRental({ group: group('utility'), periods: 3, quantity: 10, place }, terms);
    expect([one.deliveryFee, ten.deliveryFee]).toEqual([60, 60]);
    expect([one.total, ten.total]).toEqual([685 + 60, 6850 + 60]);
  });

  it('refuses 0 carts', () => {
    expect(() => quoteRental({ group: group('4-seater'), periods: 1, quantity: 0 }, terms)).toThrow(RangeError);
  });
});

describe('rentalPeriods: 24-hour periods, a started one counts whole', () => {
  const at = (date: string, time: string) => wallClock(date, time)!;
  it.each([
    ['2026-06-01', '10:00', '2026-06-02', '10:00', 1],
    ['2026-06-01', '10:00', '2026-06-01', '10:01', 1],
    ['2026-06-01', '10:00', '2026-06-02', '10:01', 2],
    ['2026-06-01', '10:00', '2026-06-11', '10:00', 10],
    ['2026-06-01', '10:00', '2026-06-11', '09:00', 10],
    // Daylight saving ends on November 1, 2026: still one period for one calendar day.
    ['2026-10-31', '10:00', '2026-11-01', '10:00', 1],
    ['2026-06-01', '10:00', '2026-06-01', '10:00', 0],
    ['2026-06-02', '10:00', '2026-06-01', '10:00', 0],
  ])('%s %s to %s %s: %i', (fromDate, fromTime, toDate, toTime, periods) => {
    expect(rentalPeriods(at(fromDate, fromTime), at(toDate, toTime), 24)).toBe(periods);
  });

  it('reads only real dates and times', () => {
    expect(wallClock('2026-02-30', '10:00')).toBeUndefined();
    expect(wallClock('2026-06-01', '24:00')).toBeUndefined();
    expect(wallClock('June 1', '10:00')).toBeUndefined();
    expect(wallClock('2028-02-29', '23:59')).toBe(Date.UTC(2028, 1, 29, 23, 59));
  });

  it("reads the showroom's clock in its time zone", () => {
    // 14:30 UTC on June 1 is 10:30 in New Jersey (EDT), 09:30 on December 1 (EST).
    expect(wallClockAt(Date.UTC(2026, 5, 1, 14, 30), 'America/New_York')).toBe(Date.UTC(2026, 5, 1, 10, 30));
    expect(wallClockAt(Date.UTC(2026, 11, 1, 14, 30), 'America/New_York')).toBe(Date.UTC(2026, 11, 1, 9, 30));
  });
});
