import { formatPrice } from '../format.ts';
import { monthlyPayment } from './finance.ts';

/**
 * The estimated monthly payment beside a unit's price (docs/product.md §Payments): the
 * arithmetic of /financing, on the finance defaults of data/finance.json or a promotion.
 */

export interface FinanceTerms {
  apr: number;
  termMonths: number;
  downPaymentPercent: number;
}

export type PromotionRule = ({ model: string } | { unit: string }) & { apr: number; termMonths?: number };

export interface FinanceSettings {
  defaults: FinanceTerms;
  promotions: readonly PromotionRule[];
}

/** The estimate for one unit: the payment and every term it assumes. */
export interface PaymentEstimate {
  /** Rounded to the cent. */
  monthly: number;
  apr: number;
  termMonths: number;
  /** USD, rounded to the cent. */
  downPayment: number;
  /** true when a model or unit promotion set the rate. */
  promotional: boolean;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** The promotion that applies to a unit: its own first, then its model's. */
export function promotionFor(unitId: string, modelSlug: string | undefined, promotions: readonly PromotionRule[]): PromotionRule | undefined {
  return promotions.find((p) => 'unit' in p && p.unit === unitId) ?? (modelSlug ? promotions.find((p) => 'model' in p && p.model === modelSlug) : undefined);
}

/** The estimated payment of a unit priced `price`, with its promotion when it has one. */
export function estimatePayment(price: number, settings: FinanceSettings, unitId: string, modelSlug?: string): PaymentEstimate {
  const promotion = promotionFor(unitId, modelSlug, settings.promotions);
  const apr = promotion?.apr ?? settings.defaults.apr;
  const termMonths = promotion?.termMonths ?? settings.defaults.termMonths;
  const downPayment = cents((price * settings.defaults.downPaymentPercent) / 100);
  return { monthly: monthlyPayment(cents(price - downPayment), apr, termMonths), apr, termMonths, downPayment, promotional: promotion !== undefined };
}

/** 324.88 → "$325/mo" (whole dollars, as the card shows it). */
export function formatMonthly(monthly: number): string {
  return `${formatPrice(Math.round(monthly))}/mo`;
}

/** 6.99 → "6.99%", 0 → "0%". */
export function formatApr(apr: number): string {
  return `${Number(apr.toFixed(2))}%`;
}

/** The terms behind one figure, e.g. "$1,299.50 down (10%), 0% APR for 36 months". */
export function paymentTermsText(estimate: PaymentEstimate, downPaymentPercent: number): string {
  return `${formatPrice(estimate.downPayment)} down (${downPaymentPercent}%), ${formatApr(estimate.apr)} APR for ${estimate.termMonths} months`;
}

/** One promotion as the financing page lists it, e.g. "Evolution D5 Maverick 4 Plus: 0% APR for 36 months". */
export function promotionText(name: string, promotion: PromotionRule, defaults: FinanceTerms): string {
  return `${name}: ${formatApr(promotion.apr)} APR for ${promotion.termMonths ?? defaults.termMonths} months`;
}

/** What every estimated payment on the site assumes. */
export function estimateAssumptions(defaults: FinanceTerms): string {
  return `Each estimated monthly payment ("Est. $…/mo") beside a cart's price assumes ${defaults.downPaymentPercent}% of the price paid down and ${formatApr(defaults.apr)} APR for ${defaults.termMonths} months, unless a promotional rate below applies.`;
}
