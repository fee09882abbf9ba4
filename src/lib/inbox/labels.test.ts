import { describe, expect, it } from 'vitest';
import { durationText, formLabel, valueLabel } from './labels.ts';

describe('the inbox words', () => {
  it('names each lead form as the inbox lists it', () => {
    expect(['contact', 'reservation', 'trade-in', 'service', 'parts', 'unit-question'].map(formLabel)).toEqual([
      'Contact',
      'Rental reservation',
      'Trade-in',
      'Service request',
      'Parts request',
      'Question about a unit',
    ]);
  });

  it('writes a form it does not know, even one named like an object property, as words', () => {
    expect(formLabel('gift-card')).toBe('Gift card');
    expect(formLabel('constructor')).toBe('Constructor');
  });

  it('writes a value as words, capitalised', () => {
    expect(valueLabel('appointment-set')).toBe('Appointment set');
    expect(valueLabel('')).toBe('');
  });

  it('writes a duration a phone screen fits', () => {
    expect([45, 200, 60 * 50].map((minutes) => durationText(minutes * 60_000))).toEqual(['45 min', '3 h 20 min', '2 d 2 h']);
  });
});
