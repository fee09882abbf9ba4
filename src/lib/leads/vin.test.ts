import { describe, expect, it } from 'vitest';
import { vinCheckDigit, vinProblem } from './vin.ts';

describe('VIN check digit (ISO 3779, position 9)', () => {
  it.each([
    ['1M8GDM9AXKP042788', 'X'], // the worked example of 49 CFR 565: remainder 10 is written X
    ['11111111111111111', '1'],
    ['7EVLS4PA2TB000120', '2'],
  ])('%s carries %s', (vin, digit) => {
    expect(vinCheckDigit(vin)).toBe(digit);
    expect(vinProblem(vin)).toBeUndefined();
  });

  it('finds a typo through the check digit', () => {
    expect(vinProblem('7EVLS4PA2TB000121')).toBe('check-digit');
    expect(vinProblem('1M8GDM9A1KP042788')).toBe('check-digit');
  });

  it('refuses the wrong length and the letters I, O and Q', () => {
    expect(vinProblem('7EVLS4PA2TB00012')).toBe('format');
    expect(vinProblem('7EVLS4PA2TB0001200')).toBe('format');
    expect(vinProblem('7EVLS4PA2TBO00120')).toBe('format');
    expect(vinProblem('7evls4pa2tb000120')).toBe('format');
  });
});
