import type { HoursLine } from '../../data/schemas/dealer.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** 12995 → "$12,995"; amounts with cents keep them (228.34 → "$228.34"). */
export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? usd.format(amount) : usdCents.format(amount);
}

/** "Edgewater Park" → "edgewater-park". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** "09:00" → "9AM", "15:30" → "3:30PM". */
export function formatTime(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h >= 12 ? 'PM' : 'AM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `:${String(m).padStart(2, '0')}` : ''}${suffix}`;
}

/** The hours text of one line: "9AM-5PM" or its note ("Closed"). */
export function formatHours(line: HoursLine): string {
  return 'note' in line ? line.note : `${formatTime(line.opens)}-${formatTime(line.closes)}`;
}

/** "Mount Holly, NJ 08060": the second line of a postal address. */
export function formatCityLine(address: { city: string; region: string; postalCode: string }): string {
  return `${address.city}, ${address.region} ${address.postalCode}`;
}

/**
 * What a spreadsheet program would run as a formula when it opens a CSV file: text starting with
 * = + - @ (or their full-width forms, which some locales' Excel reads alike), a tab or a carriage
 * return (OWASP, "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * One field of every CSV file the site writes (the leads and alerts exports, the Meta catalogue):
 * text that would run as a formula starts with ' so the program shows it as text, quotes are
 * doubled and the field is quoted. Text from a feed or a form reaches these files, never a
 * spreadsheet's formula bar. A number is written as it is (a negative number is no formula).
 */
export function csvField(value: string | number | undefined): string {
  if (typeof value === 'number') return String(value);
  const text = value ?? '';
  return `"${(FORMULA_START.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
}

/** A CSV file: the site's own column names, then one line per row, every field through `csvField`; CRLF line ends. */
export function csvFile(columns: readonly string[], rows: readonly (readonly (string | number | undefined)[])[]): string {
  return `${[columns.join(','), ...rows.map((row) => row.map(csvField).join(','))].join('\r\n')}\r\n`;
}
