import { describe, expect, it } from 'vitest';
import dealerJson from '../../../data/dealer.json';
import mountHolly from '../../../data/stores/mount-holly.json';
import { SECOND_STORE } from '../../../tests/fixtures/second-store.ts';
import { reservationOptions, reservationOptionsFor } from '../data/reservation.ts';
import { parseStores } from '../data/stores.ts';
import { checkDrivingMiles, municipalities } from '../data/towns.ts';
import { deliveryLabel, quoteLines, SHOWROOM, validateReservation } from '../leads/reservation.ts';
import { distanceText, milesBetween, servingStore, storeDistances } from './stores.ts';

// The distances of several stores (docs/decisions/store-distances.md) and the rental delivery
// counted from the store nearest the town (docs/product.md §Stores), over the real towns and a
// second store in Medford (tests/fixtures/second-store.ts).

const [main, second] = parseStores({ 'mount-holly.json': mountHolly, 'medford.json': SECOND_STORE }, dealerJson);
const stores = [main!, second!];
const town = (slug: string) => municipalities.find((candidate) => candidate.slug === slug)!;

describe('a place’s distance from each store', () => {
  const place = { geo: { latitude: 39.775, longitude: -74.722 }, deliveryMiles: 18 };

  it('is the editor’s driving miles from the main store, and the straight line from another, rounded to the mile', () => {
    expect(storeDistances(place, stores)).toEqual([
      { store: main, miles: 18, measure: 'road' },
      { store: second, miles: Math.round(milesBetween(second!.geo, place.geo)), measure: 'straight' },
    ]);
    expect(storeDistances(place, stores)[1]!.miles).toBe(10);
  });

  it('is the editor’s driving miles from another store when the town has them', () => {
    expect(storeDistances({ ...place, drivingMiles: [{ store: 'medford', miles: 13 }] }, stores)[1]).toEqual({ store: second, miles: 13, measure: 'road' });
  });

  it('comes from the store nearest in a straight line, whatever the figures, and from the first store on a tie or alone', () => {
    expect(servingStore(place, stores)).toMatchObject({ store: { slug: 'medford' }, miles: 10, measure: 'straight' });
    // A small driving figure from the main store does not move a town nearer to it.
    expect(servingStore({ ...place, deliveryMiles: 2 }, stores).store.slug).toBe('medford');
    expect(servingStore({ geo: main!.geo, deliveryMiles: 0 }, stores)).toMatchObject({ store: { slug: 'mount-holly' }, miles: 0, measure: 'road' });
    expect(servingStore(place, [main!])).toEqual({ store: main, miles: 18, measure: 'road' });
  });

  it('of a real town: Shamong Township is served from Medford, Burlington City from Mount Holly', () => {
    expect(servingStore(town('shamong-township'), stores).store.slug).toBe('medford');
    expect(servingStore(town('burlington-city'), stores).store.slug).toBe('mount-holly');
  });

  it('is worded as what it measures', () => {
    expect(distanceText({ miles: 12, measure: 'road' })).toBe('12 miles by road');
    expect(distanceText({ miles: 1, measure: 'road' })).toBe('1 mile by road');
    expect(distanceText({ miles: 4, measure: 'straight' })).toBe('about 4 miles in a straight line');
  });
});

describe('the towns’ centres', () => {
  it('lie in Burlington County, each no farther from the showroom in a straight line than its driving miles (plus rounding)', () => {
    for (const m of municipalities) {
      expect(m.geo.latitude, m.fullName).toBeGreaterThan(39.5);
      expect(m.geo.latitude, m.fullName).toBeLessThan(40.2);
      expect(m.geo.longitude, m.fullName).toBeGreaterThan(-75.1);
      expect(m.geo.longitude, m.fullName).toBeLessThan(-74.35);
      expect(milesBetween(main!.geo, m.geo), m.fullName).toBeLessThanOrEqual(m.deliveryMiles + 1);
    }
  });

  it('may carry driving miles only from a store that exists and is not the main one, else the build stops with the path', () => {
    const slugs = ['mount-holly', 'medford'];
    expect(() => checkDrivingMiles([{}, { drivingMiles: [{ store: 'medford', miles: 13 }] }], slugs)).not.toThrow();
    expect(() => checkDrivingMiles([{}, { drivingMiles: [{ store: 'cherry-hill', miles: 13 }] }], slugs)).toThrow(
      'data/towns.json → municipalities[1].drivingMiles[0].store: there is no store "cherry-hill" in data/stores/ (mount-holly, medford)',
    );
    expect(() => checkDrivingMiles([{ drivingMiles: [{ store: 'mount-holly', miles: 3 }] }], slugs)).toThrow(
      'data/towns.json → municipalities[0].drivingMiles[0].store: "mount-holly" is the main store, whose miles are deliveryMiles',
    );
  });

  it('are each served by the showroom at the editor’s figure while there is one store', () => {
    for (const m of municipalities) expect(m.serving).toMatchObject({ store: { slug: 'mount-holly' }, miles: m.deliveryMiles, measure: 'road' });
  });
});

