import { describe, expect, it } from 'vitest';
import { reservationOptions } from '../data/reservation.ts';
import { liveQuote, reservationSummary, SHOWROOM, validateReservation } from './reservation.ts';

// 9:00 on Monday, June 1, 2026 in New Jersey (13:00 UTC, EDT).
const NOW = Date.UTC(2026, 5, 1, 13, 0);

const VALID = {
  group: '6-seater',
  quantity: '1',
  pickupDate: '2026-06-05',
  pickupTime: '10:00',
  returnDate: '2026-06-15',
  returnTime: '10:00',
  delivery: SHOWROOM,
  address: '',
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@example.com',
  phone: '(609) 555-0100',
  note: '',
  adult: 'on',
};

const check = (changes: Record<string, unknown>) => validateReservation({ ...VALID, ...changes }, reservationOptions, NOW);

describe('validateReservation', () => {
  it('accepts a complete request and quotes it: 10 days of a 6 Seater picked up at the showroom', () => {
    const result = check({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.reservation).toMatchObject({
      pickUp: '2026-06-05T10:00',
      dropOff: '2026-06-15T10:00',
      input: { group: '6-seater', quantity: 1, adult: true, firstName: 'Jane' },
      quote: { periods: 10, breakdown: 'weekly + 3 day per cart', total: 2135, deliveryFee: 0 },
    });
    expect(result.reservation.place).toBeUndefined();
  });

  it('accepts JSON types: a number of carts and a true confirmation', () => {
    expect(check({ quantity: 3, adult: true }).ok).toBe(true);
  });

  it('quotes a delivery to the farthest town with its distance', () => {
    const farthest = [...reservationOptions.places].sort((a, b) => b.miles - a.miles)[0]!;
    const result = check({ group: '4-seater', quantity: '2', returnDate: '2026-06-11', delivery: farthest.slug, address: '12 Lake Road' });
    expect(result.ok && result.reservation.quote).toMatchObject({
      periods: 6,
      rental: 2100,
      deliveryFee: Math.round((farthest.miles - 10) * 6),
      total: 2100 + Math.round((farthest.miles - 10) * 6),
    });
  });

  it.each([
    [{ quantity: '0' }, 'quantity', 'Number of carts must be 1 to 10'],
    [{ quantity: '11' }, 'quantity', 'Number of carts must be 1 to 10'],
    [{ quantity: '1.5' }, 'quantity', 'Number of carts must be 1 to 10'],
    [{ quantity: '' }, 'quantity', 'Number of carts must be 1 to 10'],
    [{ group: 'limo' }, 'group', 'Choose a cart type'],
    [{ pickupDate: '' }, 'pickupDate', 'Pick-up date is required'],
    [{ pickupDate: '2026-02-30' }, 'pickupDate', 'Pick-up date is required'],
    [{ pickupTime: '' }, 'pickupTime', 'Pick-up time is required'],
    [{ returnDate: '' }, 'returnDate', 'Return date is required'],
    [{ returnTime: '25:00' }, 'returnTime', 'Return time is required'],
    [{ pickupDate: '2026-05-31' }, 'pickupDate', 'Pick-up must be in the future'],
    [{ pickupDate: '2026-06-01', pickupTime: '08:59' }, 'pickupDate', 'Pick-up must be in the future'],
    [{ pickupDate: '2027-06-05', returnDate: '2027-06-06' }, 'pickupDate', 'Pick-up must be within 365 days from today'],
    [{ returnDate: '2026-06-04' }, 'returnDate', 'Return must be after pick-up'],
    [{ returnDate: '2026-06-05' }, 'returnDate', 'Return must be after pick-up'],
    [{ returnDate: '2026-12-31' }, 'returnDate', 'Rentals can be requested for up to 180 days; call us for longer'],
    [{ delivery: 'atlantis' }, 'delivery', 'Choose pickup at the showroom or a delivery town'],
    [{ delivery: 'medford-township' }, 'address', 'Street address is required for delivery'],
    [{ delivery: 'medford-township', firstName: '' }, 'address', 'Street address is required for delivery'],
    [{ firstName: ' ' }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ email: 'jane@' }, 'email', 'Invalid email address'],
    [{ phone: '555-0100' }, 'phone', 'Phone number is required'],
    [{ note: 'x'.repeat(2001) }, 'note', 'Note must be at most 2000 characters'],
    [{ adult: '' }, 'adult', 'Please confirm the driver is 21 or older with a valid license'],
    [{ adult: undefined }, 'adult', 'Please confirm the driver is 21 or older with a valid license'],
  ])('%j → %s: "%s"', (changes, field, message) => {
    const result = check(changes);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[field as keyof typeof result.errors]).toBe(message);
    expect(result.error).toBe(message);
  });

  it('allows a pick-up later today, on the showroom clock', () => {
    expect(check({ pickupDate: '2026-06-01', pickupTime: '09:00', returnDate: '2026-06-02' }).ok).toBe(true);
  });

  it('reports every wrong field at once, the first in form order as `error`', () => {
    const result = validateReservation({ group: '4-seater', returnDate: '2026-06-01', returnTime: '10:00' }, reservationOptions, NOW);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(['quantity', 'pickupDate', 'pickupTime', 'delivery', 'firstName', 'lastName', 'email', 'phone', 'adult']);
    expect(result.error).toBe('Number of carts must be 1 to 10');
  });

  it('refuses input that is not an object', () => {
    for (const input of [null, 'text', 42, []]) expect(validateReservation(input, reservationOptions, NOW).ok).toBe(false);
  });
});

describe('liveQuote', () => {
  it('quotes as soon as the trip is complete, before the contact fields', () => {
    expect(
      liveQuote(
        { group: '4-seater', quantity: '2', pickupDate: '2026-06-05', pickupTime: '10:00', returnDate: '2026-06-11', returnTime: '10:00', delivery: SHOWROOM },
        reservationOptions,
      ),
    ).toMatchObject({
      breakdown: 'weekly per cart',
      total: 2100,
    });
  });

  it.each([{ quantity: '0' }, { quantity: '11' }, { returnDate: '2026-06-04' }, { delivery: '' }, { pickupTime: '' }])('has no quote for %j', (change) => {
    expect(liveQuote({ ...VALID, ...change }, reservationOptions)).toBeUndefined();
  });
});

describe('reservationSummary', () => {
  it('names carts, days and cart type', () => {
    expect(reservationSummary({ quantity: 2, periods: 6, group: { id: '4-seater', name: '4 Seater' } })).toBe('2 carts × 6 days, 4 Seater');
    expect(reservationSummary({ quantity: 1, periods: 1, group: { id: 'utility', name: 'Utility' } })).toBe('1 cart × 1 day, Utility');
  });
});
