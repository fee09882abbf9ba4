import { wallClockAt } from '../../../src/lib/rentals/quote.ts';
import { DEALER_TIME_ZONE } from '../../../src/lib/units/build-clock.ts';
import { dealer } from '../../../src/lib/data/dealer.ts';

/**
 * The site's promise to a visitor (data/dealer.json inquiryResponse: "within 24 hours, typically
 * 2-6 hours during business hours") as a lead's age: late when it is still new past
 * LATE_BUSINESS_HOURS of the store's opening hours, overdue when still new past maxHours.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Business hours after which a new lead is late (and its department is reminded). */
export const LATE_BUSINESS_HOURS = 2;

export interface OpeningHours {
  days: readonly string[];
  opens?: string;
  closes?: string;
}

export const STORE_HOURS: readonly OpeningHours[] = dealer.hours.main;

const minutes = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

/**
 * Opening time between two instants, in ms, counted on the store's wall clock (a daylight-saving
 * night is off by its hour at most, at night, when the store is closed). Stops counting at `cap`.
 */
export function businessMsBetween(from: number, to: number, hours: readonly OpeningHours[] = STORE_HOURS, cap = Infinity): number {
  if (!(to > from)) return 0;
  const start = wallClockAt(from, DEALER_TIME_ZONE);
  const end = wallClockAt(to, DEALER_TIME_ZONE);
  let total = 0;
  for (let day = start - (start % DAY_MS); day < end && total < cap; day += DAY_MS) {
    const weekday = WEEKDAYS[new Date(day).getUTCDay()] ?? '';
    for (const window of hours) {
      if (!window.opens || !window.closes || !window.days.includes(weekday)) continue;
      const open = day + minutes(window.opens) * 60_000;
      const close = day + minutes(window.closes) * 60_000;
      total += Math.max(0, Math.min(close, end) - Math.max(open, start));
    }
  }
  return Math.min(total, cap);
}

export type PromiseState = 'answered' | 'on-time' | 'late' | 'overdue' | 'spam';

/** Where a lead stands against the promise at `now`. */
export function promiseState(
  lead: { at: number; status: string },
  now: number,
  { lateBusinessHours = LATE_BUSINESS_HOURS, maxHours = dealer.inquiryResponse.maxHours, hours = STORE_HOURS } = {},
): PromiseState {
  if (lead.status === 'spam') return 'spam';
  if (lead.status !== 'new') return 'answered';
  if (now - lead.at > maxHours * HOUR_MS) return 'overdue';
  const cap = lateBusinessHours * HOUR_MS;
  return businessMsBetween(lead.at, now, hours, cap + 1) > cap ? 'late' : 'on-time';
}

/**
 * The moment a lead that arrived at `from` has waited `hours` of opening time (the reminder's due
 * time). Counted on the store's wall clock, as businessMsBetween; gives up after 14 days.
 */
export function afterBusinessHours(from: number, hours: number, opening: readonly OpeningHours[] = STORE_HOURS): number {
  const start = wallClockAt(from, DEALER_TIME_ZONE);
  const offset = start - from;
  let left = hours * HOUR_MS;
  for (let day = start - (start % DAY_MS); day < start + 14 * DAY_MS; day += DAY_MS) {
    const weekday = WEEKDAYS[new Date(day).getUTCDay()] ?? '';
    const windows = opening
      .filter((window) => window.opens && window.closes && window.days.includes(weekday))
      .map((window) => [day + minutes(window.opens ?? '') * 60_000, day + minutes(window.closes ?? '') * 60_000] as const)
      .sort((a, b) => a[0] - b[0]);
    for (const [open, close] of windows) {
      const begin = Math.max(open, start);
      if (close <= begin) continue;
      if (close - begin >= left) return begin + left - offset;
      left -= close - begin;
    }
  }
  return from + 14 * DAY_MS;
}
