import { buildDateSetting } from '../settings/build.ts';
import type { Env } from '../settings/read.ts';

/**
 * The build-time clock (docs/product.md §Units): a sold unit's page lives for a number of days
 * counted from the day the site is built. BUILD_DATE=YYYY-MM-DD fixes that day (tests, or a
 * rebuild of an older state); otherwise it is today in the dealer's time zone.
 */

/**
 * The dealer's time zone, the showroom's clock: the one the code reads days and times in (the
 * build day, the e-mails and the ADF, the inbox, the export, the publishing plan). Pure and
 * without dependencies, so the inbox's and the admin's scripts take it at little cost.
 */
export const DEALER_TIME_ZONE = 'America/New_York';

/** The calendar day of `now` in `timeZone`, as YYYY-MM-DD. */
export function calendarDay(now: Date, timeZone = DEALER_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The build day: BUILD_DATE when set (and well formed), else today. A malformed value stops the build. */
export function buildDay(env: Env, now: Date): string {
  const fixed = buildDateSetting(env);
  if (!fixed) return calendarDay(now);
  const date = new Date(`${fixed}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fixed) || Number.isNaN(date.getTime()) || !date.toISOString().startsWith(fixed))
    throw new Error(`BUILD_DATE must be a date written YYYY-MM-DD, found "${fixed}"`);
  return fixed;
}

/** Whole days from `from` to `to` (YYYY-MM-DD each); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** `day` plus `days` days, as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
