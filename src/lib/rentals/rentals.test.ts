import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schema } from '../../../data/schemas/rentals.ts';
import { DataFileError, parseDataFile } from '../data-file.ts';
import { deliveryFeeText, deliveryText, perDayText, rentalTermsList, reserveHref, savingsText } from './rentals.ts';

const terms = { delivery: { feePerMile: 6, includedMiles: 10 }, incrementHours: 24, earlyReturnRefunds: false, subjectToAvailability: true };

describe('rental texts', () => {
  it.each([
    [6.8, 'Save 6.8%'],
    [38.7, 'Save 38.7%'],
    [60.4, 'Save 60.4%'],
    [50, 'Save 50%'],
  ])('%d → %s', (percent, text) => {
    expect(savingsText(percent)).toBe(text);
  });

  it.each([
    [228.34, '$228.34 per day'],
    [116.67, '$116.67 per day'],
    [150, '$150 per day'],
    [94, '$94 per day'],
  ])('%d a day → %s', (amount, text) => {
    expect(perDayText(amount)).toBe(text);
  });

  it('states the delivery fee and the free distance', () => {
    expect(deliveryText(terms)).toBe('Free delivery within 10 miles');
    expect(deliveryFeeText(terms)).toBe('Delivery fee: $6 per mile beyond 10 miles.');
    expect(deliveryFeeText({ ...terms, delivery: { feePerMile: 6, includedMiles: 0 } })).toBe('Delivery fee: $6 per mile.');
    expect(deliveryText({ ...terms, delivery: { feePerMile: 6, includedMiles: 1 } })).toBe('Free delivery within 1 mile');
  });

  it('lists the rental terms', () => {
    expect(rentalTermsList(terms)).toEqual([
      'Delivery fee: $6 per mile beyond 10 miles.',
      'Rental periods are in 24-hour increments.',
      'No refunds for early returns.',
      'All rentals and prices are subject to availability.',
    ]);
  });

  it('RESERVE TODAY opens the reservation form on /rentals with the cart type and plan chosen', () => {
    const url = new URL(reserveHref('6-seater', 'monthly'), 'https://x.test');
    expect(url.pathname).toBe('/rentals');
    expect(url.hash).toBe('#reserve');
    expect(Object.fromEntries(url.searchParams)).toEqual({ group: '6-seater', plan: 'monthly' });
  });
});

describe('data/rentals.json', () => {
  const json = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'data', 'rentals.json'), 'utf8')) as {
    groups: { priceList: string }[];
    priceLists: ({ id: string } & Record<string, unknown>)[];
  };

  it('names the group whose price list does not exist', () => {
    const broken = structuredClone(json);
    broken.groups[2]!.priceList = 'utilty';
    expect(() => parseDataFile('rentals.json', schema, broken)).toThrow(DataFileError);
    expect(() => parseDataFile('rentals.json', schema, broken)).toThrow(/groups\[2\]\.priceList: no price list named "utilty"/);
  });

  it('needs all four plans in every price list', () => {
    const broken = structuredClone(json);
    delete broken.priceLists[0]!.weekly;
    expect(() => parseDataFile('rentals.json', schema, broken)).toThrow(/priceLists\[0\]\.weekly: this field is required/);
  });
});
