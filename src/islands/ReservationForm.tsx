import { useEffect, useState } from 'react';
import Honeypot from '../components/forms/Honeypot.tsx';
import LeadFields from '../components/forms/LeadFields.tsx';
import { useLeadSubmit } from '../components/forms/use-lead-submit.ts';
import type { Errors } from '../lib/leads/form.ts';
import { dateParts, wallClock, wallClockAt } from '../lib/rentals/quote.ts';
import {
  ESTIMATE_NOTE,
  liveQuote,
  quoteLines,
  RESERVATION_FIELDS,
  reservationForm,
  SHOWROOM,
  validateReservation,
  type ReservationOptions,
} from '../lib/leads/reservation.ts';
import options from 'island-data:reservation-options';

/** The error toast's text when the server names no error, and when the request never arrived. */
export const SUBMIT_FAILED = 'Failed to submit reservation request';
export const SEND_FAILED = 'Failed to send reservation request. Please try again.';

interface Props {
  /** The hour a pick-up and a return default to, "10:00". */
  defaultTime: string;
}

const DAY_MS = 86_400_000;
const form = reservationForm(options);

function initialValues(options: ReservationOptions, time: string) {
  return {
    group: options.groups[0]?.id ?? '',
    quantity: '1',
    pickupDate: '',
    pickupTime: time,
    returnDate: '',
    returnTime: time,
    delivery: SHOWROOM,
    // With several stores: "" for the nearest to the delivery town (docs/product.md §Stores).
    ...(options.stores ? { store: '' } : {}),
    address: '',
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    note: '',
    adult: '',
  };
}

const errorsOf = (values: ReturnType<typeof initialValues>): Errors => {
  const result = validateReservation(values, options, Date.now());
  return result.ok ? {} : result.errors;
};

/**
 * The reservation request of /rentals (docs/product.md §Rentals). Its server render is a plain
 * form posting to /api/reserve: without JavaScript, Get quote answers the quote for the cart,
 * dates and place before any personal details are asked. Hydrated, it quotes as the visitor
 * types, takes RESERVE TODAY's ?group=&plan= (also from links on the page, without reloading),
 * and sends through the one submit path. Its figures come with its script
 * (src/integrations/island-data.ts), not as a prop in the page.
 */
export default function ReservationForm({ defaultTime }: Props) {
  const [today, setToday] = useState<string | undefined>(undefined);
  const { values, setValues, errors, change, submit, sending, honeypot } = useLeadSubmit({
    endpoint: '/api/reserve',
    prefix: form.prefix,
    order: RESERVATION_FIELDS,
    initial: initialValues(options, defaultTime),
    prepare: (current) => {
      const result = validateReservation(current, options, Date.now());
      return result.ok
        ? { ok: true, body: { ...current, quantity: Number(current.quantity), adult: current.adult === 'on' } }
        : { ok: false, errors: result.errors };
    },
    recheck: errorsOf,
    analytics: { name: 'rental_reservation', type: 'rental', department: 'rental' },
    texts: { submitFailed: SUBMIT_FAILED, sendFailed: SEND_FAILED },
  });

  // The clock and RESERVE TODAY's choice are read after hydration, so the first render matches the server's.
  useEffect(() => {
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
    choose(new URLSearchParams(window.location.search));

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
      document.getElementById('reserve')?.scrollIntoView({ block: 'start' });
      document.getElementById('reserve-group')?.focus({ preventScroll: true });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [setValues]);

  const quote = liveQuote(values, options);
  const minDate: Record<string, string> = today ? { min: today } : {};

  const estimate = (
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
                <dd className="grow text-right font-semibold" data-quote-line={index === lines.length - 1 ? 'total' : undefined}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="mt-2 text-slate-700">
            <span className="noscript:hidden">Choose your dates and the estimate appears here, updated as you change them.</span>
            <span className="hidden noscript:inline">Press Get quote and we show you the quote: no personal details needed for it.</span>
          </p>
        )}
        <p className="mt-3 text-sm text-slate-700">{ESTIMATE_NOTE}</p>
      </div>
      <button type="submit" name="step" value="quote" className="btn btn-outline mt-4 hidden noscript:inline-flex">
        Get quote
      </button>
    </section>
  );

  return (
    <form method="post" action="/api/reserve" noValidate onSubmit={submit} className="grid gap-6">
      <LeadFields form={form} values={values} errors={errors} onChange={change} after={{ 0: estimate }} extra={{ pickupDate: minDate, returnDate: minDate }} />
      <Honeypot prefix="reserve" inputRef={honeypot} />
      <div>
        <button type="submit" className="btn btn-primary w-full disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto" disabled={sending}>
          {sending ? 'Sending...' : 'Request Reservation'}
        </button>
      </div>
    </form>
  );
}
