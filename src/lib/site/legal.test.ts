import { describe, expect, it } from 'vitest';
import { formatLongDate, monthsText } from './legal.ts';

describe('legal page helpers', () => {
  it('prints an ISO date in words, whatever the time zone', () => {
    expect(formatLongDate('2025-01-15')).toBe('January 15, 2025');
    expect(formatLongDate('2024-12-31')).toBe('December 31, 2024');
  });

  it('counts months', () => {
    expect(monthsText(24)).toBe('24 months');
    expect(monthsText(1)).toBe('1 month');
  });
});
