/** The monthly payment estimator of /financing (docs/product.md §Payments): pure arithmetic and its messages. */

export interface LoanInput {
  /** Vehicle price, USD. */
  price: number;
  /** Paid up front, USD. */
  downPayment: number;
  /** Annual percentage rate, e.g. 6.99 for 6.99%; 0 for 0% financing. */
  apr: number;
  /** Number of monthly payments. */
  termMonths: number;
}

export type LoanField = keyof LoanInput;

export interface LoanEstimate {
  /** Amount financed: price minus down payment. */
  principal: number;
  /** Rounded to the cent. */
  monthlyPayment: number;
  /** Every payment added up. */
  totalOfPayments: number;
  totalInterest: number;
}

export type EstimateResult = { ok: true; estimate: LoanEstimate } | { ok: false; errors: Partial<Record<LoanField, string>> };

/** What the estimator accepts; anything outside gets a message instead of a number. */
export const LOAN_LIMITS = { maxPrice: 250_000, maxApr: 36, minTermMonths: 1, maxTermMonths: 120 } as const;

const cents = (amount: number) => Math.round(amount * 100) / 100;
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/**
 * The level monthly payment that repays `principal` over `termMonths` at `apr` percent a year,
 * compounded monthly; at 0% it is the principal split evenly. Rounded to the cent.
 */
export function monthlyPayment(principal: number, apr: number, termMonths: number): number {
  if (principal <= 0) return 0;
  const rate = apr / 100 / 12;
  if (rate === 0) return cents(principal / termMonths);
  return cents((principal * rate) / (1 - (1 + rate) ** -termMonths));
}

/** Every problem with the input, one message per field, in words a visitor understands. */
export function validateLoan(input: LoanInput): Partial<Record<LoanField, string>> {
  const errors: Partial<Record<LoanField, string>> = {};
  const { price, downPayment, apr, termMonths } = input;

  if (!Number.isFinite(price)) errors.price = 'Enter the vehicle price as a number, for example 12995.';
  else if (price <= 0) errors.price = 'The price must be more than $0.';
  else if (price > LOAN_LIMITS.maxPrice) errors.price = `The price must be ${usd.format(LOAN_LIMITS.maxPrice)} or less.`;

  if (!Number.isFinite(downPayment)) errors.downPayment = 'Enter the down payment as a number, or 0 for none.';
  else if (downPayment < 0) errors.downPayment = 'The down payment cannot be negative.';
  else if (Number.isFinite(price) && price > 0 && downPayment >= price) errors.downPayment = 'The down payment must be less than the price.';

  if (!Number.isFinite(apr)) errors.apr = 'Enter the APR as a number, for example 6.99, or 0 for 0% financing.';
  else if (apr < 0) errors.apr = 'The APR cannot be negative.';
  else if (apr > LOAN_LIMITS.maxApr) errors.apr = `The APR must be ${LOAN_LIMITS.maxApr}% or less.`;

  if (!Number.isFinite(termMonths)) errors.termMonths = 'Enter the term in months, for example 60.';
  else if (!Number.isInteger(termMonths)) errors.termMonths = 'The term must be a whole number of months.';
  else if (termMonths < LOAN_LIMITS.minTermMonths || termMonths > LOAN_LIMITS.maxTermMonths)
    errors.termMonths = `The term must be between ${LOAN_LIMITS.minTermMonths} and ${LOAN_LIMITS.maxTermMonths} months.`;

  return errors;
}

/** Validates the input and, when it is sound, works out the payment. */
export function estimateLoan(input: LoanInput): EstimateResult {
  const errors = validateLoan(input);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const principal = cents(input.price - input.downPayment);
  const payment = monthlyPayment(principal, input.apr, input.termMonths);
  const totalOfPayments = cents(payment * input.termMonths);
  return { ok: true, estimate: { principal, monthlyPayment: payment, totalOfPayments, totalInterest: cents(Math.max(0, totalOfPayments - principal)) } };
}

/**
 * Reads a typed amount: "$12,995" → 12995, "6.99%" → 6.99, " 60 " → 60. An empty field gives
 * `fallback` (NaN unless given); anything else that is not a plain number gives NaN.
 */
export function parseAmount(text: string, fallback = Number.NaN): number {
  const clean = text.replace(/[\s$,%]/g, '');
  if (clean === '') return fallback;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(clean) ? Number(clean) : Number.NaN;
}

/** The estimator's four text fields as typed; an empty down payment means none. */
export function estimateFromText(fields: Record<LoanField, string>): EstimateResult {
  return estimateLoan({
    price: parseAmount(fields.price),
    downPayment: parseAmount(fields.downPayment, 0),
    apr: parseAmount(fields.apr),
    termMonths: parseAmount(fields.termMonths),
  });
}
