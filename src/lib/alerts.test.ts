import { describe, expect, it } from 'vitest';
import {
  alertEndsWith,
  alertMatches,
  alertTitle,
  changeKey,
  compareLots,
  NO_FILTERS,
  type Alert,
  type AlertNames,
  type LotChange,
  type PublishedUnit,
} from './alerts.ts';

const edges = { under: 15000, over: 25000 };

function unit(id: string, overrides: Partial<PublishedUnit> = {}): PublishedUnit {
  return {
    id,
    name: `Cart ${id}`,
    description: 'A lithium cart with a rear flip seat.',
    brand: 'denago',
    category: 'rover',
    price: 14000,
    status: 'available',
    streetLegal: false,
    stockNumber: `S-${id}`,
    ...overrides,
  };
}

const kinds = (changes: readonly LotChange[]) => changes.map((change) => `${change.kind}:${change.unit.id}${change.was ? `<${change.was}` : ''}`);

describe('compareLots', () => {
  it('names each kind of change once, in the order of the new lot, then what left the data', () => {
    const before = [
      unit('kept'),
      unit('cheaper', { price: 13000 }),
      unit('held', { status: 'on-hold' }),
      unit('sells'),
      unit('removed'),
      unit('gone-sold', { status: 'sold' }),
    ];
    const after = [
      unit('arrives'),
      unit('kept'),
      unit('cheaper', { price: 12000 }),
      unit('held'),
      unit('sells', { status: 'sold' }),
      unit('gone-sold', { status: 'sold' }),
      unit('arrives-held', { status: 'on-hold' }),
    ];
    after[3] = unit('held', { status: 'available' });
    expect(kinds(compareLots(before, after))).toEqual(['new:arrives', 'price-drop:cheaper<13000', 'back:held', 'sold:sells', 'sold:removed']);
  });

  it('sees nothing in the same lot twice, nor in a price that goes up or a unit put on hold', () => {
    const lot = [unit('a'), unit('b', { status: 'on-hold' })];
    expect(compareLots(lot, lot)).toEqual([]);
    expect(compareLots([unit('a')], [unit('a', { price: 15000 })])).toEqual([]);
    expect(compareLots([unit('a')], [unit('a', { status: 'on-hold' })])).toEqual([]);
  });

  it('a unit freed at a lower price is back, with the price it was', () => {
    expect(kinds(compareLots([unit('a', { status: 'on-hold', price: 16000 })], [unit('a', { price: 15000 })]))).toEqual(['back:a<16000']);
  });
});

