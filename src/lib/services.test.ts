import { describe, expect, it } from 'vitest';
import { servicePriceText, turnaroundText } from './services.ts';

describe('service texts', () => {
  it.each([
    [{ kind: 'from', amount: 85, per: 'hour' } as const, 'From $85/hour'],
    [{ kind: 'from', amount: 50 } as const, 'From $50'],
    [{ kind: 'quote' } as const, 'Custom quote'],
    [{ kind: 'covered' } as const, 'Covered'],
  ])('%o → %s', (price, text) => {
    expect(servicePriceText(price)).toBe(text);
  });

  it('prints the repair turnaround', () => {
    expect(turnaroundText({ minHours: 24, maxHours: 48 })).toBe('24-48 hours');
    expect(turnaroundText({ minHours: 24, maxHours: 24 })).toBe('24 hours');
  });
});
