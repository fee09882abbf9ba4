import { describe, expect, it } from 'vitest';
import { brandCardBadge, categoryLabel, detailBadge, seatsAndCategory, seatsLabel, specLabel, specRows } from './display.ts';

describe('detailBadge', () => {
  it.each([
    [true, true, 'NEW'],
    [false, true, 'NEW'],
    [true, false, 'In Stock'],
    [false, false, 'Out of Stock'],
  ] as const)('inStock %s, isNew %s → %s', (inStock, isNew, badge) => {
    expect(detailBadge({ inStock, isNew })).toBe(badge);
  });
});

describe('brandCardBadge', () => {
  it('is In Stock or Contact Us', () => {
    expect(brandCardBadge({ inStock: true })).toBe('In Stock');
    expect(brandCardBadge({ inStock: false })).toBe('Contact Us');
  });
});

describe('specifications', () => {
  it.each([
    ['topSpeed', 'Top Speed'],
    ['range', 'Range'],
    ['seatingCapacity', 'Seating Capacity'],
    ['batteryType', 'Battery Type'],
    ['chargingTime', 'Charging Time'],
    ['payload', 'Payload'],
    ['towingCapacity', 'Towing Capacity'],
    ['groundClearance', 'Ground Clearance'],
    ['bed_size', 'Bed Size'],
    ['motorHP', 'Motor HP'],
    ['usbPorts2', 'Usb Ports2'],
  ])('%s → %s', (key, label) => {
    expect(specLabel(key)).toBe(label);
  });

  it('lists every key in order, numbers as text', () => {
    expect(specRows({ topSpeed: '25 mph', seatingCapacity: 4, lift: '6 in' })).toEqual([
      { key: 'topSpeed', label: 'Top Speed', value: '25 mph' },
      { key: 'seatingCapacity', label: 'Seating Capacity', value: '4' },
      { key: 'lift', label: 'Lift', value: '6 in' },
    ]);
  });
});

describe('labels', () => {
  it('spells categories and seats', () => {
    expect(categoryLabel('turfman')).toBe('Turfman');
    expect(seatsLabel(4)).toBe('4 seats');
    expect(seatsLabel(1)).toBe('1 seat');
  });

  it.each([
    [4, 'ranger', '4 seats · Ranger'],
    [undefined, 'ranger', 'Ranger'],
    [6, undefined, '6 seats'],
    [undefined, undefined, ''],
  ])('a card says of %s seats and category %s: "%s" (an imported unit states neither yet)', (seats, category, line) => {
    expect(seatsAndCategory(seats, category)).toBe(line);
  });
});