describe('alertMatches', () => {
  const change = (kind: LotChange['kind'], overrides: Partial<PublishedUnit> = {}, was?: number): LotChange => ({
    kind,
    unit: unit('u1', { model: 'denago-ev-rover-xl', ...overrides }),
    ...(was ? { was } : {}),
  });
  const cases: [string, Alert, LotChange, boolean][] = [
    ['arrivals with no filter: a new unit', { kind: 'arrivals', filters: NO_FILTERS }, change('new'), true],
    ['arrivals: a unit back to available', { kind: 'arrivals', filters: NO_FILTERS }, change('back'), true],
    ['arrivals: not a price drop', { kind: 'arrivals', filters: NO_FILTERS }, change('price-drop', {}, 15000), false],
    ['arrivals: not a sale', { kind: 'arrivals', filters: NO_FILTERS }, change('sold'), false],
    ['arrivals of a brand: another brand', { kind: 'arrivals', filters: { ...NO_FILTERS, brand: 'evolution' } }, change('new'), false],
    ['arrivals in a price band', { kind: 'arrivals', filters: { ...NO_FILTERS, price: 'under-15000' } }, change('new'), true],
    ['arrivals out of the price band', { kind: 'arrivals', filters: { ...NO_FILTERS, price: 'over-25000' } }, change('new'), false],
    ['arrivals street legal: a golf cart', { kind: 'arrivals', filters: { ...NO_FILTERS, street: 'legal' } }, change('new'), false],
    ['arrivals by search words', { kind: 'arrivals', filters: { ...NO_FILTERS, search: 'FLIP seat' } }, change('new'), true],
    ['arrivals of a model', { kind: 'arrivals', filters: NO_FILTERS, model: 'denago-ev-rover-xl' }, change('new'), true],
    ['arrivals of another model', { kind: 'arrivals', filters: NO_FILTERS, model: 'denago-ev-city' }, change('new'), false],
    ['price: its unit drops', { kind: 'price', unit: 'u1' }, change('price-drop', {}, 15000), true],
    ['price: another unit drops', { kind: 'price', unit: 'u2' }, change('price-drop', {}, 15000), false],
    ['price: its unit sells', { kind: 'price', unit: 'u1' }, change('sold'), true],
    ['price: back at the same price', { kind: 'price', unit: 'u1' }, change('back'), false],
    ['price: back at a lower price', { kind: 'price', unit: 'u1' }, change('back', {}, 15000), true],
    ['free: its unit comes free', { kind: 'free', unit: 'u1' }, change('back'), true],
    ['free: its unit sells', { kind: 'free', unit: 'u1' }, change('sold'), true],
    ['free: not a new unit', { kind: 'free', unit: 'u1' }, change('new'), false],
  ];
  it.each(cases)('%s', (_name, alert, lotChange, expected) => {
    expect(alertMatches(alert, lotChange, edges)).toBe(expected);
  });

  it('an alert about one unit ends when it sells; "free" also when it comes free; arrivals never', () => {
    expect(alertEndsWith({ kind: 'price', unit: 'u1' }, change('sold'))).toBe(true);
    expect(alertEndsWith({ kind: 'price', unit: 'u1' }, change('price-drop', {}, 15000))).toBe(false);
    expect(alertEndsWith({ kind: 'free', unit: 'u1' }, change('back'))).toBe(true);
    expect(alertEndsWith({ kind: 'free', unit: 'u2' }, change('back'))).toBe(false);
    expect(alertEndsWith({ kind: 'arrivals', filters: NO_FILTERS }, change('new'))).toBe(false);
  });

  it('names a change by kind, unit and price', () => {
    expect(changeKey(change('price-drop', { price: 12000 }, 15000))).toBe('price-drop:u1:12000');
  });
});

describe('alertTitle', () => {
  const names: AlertNames = {
    brand: (slug) => ({ denago: 'Denago', evolution: 'Evolution' })[slug] ?? slug,
    category: (slug) => slug.charAt(0).toUpperCase() + slug.slice(1),
    model: (slug) => (slug === 'denago-ev-rover-xl' ? 'Denago EV Rover XL' : undefined),
    unit: (id) => (id === 'u1' ? { name: 'Denago EV Rover XL (Red)', stockNumber: 'BGC-1' } : undefined),
  };
  const cases: [Alert, string][] = [
    [{ kind: 'arrivals', filters: NO_FILTERS }, 'New carts on the lot'],
    [
      { kind: 'arrivals', filters: { search: 'lifted', brand: 'denago', category: 'rover', price: 'under-15000', street: 'legal' } },
      'New carts: Denago, Rover series, under $15,000, street legal, matching your search words',
    ],
    [{ kind: 'arrivals', filters: { ...NO_FILTERS, price: '15000-25000' } }, 'New carts: $15,000 to $25,000'],
    [{ kind: 'arrivals', filters: NO_FILTERS, model: 'denago-ev-rover-xl' }, 'New arrivals: Denago EV Rover XL'],
    [{ kind: 'price', unit: 'u1' }, 'Price drops: Denago EV Rover XL (Red) (stock #BGC-1)'],
    [{ kind: 'free', unit: 'u1' }, 'When it comes free: Denago EV Rover XL (Red) (stock #BGC-1)'],
    [{ kind: 'free', unit: 'gone' }, 'When it comes free: a cart that has left the lot'],
  ];
  it.each(cases)('%j → %s', (alert, title) => {
    expect(alertTitle(alert, names, edges)).toBe(title);
  });

  it('shows the search words only where the subscriber asked for them', () => {
    const alert: Alert = { kind: 'arrivals', filters: { ...NO_FILTERS, search: 'visit scam.example' } };
    expect(alertTitle(alert, names, edges)).not.toContain('scam');
    expect(alertTitle(alert, names, edges, { withSearch: true })).toBe('New carts: matching “visit scam.example”');
  });
});
