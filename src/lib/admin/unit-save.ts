/**
 * What saving a unit in the admin does to its dates (docs/product.md §Units): a unit marked sold
 * gets today's date as its sold date (kept if it has one), any other status has none. The build
 * checks the same rule (data/schemas/units.ts), so the editor never has to type the date.
 */

/** Today in the showroom's time zone, written YYYY-MM-DD. */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The sold date a unit should be saved with: undefined when it is not sold. */
export function soldDateOnSave(status: unknown, soldDate: unknown, today: string): string | undefined {
  if (status !== 'sold') return undefined;
  return typeof soldDate === 'string' && soldDate !== '' ? soldDate : today;
}
