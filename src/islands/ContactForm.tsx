import { useEffect, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import {
  describeVehicle,
  FIELD_LABELS,
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  INQUIRY_FIELDS,
  INTEREST_LABELS,
  INTERESTS,
  isInterest,
  leadSourceSchema,
  LIMITS,
  UTM_FIELDS,
  validateInquiry,
  type FieldErrors,
  type InquiryField,
  type LeadSource,
  type VehicleCatalog,
} from '../lib/inquiry.ts';
import { showToast } from '../stores/toast.ts';

/** docs/product.md §Errors: the server's error text, else these. */
export const SUBMIT_FAILED = 'Failed to submit contact form';
export const SEND_FAILED = 'Failed to send message. Please try again.';

type Values = Record<InquiryField, string>;

const EMPTY: Values = { firstName: '', lastName: '', email: '', phone: '', interest: 'sales', message: '' };

interface Props {
  /** Brands and units, to name the vehicle a prefilled link is about. */
  catalog: VehicleCatalog;
}

/**
 * The Send Us a Message form (docs/product.md §Contact, §Inquiry, §Errors). Its server render is a plain form that posts
 * to /api/contact, so it works with JavaScript off; hydrated, it validates with the shared
 * schema, prefills from ?interest=&vehicle=&message=, and sends JSON with an idempotency key.
 */
export default function ContactForm({ catalog }: Props) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [source, setSource] = useState<LeadSource>({});
  const shownAt = useRef(0);
  const attemptKey = useRef<string | undefined>(undefined);
  const honeypot = useRef<HTMLInputElement>(null);

  // Read the address only after hydration, so the first client render matches the server's.
  useEffect(() => {
    shownAt.current = performance.now();
    const params = new URLSearchParams(window.location.search);
    const interest = params.get('interest');
    const message = params.get('message');
    setValues((current) => ({
      ...current,
      ...(isInterest(interest) ? { interest } : {}),
      ...(message ? { message: message.slice(0, LIMITS.message) } : {}),
    }));
    setSource(
      leadSourceSchema.parse({
        page: `${window.location.pathname}${window.location.search}`,
        vehicle: params.get('vehicle') ?? undefined,
        referrer: document.referrer || undefined,
        ...Object.fromEntries(UTM_FIELDS.map((name) => [name, params.get(name) ?? undefined])),
      }),
    );
  }, []);

  const vehicle = source.vehicle ? describeVehicle(source.vehicle, catalog) : undefined;

  function change(field: InquiryField) {
    return (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const next = { ...values, [field]: event.target.value };
      setValues(next);
      attemptKey.current = undefined; // Changed input is a new submission.
      if (errors[field]) {
        const result = validateInquiry(next);
        setErrors((current) => ({ ...current, [field]: result.ok ? undefined : result.errors[field] }));
      }
    };
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const result = validateInquiry(values);
    if (!result.ok) {
      setErrors(result.errors);
      const first = INQUIRY_FIELDS.find((field) => result.errors[field]);
      if (first) document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    attemptKey.current ??= newKey();
    try {
      const response = await fetch('/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': attemptKey.current },
        body: JSON.stringify({
          ...result.inquiry,
          ...source,
          [HONEYPOT_FIELD]: honeypot.current?.value ?? '',
          [FILL_TIME_FIELD]: Math.round(performance.now() - shownAt.current),
        }),
      });
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        showToast({ title: 'Error', description: errorText(body) ?? SUBMIT_FAILED, variant: 'destructive' });
        setSending(false);
        return;
      }
      setValues(EMPTY);
      attemptKey.current = undefined;
      window.location.assign('/thank-you');
    } catch {
      showToast({ title: 'Error', description: SEND_FAILED, variant: 'destructive' });
      setSending(false);
    }
  }

  const describedBy = (field: InquiryField) => (errors[field] ? `contact-${field}-error` : undefined);
  const fieldClass = (field: InquiryField) =>
    `mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 ${
      errors[field] ? 'border-2 border-red-700' : 'border-slate-400'
    }`;
  const error = (field: InquiryField) =>
    errors[field] ? (
      <p id={`contact-${field}-error`} className="mt-1 text-sm font-medium text-red-700">
        {errors[field]}
      </p>
    ) : null;
  const input = (field: Exclude<InquiryField, 'interest' | 'message'>, type: string, autoComplete: string, maxLength: number) => (
    <div>
      <label htmlFor={`contact-${field}`} className="block font-semibold text-slate-900">
        {FIELD_LABELS[field]}
      </label>
      <input
        id={`contact-${field}`}
        name={field}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required
        value={values[field]}
        onChange={change(field)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
        className={fieldClass(field)}
      />
      {error(field)}
    </div>
  );

  return (
    <form method="post" action="/api/contact" noValidate onSubmit={submit} className="grid gap-5" aria-describedby="contact-form-note">
      <p id="contact-form-note" className="text-sm text-slate-700">
        All fields are required.
      </p>
      {vehicle && (
        <p className="rounded-lg bg-brand-50 px-4 py-3 text-brand-900">
          You are asking about the <strong>{vehicle.label}</strong>.
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        {input('firstName', 'text', 'given-name', LIMITS.name)}
        {input('lastName', 'text', 'family-name', LIMITS.name)}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {input('email', 'email', 'email', LIMITS.email)}
        {input('phone', 'tel', 'tel', LIMITS.phone)}
      </div>
      <div>
        <label htmlFor="contact-interest" className="block font-semibold text-slate-900">
          {FIELD_LABELS.interest}
        </label>
        <select id="contact-interest" name="interest" value={values.interest} onChange={change('interest')} className={fieldClass('interest')}>
          {INTERESTS.map((interest) => (
            <option key={interest} value={interest}>
              {INTEREST_LABELS[interest]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="contact-message" className="block font-semibold text-slate-900">
          {FIELD_LABELS.message}
        </label>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          maxLength={LIMITS.message}
          required
          value={values.message}
          onChange={change('message')}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message')}
          className={fieldClass('message')}
        />
        {error('message')}
      </div>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`contact-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input ref={honeypot} id={`contact-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div>
        <button type="submit" className="btn btn-primary w-full disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto" disabled={sending}>
          {sending ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}

/** The `error` field of the server's JSON answer, if it has one. */
function errorText(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' && body.error.trim()) return body.error;
  return undefined;
}

/** One key per submission attempt; crypto.randomUUID needs a secure context, so fall back. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
