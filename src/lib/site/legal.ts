const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "2025-01-15" → "January 15, 2025" (the date as written, whatever the build machine's zone). */
export function formatLongDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}

/** 24 → "24 months"; 1 → "1 month". */
export function monthsText(months: number): string {
  return `${months} month${months === 1 ? '' : 's'}`;
}
