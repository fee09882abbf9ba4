/**
 * The build-time clock (docs/product.md §Units): a sold unit's page lives for a number of days
 * counted from the day the site is built, in the dealer's time zone (src/lib/data/build-day.ts
 * reads BUILD_DATE, which fixes it). Nothing here reads a setting: the lead forms' scripts take
 * these functions, and a setting's reader would bring its schemas into every form.
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

/** Whole days from `from` to `to` (YYYY-MM-DD each); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** `day` plus `days` days, as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
