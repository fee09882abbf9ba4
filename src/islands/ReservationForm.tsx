import { useEffect, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { FILL_TIME_FIELD, HONEYPOT_FIELD, LIMITS, leadSourceSchema, UTM_FIELDS, type LeadSource } from '../lib/inquiry.ts';
import { dateParts, wallClock, wallClockAt } from '../lib/rental-quote.ts';
import {
  ADDRESS_MAX,
  ESTIMATE_NOTE,
  liveQuote,
  NOTE_MAX,
  quoteLines,
  RESERVATION_FIELDS,
  RESERVATION_LABELS,
  SHOWROOM,
  validateReservation,
  type ReservationErrors,
  type ReservationField,
  type ReservationOptions,
} from '../lib/reservation.ts';
import { showToast } from '../stores/toast.ts';
import options from 'island-data:reservation-options';

/** The error toast's text when the server names no error, and when the request never arrived. */
export const SUBMIT_FAILED = 'Failed to submit reservation request';
export const SEND_FAILED = 'Failed to send reservation request. Please try again.';

type Values = Record<ReservationField, string>;

interface Props {
  /** The hour a pick-up and a return default to, "10:00". */
  defaultTime: string;
}

const DAY_MS = 86_400_000;

function initialValues(options: ReservationOptions, time: string): Values {
  return {
    group: options.groups[0]?.id ?? '',
    quantity: '1',
    pickupDate: '',
    pickupTime: time,
    returnDate: '',
    returnTime: time,
    delivery: SHOWROOM,
    address: '',
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    note: '',
    adult: '',
  };
}

/**
 * The reservation request of /rentals (docs/product.md §Rentals). Its server render is a plain
 * form posting to /api/reserve, which answers with the quote worked out on the server, so it
 * works with JavaScript off. Hydrated, it quotes as the visitor types, takes RESERVE TODAY's
 * ?group=&plan= (also from links on the page, without reloading), and sends JSON. Its figures
 * come with its script (src/integrations/island-data.ts), not as a prop in the page.
 */
export default function ReservationForm({ defaultTime }: Props) {
  const [values, setValues] = useState<Values>(() => initialValues(options, defaultTime));
  const [errors, setErrors] = useState<ReservationErrors>({});
  const [sending, setSending] = useState(false);
  const [today, setToday] = useState<string | undefined>(undefined);
  const [source, setSource] = useState<LeadSource>({});
  const shownAt = useRef(0);
  const attemptKey = useRef<string | undefined>(undefined);
  const honeypot = useRef<HTMLInputElement>(null);

  // The address and the clock are read after hydration, so the first render matches the server's.
  useEffect(() => {
    shownAt.current = performance.now();
    const now = wallClockAt(Date.now(), options.limits.timeZone);
    setToday(dateParts(now).date);

    /** ?group=6-seater&plan=weekly: that cart, from tomorrow for the plan's length. */
    const choose = (params: URLSearchParams) => {
      const group = options.groups.find((g) => g.id === params.get('group'));
      if (!group) return false;
      const plan = group.plans.find((p) => p.key === params.get('plan'));
      setValues((current) => {
        const next = { ...current, group: group.id };
        if (!plan) return next;
        const start = wallClock(current.pickupDate, current.pickupTime) ?? (wallClock(dateParts(now + DAY_MS).date, current.pickupTime) as number);
        const end = dateParts(start + plan.days * DAY_MS);
        return { ...next, pickupDate: dateParts(start).date, returnDate: end.date, returnTime: dateParts(start).time };
      });
      return true;
    };
    const params = new URLSearchParams(window.location.search);
    choose(params);
    setSource(
      leadSourceSchema.parse({
        page: `${window.location.pathname}${window.location.search}`,
        referrer: document.referrer || undefined,
        ...Object.fromEntries(UTM_FIELDS.map((name) => [name, params.get(name) ?? undefined])),
      }),
    );

    // RESERVE TODAY on this page: choose in place instead of loading the page again.
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement)) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin || url.pathname !== window.location.pathname || url.hash !== '#reserve') return;
      if (!choose(url.searchParams)) return;
      event.preventDefault();
      window.history.pushState(null, '', url);
      const form = document.getElementById('reserve');
      form?.scrollIntoView({ block: 'start' });
      document.getElementById('reserve-group')?.focus({ preventScroll: true });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  const quote = liveQuote(values, options);

  function change(field: ReservationField) {
    return (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const target = event.target;
      const value = target instanceof HTMLInputElement && target.type === 'checkbox' ? (target.checked ? 'on' : '') : target.value;
      const next = { ...values, [field]: value };
      setValues(next);
      attemptKey.current = undefined; // Changed input is a new submission.
      if (Object.keys(errors).length > 0) {
        const result = validateReservation(next, options, Date.now());
        setErrors((current) => {
          const updated: ReservationErrors = {};
          for (const name of RESERVATION_FIELDS) if (current[name] && !result.ok && result.errors[name]) updated[name] = result.errors[name];
          return updated;
        });
      }
    };
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const result = validateReservation(values, options, Date.now());
    if (!result.ok) {
      setErrors(result.errors);
      const first = RESERVATION_FIELDS.find((field) => result.errors[field]);
      if (first) document.getElementById(`reserve-${first}`)?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    attemptKey.current ??= newKey();
    try {
      const response = await fetch('/api/reserve', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': attemptKey.current },
        body: JSON.stringify({
          ...values,
          quantity: Number(values.quantity),
          adult: values.adult === 'on',
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
      setValues(initialValues(options, defaultTime));
      attemptKey.current = undefined;
      window.location.assign('/thank-you');
    } catch {
      showToast({ title: 'Error', description: SEND_FAILED, variant: 'destructive' });
      setSending(false);
    }
  }

  const id = (field: ReservationField) => `reserve-${field}`;
  const aria = (field: ReservationField) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': [errors[field] ? `${id(field)}-error` : '', field === 'address' ? 'reserve-address-hint' : ''].filter(Boolean).join(' ') || undefined,
  });
  const fieldClass = (field: ReservationField) =>
    `mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 ${errors[field] ? 'border-2 border-red-700' : 'border-slate-400'}`;
  const label = (field: ReservationField) => (
    <label htmlFor={id(field)} className="block font-semibold text-slate-900">
      {RESERVATION_LABELS[field]}
    </label>
  );
  const error = (field: ReservationField) =>
    errors[field] ? (
      <p id={`${id(field)}-error`} className="mt-1 text-sm font-medium text-red-700">
        {errors[field]}
      </p>
    ) : null;
  const input = (field: ReservationField, type: string, extra: Record<string, string | number | undefined> = {}) => (
    <div>
      {label(field)}
      <input id={id(field)} name={field} type={type} value={values[field]} onChange={change(field)} {...aria(field)} {...extra} className={fieldClass(field)} />
      {error(field)}
    </div>
  );
  const minDate = today ? { min: today } : {};

  return (
    <form method="post" action="/api/reserve" noValidate onSubmit={submit} className="grid gap-6">
      <fieldset className="grid gap-5">
        <legend className="text-lg font-bold text-slate-900">Your rental</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            {label('group')}
            <select id={id('group')} name="group" value={values.group} onChange={change('group')} {...aria('group')} className={fieldClass('group')}>
              {options.groups.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name}
                </option>
              ))}
            </select>
            {error('group')}
          </div>
          <div>
            {label('quantity')}
            <select
              id={id('quantity')}
              name="quantity"
              value={values.quantity}
              onChange={change('quantity')}
              {...aria('quantity')}
              className={fieldClass('quantity')}
            >
              {Array.from({ length: options.limits.maxCarts }, (_, index) => String(index + 1)).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            {error('quantity')}
          </div>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          {input('pickupDate', 'date', { required: '', ...minDate })}
          {input('pickupTime', 'time', { required: '', step: 900 })}
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          {input('returnDate', 'date', { required: '', ...minDate })}
          {input('returnTime', 'time', { required: '', step: 900 })}
        </div>
        <div>
          {label('delivery')}
          <select
            id={id('delivery')}
            name="delivery"
            value={values.delivery}
            onChange={change('delivery')}
            {...aria('delivery')}
            className={fieldClass('delivery')}
          >
            <option value={SHOWROOM}>Pickup at the showroom (free)</option>
            <optgroup label="Delivery to">
              {options.places.map((place) => (
                <option key={place.slug} value={place.slug}>
                  {`${place.name} (${place.miles} mi)`}
                </option>
              ))}
            </optgroup>
          </select>
          {error('delivery')}
        </div>
        <div>
          {label('address')}
          <p id="reserve-address-hint" className="text-sm text-slate-700">
            Only for delivery: where we bring the carts and collect them.
          </p>
          <input
            id={id('address')}
            name="address"
            type="text"
            autoComplete="address-line1"
            maxLength={ADDRESS_MAX}
            value={values.address}
            onChange={change('address')}
            {...aria('address')}
            className={fieldClass('address')}
          />
          {error('address')}
        </div>
      </fieldset>

      <section aria-labelledby="reserve-quote-heading" className="rounded-xl border border-brand-700 bg-brand-50 p-5" data-quote>
        <h3 id="reserve-quote-heading" className="text-lg font-bold text-slate-900">
          Your estimate
        </h3>
        <div aria-live="polite">
          {quote ? (
            <dl className="mt-3 grid gap-2">
              {quoteLines(quote).map(([name, value], index, lines) => (
                <div
                  key={name}
                  className={`flex flex-wrap justify-between gap-x-4 ${index === lines.length - 1 ? 'border-t border-brand-700 pt-2 text-lg font-bold' : ''}`}
                >
                  <dt>{name}</dt>
                  <dd className="font-semibold" data-quote-line={index === lines.length - 1 ? 'total' : undefined}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="mt-2 text-slate-700">
              <span className="noscript:hidden">Choose your dates and the estimate appears here, updated as you change them.</span>
              <span className="hidden noscript:inline">Send the form and we show you the quote before your request goes to us.</span>
            </p>
          )}
          <p className="mt-3 text-sm text-slate-700">{ESTIMATE_NOTE}</p>
        </div>
      </section>

      <fieldset className="grid gap-5">
        <legend className="text-lg font-bold text-slate-900">Your details</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          {input('firstName', 'text', { autoComplete: 'given-name', maxLength: LIMITS.name, required: '' })}
          {input('lastName', 'text', { autoComplete: 'family-name', maxLength: LIMITS.name, required: '' })}
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          {input('email', 'email', { autoComplete: 'email', maxLength: LIMITS.email, required: '' })}
          {input('phone', 'tel', { autoComplete: 'tel', maxLength: LIMITS.phone, required: '' })}
        </div>
        <div>
          {label('note')}
          <textarea
            id={id('note')}
            name="note"
            rows={3}
            maxLength={NOTE_MAX}
            value={values.note}
            onChange={change('note')}
            {...aria('note')}
            className={fieldClass('note')}
          />
          {error('note')}
        </div>
        <div>
          <div className="flex items-start gap-3">
            <input
              id={id('adult')}
              name="adult"
              type="checkbox"
              checked={values.adult === 'on'}
              onChange={change('adult')}
              {...aria('adult')}
              className="mt-0.5 size-6 shrink-0 accent-brand-700"
            />
            <label htmlFor={id('adult')} className="font-semibold text-slate-900">
              {RESERVATION_LABELS.adult}
            </label>
          </div>
          {error('adult')}
        </div>
      </fieldset>

      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`reserve-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input ref={honeypot} id={`reserve-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div>
        <button type="submit" className="btn btn-primary w-full disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto" disabled={sending}>
          {sending ? 'Sending...' : 'Request Reservation'}
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
