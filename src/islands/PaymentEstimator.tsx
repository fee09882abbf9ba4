import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { estimateFromText, parseAmount, type LoanField, type LoanInput } from '../lib/finance/finance.ts';
import { formatPrice } from '../lib/format.ts';

interface Props {
  /** The worked example the page opens with; the server render shows its result. */
  example: LoanInput;
}

interface FieldSpec {
  name: LoanField;
  label: string;
  hint: string;
  prefix?: string;
  suffix?: string;
}

const FIELDS: readonly FieldSpec[] = [
  { name: 'price', label: 'Vehicle price', hint: 'In US dollars', prefix: '$' },
  { name: 'downPayment', label: 'Down payment', hint: 'Leave empty or 0 for none', prefix: '$' },
  { name: 'apr', label: 'Interest rate (APR)', hint: 'Use 0 for 0% financing', suffix: '%' },
  { name: 'termMonths', label: 'Term', hint: 'Number of monthly payments', suffix: 'months' },
];

const asText = (example: LoanInput): Record<LoanField, string> => ({
  price: String(example.price),
  downPayment: String(example.downPayment),
  apr: String(example.apr),
  termMonths: String(example.termMonths),
});

/**
 * Monthly payment estimator. The server render is a complete worked example (inputs filled in,
 * result shown), so the page reads with JavaScript off; once hydrated the fields become editable
 * and the result follows every change.
 */
export default function PaymentEstimator({ example }: Props) {
  const id = useId();
  const [fields, setFields] = useState(() => asText(example));
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  const result = estimateFromText(fields);
  const errors = result.ok ? {} : result.errors;
  const onChange = (name: LoanField) => (event: ChangeEvent<HTMLInputElement>) => setFields((current) => ({ ...current, [name]: event.target.value }));

  return (
    // A group, not a form: the estimate follows every change and nothing is sent anywhere.
    <div role="group" className="card grid gap-8 p-6 sm:p-8 lg:grid-cols-2" aria-labelledby={`${id}-heading`}>
      <div>
        <h2 id={`${id}-heading`} className="text-2xl font-bold">
          Payment Estimator
        </h2>
        <p className="mt-2 text-slate-700">
          <span className="noscript:hidden">Change any figure and the estimate updates as you type.</span>
          <span className="hidden noscript:inline">A worked example: turn on JavaScript to try your own figures.</span>
        </p>
        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          {FIELDS.map((field) => {
            const inputId = `${id}-${field.name}`;
            const error = errors[field.name];
            return (
              <div key={field.name}>
                <label htmlFor={inputId} className="block font-semibold text-slate-900">
                  {field.label}
                </label>
                <p id={`${inputId}-hint`} className="text-sm text-slate-600">
                  {field.hint}
                </p>
                <div
                  className={`mt-1 flex min-h-11 items-center rounded-lg border-2 focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-brand-600 ${
                    error ? 'border-red-700' : 'border-slate-500'
                  } ${live ? 'bg-white' : 'bg-slate-50'}`}
                >
                  {field.prefix && (
                    <span className="pl-3 text-slate-700" aria-hidden="true">
                      {field.prefix}
                    </span>
                  )}
                  <input
                    id={inputId}
                    name={field.name}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    value={fields[field.name]}
                    onChange={onChange(field.name)}
                    readOnly={!live}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
                    className="w-full min-w-0 flex-1 bg-transparent px-3 py-2 text-lg outline-none"
                  />
                  {field.suffix && (
                    <span className="pr-3 text-slate-700" aria-hidden="true">
                      {field.suffix}
                    </span>
                  )}
                </div>
                {error && (
                  <p id={`${inputId}-error`} className="mt-1 text-sm font-medium text-red-700">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
        </div>
      </div>

      <div className="flex flex-col justify-center rounded-xl bg-brand-50 p-6" data-testid="estimate">
        <output htmlFor={FIELDS.map((field) => `${id}-${field.name}`).join(' ')} aria-live="polite" className="block">
          {result.ok ? (
            <>
              <span className="block text-sm font-semibold tracking-wide text-brand-800 uppercase">Estimated monthly payment</span>{' '}
              <span className="mt-1 block text-5xl font-extrabold text-brand-900">{formatPrice(result.estimate.monthlyPayment)}</span>{' '}
              <span className="mt-2 block text-slate-700">for {parseAmount(fields.termMonths)} months</span>
            </>
          ) : (
            <span className="block font-semibold text-slate-900">Correct the highlighted figures to see your estimate.</span>
          )}
        </output>
        {result.ok && (
          <dl className="mt-6 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 border-t border-brand-100 pt-4 text-slate-800">
            <dt>Amount financed</dt>
            <dd className="text-right font-semibold">{formatPrice(result.estimate.principal)}</dd>
            <dt>Total of payments</dt>
            <dd className="text-right font-semibold">{formatPrice(result.estimate.totalOfPayments)}</dd>
            <dt>Total interest</dt>
            <dd className="text-right font-semibold">{formatPrice(result.estimate.totalInterest)}</dd>
          </dl>
        )}
      </div>
    </div>
  );
}
