import { describe, expect, it } from 'vitest';
import { estimateFromText, estimateLoan, monthlyPayment, parseAmount, validateLoan } from './finance.ts';

describe('monthlyPayment', () => {
  it.each([
    // principal, APR %, months, payment (standard amortisation, worked out by hand)
    [10_000, 6, 60, 193.33],
    [11_995, 6.99, 60, 237.46],
    [249_999, 36, 120, 7722.45],
    [1, 36, 120, 0.03],
  ])('$%s at %s%% over %s months is $%s a month', (principal, apr, months, payment) => {
    expect(monthlyPayment(principal, apr, months)).toBe(payment);
  });

  it('splits the principal evenly at 0% APR', () => {
    expect(monthlyPayment(20_000, 0, 48)).toBe(416.67);
    expect(monthlyPayment(12_995, 0, 36)).toBe(360.97);
    expect(monthlyPayment(12_000, 0, 60)).toBe(200);
  });

  it('is nothing when nothing is financed', () => {
    expect(monthlyPayment(0, 6.99, 60)).toBe(0);
  });
});

describe('estimateLoan', () => {
  it('works out the default example of the financing page', () => {
    expect(estimateLoan({ price: 12_995, downPayment: 1_000, apr: 6.99, termMonths: 60 })).toEqual({
      ok: true,
      estimate: { principal: 11_995, monthlyPayment: 237.46, totalOfPayments: 14_247.6, totalInterest: 2_252.6 },
    });
  });

  it('charges no interest at 0% APR', () => {
    expect(estimateLoan({ price: 12_000, downPayment: 0, apr: 0, termMonths: 60 })).toEqual({
      ok: true,
      estimate: { principal: 12_000, monthlyPayment: 200, totalOfPayments: 12_000, totalInterest: 0 },
    });
  });

  it('accepts the limits themselves', () => {
    const result = estimateLoan({ price: 250_000, downPayment: 0, apr: 36, termMonths: 120 });
    expect(result.ok).toBe(true);
    expect(estimateLoan({ price: 1, downPayment: 0, apr: 0, termMonths: 1 })).toMatchObject({ ok: true, estimate: { monthlyPayment: 1 } });
  });

  it.each([
    [{ price: 0, downPayment: 0, apr: 5, termMonths: 60 }, 'price', 'The price must be more than $0.'],
    [{ price: -100, downPayment: 0, apr: 5, termMonths: 60 }, 'price', 'The price must be more than $0.'],
    [{ price: 250_001, downPayment: 0, apr: 5, termMonths: 60 }, 'price', 'The price must be $250,000 or less.'],
    [{ price: Number.NaN, downPayment: 0, apr: 5, termMonths: 60 }, 'price', 'Enter the vehicle price as a number, for example 12995.'],
    [{ price: Number.POSITIVE_INFINITY, downPayment: 0, apr: 5, termMonths: 60 }, 'price', 'Enter the vehicle price as a number, for example 12995.'],
    [{ price: 10_000, downPayment: -1, apr: 5, termMonths: 60 }, 'downPayment', 'The down payment cannot be negative.'],
    [{ price: 10_000, downPayment: 10_000, apr: 5, termMonths: 60 }, 'downPayment', 'The down payment must be less than the price.'],
    [{ price: 10_000, downPayment: 20_000, apr: 5, termMonths: 60 }, 'downPayment', 'The down payment must be less than the price.'],
    [{ price: 10_000, downPayment: 0, apr: -0.5, termMonths: 60 }, 'apr', 'The APR cannot be negative.'],
    [{ price: 10_000, downPayment: 0, apr: 36.01, termMonths: 60 }, 'apr', 'The APR must be 36% or less.'],
    [{ price: 10_000, downPayment: 0, apr: 5, termMonths: 0 }, 'termMonths', 'The term must be between 1 and 120 months.'],
    [{ price: 10_000, downPayment: 0, apr: 5, termMonths: -12 }, 'termMonths', 'The term must be between 1 and 120 months.'],
    [{ price: 10_000, downPayment: 0, apr: 5, termMonths: 121 }, 'termMonths', 'The term must be between 1 and 120 months.'],
    [{ price: 10_000, downPayment: 0, apr: 5, termMonths: 36.5 }, 'termMonths', 'The term must be a whole number of months.'],
  ] as const)('refuses %o with a message on %s', (input, field, message) => {
    expect(estimateLoan(input)).toEqual({ ok: false, errors: { [field]: message } });
  });

  it('reports every bad field at once', () => {
    expect(Object.keys(validateLoan({ price: 0, downPayment: -5, apr: 99, termMonths: 0 })).sort()).toEqual(['apr', 'downPayment', 'price', 'termMonths']);
  });
});

describe('reading typed numbers', () => {
  it.each([
    ['12995', 12995],
    ['$12,995', 12995],
    [' 6.99% ', 6.99],
    ['.5', 0.5],
    ['-3', -3],
  ])('%j reads as %s', (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });

  it.each(['abc', '12a', '1.2.3', '--1', 'e5'])('%j is not a number', (text) => {
    expect(parseAmount(text)).toBeNaN();
  });

  it('uses the fallback for an empty field', () => {
    expect(parseAmount('  ', 0)).toBe(0);
    expect(parseAmount('')).toBeNaN();
  });

  it('treats an empty down payment as none and an empty price as a mistake', () => {
    expect(estimateFromText({ price: '$12,000', downPayment: '', apr: '0', termMonths: '60' })).toMatchObject({
      ok: true,
      estimate: { monthlyPayment: 200 },
    });
    expect(estimateFromText({ price: '', downPayment: '', apr: '', termMonths: 'sixty' })).toEqual({
      ok: false,
      errors: {
        price: 'Enter the vehicle price as a number, for example 12995.',
        apr: 'Enter the APR as a number, for example 6.99, or 0 for 0% financing.',
        termMonths: 'Enter the term in months, for example 60.',
      },
    });
  });
});
