import { describe, expect, it } from 'vitest';
import { estimatePayment, formatApr, formatMonthly, paymentTermsText, promotionFor } from './payments.ts';

const settings = {
  defaults: { apr: 6.99, termMonths: 60, downPaymentPercent: 10 },
  promotions: [
    { model: 'evolution-d5-maverick-4-plus', apr: 0, termMonths: 36 },
    { unit: 'denago-ev-rover-xxl-custom', apr: 3.99 },
  ],
};

describe('estimated monthly payment (docs/product.md §Payments)', () => {
  it('at the defaults: $13,995, 10% down ($1,399.50), 6.99% APR for 60 months → $249.35', () => {
    // r = 0.0699 / 12 = 0.005825; 12,595.50 × r / (1 − 1.005825^−60) = 249.3466
    const estimate = estimatePayment(13995, settings, 'evo-d5-maverick-6-black', 'evolution-d5-maverick-6');
    expect(estimate).toEqual({ monthly: 249.35, apr: 6.99, termMonths: 60, downPayment: 1399.5, promotional: false });
    expect(formatMonthly(estimate.monthly)).toBe('$249/mo');
  });

  it('at a model promotion: $12,995, 10% down ($1,299.50), 0% for 36 months → $324.88', () => {
    // 11,695.50 / 36 = 324.875
    const estimate = estimatePayment(12995, settings, 'evo-d5-maverick-4-plus-sky-blue', 'evolution-d5-maverick-4-plus');
    expect(estimate).toEqual({ monthly: 324.88, apr: 0, termMonths: 36, downPayment: 1299.5, promotional: true });
    expect(formatMonthly(estimate.monthly)).toBe('$325/mo');
  });

  it('at a unit promotion, which keeps the default term: $25,000, $2,500 down, 3.99% for 60 months → $414.27', () => {
    // r = 0.0399 / 12 = 0.003325; 22,500 × r / (1 − 1.003325^−60) = 414.2702
    const estimate = estimatePayment(25000, settings, 'denago-ev-rover-xxl-custom', 'denago-ev-rover-xxl');
    expect(estimate).toMatchObject({ monthly: 414.27, apr: 3.99, termMonths: 60, downPayment: 2500, promotional: true });
  });

  it('prefers the unit promotion over its model promotion', () => {
    const both = [
      { model: 'm', apr: 0 },
      { unit: 'u', apr: 1.9 },
    ];
    expect(promotionFor('u', 'm', both)).toEqual({ unit: 'u', apr: 1.9 });
    expect(promotionFor('other', 'm', both)).toEqual({ model: 'm', apr: 0 });
    expect(promotionFor('other', undefined, both)).toBeUndefined();
  });

  it('states the terms behind a figure', () => {
    const estimate = estimatePayment(12995, settings, 'x', 'evolution-d5-maverick-4-plus');
    expect(paymentTermsText(estimate, 10)).toBe('$1,299.50 down (10%), 0% APR for 36 months');
    expect(formatApr(6.99)).toBe('6.99%');
  });
});