describe('the rental delivery with several stores', () => {
  const options = reservationOptionsFor(stores);
  // 9:00 on Monday, June 1, 2026 in New Jersey.
  const NOW = Date.UTC(2026, 5, 1, 13, 0);
  const request = {
    group: '4-seater',
    quantity: '1',
    pickupDate: '2026-06-05',
    pickupTime: '10:00',
    returnDate: '2026-06-06',
    returnTime: '10:00',
    delivery: 'bass-river-township',
    store: '',
    address: '1 Stage Road',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane.doe@example.com',
    phone: '(609) 555-0100',
    adult: 'on',
  };
  const check = (changes: Record<string, unknown>) => validateReservation({ ...request, ...changes }, options, NOW);

  it('gives each place its distance from every store, the nearest first, and offers the stores', () => {
    expect(options.stores).toEqual([
      { slug: 'mount-holly', name: 'Mount Holly showroom', city: 'Mount Holly' },
      { slug: 'medford', name: 'Medford showroom', city: 'Medford' },
    ]);
    expect(options.places.find((place) => place.slug === 'bass-river-township')).toEqual({
      slug: 'bass-river-township',
      name: 'Bass River Township',
      miles: 28,
      measure: 'straight',
      stores: [
        { store: 'medford', miles: 28, measure: 'straight' },
        { store: 'mount-holly', miles: 38, measure: 'road' },
      ],
    });
    expect(options.places.find((place) => place.slug === 'mount-holly-township')).toMatchObject({ miles: 1, stores: [{ store: 'mount-holly', miles: 1 }, {}] });
  });

  it('counts the fee from the nearest store by default, names it, and files the request for it', () => {
    const result = check({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.reservation.store).toEqual({ slug: 'medford', name: 'Medford showroom' });
    // (28 − 10) × $6.
    expect(result.reservation.quote.deliveryFee).toBe(108);
    expect(deliveryLabel(result.reservation.quote)).toBe(
      'Delivery from Medford showroom to Bass River Township and pickup (about 28 miles in a straight line)',
    );
    expect(quoteLines(result.reservation.quote)[2]).toEqual([deliveryLabel(result.reservation.quote), '$108']);
  });

  it('counts the fee from the store the visitor chose, by road where the editor measured it', () => {
    const result = check({ store: 'mount-holly' });
    expect(result.ok && result.reservation.quote).toMatchObject({ store: { slug: 'mount-holly' }, deliveryFee: 168 });
    expect(result.ok && deliveryLabel(result.reservation.quote)).toBe(
      'Delivery from Mount Holly showroom to Bass River Township and pickup (38 miles one way)',
    );
  });

  it('hands the carts over at the chosen store, else at the main store, and refuses a store that does not exist', () => {
    const chosen = check({ delivery: SHOWROOM, address: '', store: 'medford' });
    expect(chosen.ok && deliveryLabel(chosen.reservation.quote)).toBe('Pickup at Medford showroom');
    const left = check({ delivery: SHOWROOM, address: '' });
    expect(left.ok && left.reservation.store).toEqual({ slug: 'mount-holly', name: 'Mount Holly showroom' });
    expect(check({ store: 'cherry-hill' })).toMatchObject({ ok: false, errors: { store: 'Choose one of our stores' } });
  });

  it('leaves the one-store options as they were: no stores, and places with their driving miles only', () => {
    expect(reservationOptions.stores).toBeUndefined();
    expect(reservationOptions.places.find((place) => place.slug === 'bass-river-township')).toEqual({
      slug: 'bass-river-township',
      name: 'Bass River Township',
      miles: 38,
    });
    const result = validateReservation({ ...request, store: undefined }, reservationOptions, NOW);
    expect(result.ok && result.reservation.store).toBeUndefined();
    expect(result.ok && deliveryLabel(result.reservation.quote)).toBe('Delivery to Bass River Township and pickup (38 miles one way)');
  });
});
