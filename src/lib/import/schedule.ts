import type { ImportMapping } from '../../../data/schemas/import.ts';

/**
 * When the scheduled import runs (docs/product.md §Import): Netlify wakes it every hour (cron
 * runs in UTC) and it imports only at the dealer's own times, in the dealer's time zone, so a
 * change of times is a change of data, not of code. Answers the slot ("2026-11-26T06") that is
 * due now, or undefined.
 */
export function dueSlot(mapping: Pick<ImportMapping, 'enabled' | 'url' | 'times' | 'timeZone'>, now: Date): string | undefined {
  if (!mapping.enabled || !mapping.url) return undefined;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: mapping.timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit' })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const hour = `${parts.hour}:00`;
  return mapping.times.includes(hour) ? `${parts.year}-${parts.month}-${parts.day}T${parts.hour}` : undefined;
}
