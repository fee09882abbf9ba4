import { useStore } from '@nanostores/react';
import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { PROMISE_LABELS, STATUS_LABELS, type LeadStatus } from '../../lib/inbox/labels.ts';
import { DEALER_TIME_ZONE } from '../../lib/units/build-clock.ts';
import { $focus, type FocusTarget } from '../state.ts';

/** The inbox's small parts, in the site's Tailwind (src/styles/global.css: .btn, .card, .link). */

const time = new Intl.DateTimeFormat('en-US', { timeZone: DEALER_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
export const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
/** A moment as the dealer reads it, in the dealer's time zone. */
export const when = (iso: string | number | undefined) => (iso === undefined || iso === '' ? '' : time.format(new Date(iso)));

export const BUTTON = 'btn btn-outline disabled:cursor-default disabled:border-slate-300 disabled:text-slate-500 disabled:hover:bg-white';
export const PRIMARY = 'btn btn-primary';
export const DANGER = 'btn bg-red-700 text-white hover:bg-red-800';
export const INPUT = 'block min-h-11 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-slate-900';
export const LABEL = 'block text-sm font-semibold';
export const HINT = 'text-sm text-slate-600';
export const H1 = 'my-3 text-2xl font-bold tracking-tight focus:outline-none';
export const H2 = 'mt-5 mb-2 text-lg font-bold focus:outline-none';

/** A heading that takes the focus when the page asks for it (after navigation, docs/product.md §Inbox). */
export function useFocusTarget<T extends HTMLElement>(target: FocusTarget) {
  const ref = useRef<T>(null);
  const focus = useStore($focus);
  useEffect(() => {
    if (focus?.target === target) ref.current?.focus();
  }, [focus, target]);
  return ref;
}

export function Field({ label, htmlFor, wide = false, children }: { label: string; htmlFor: string; wide?: boolean; children: ReactNode }) {
  return (
    <p className={`my-1 ${wide ? 'col-span-full' : ''}`}>
      <label htmlFor={htmlFor} className={LABEL}>
        {label}
      </label>
      {children}
    </p>
  );
}

export function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card mb-3 px-4 pt-1 pb-3">
      <h2 className={H2}>{title}</h2>
      {children}
    </section>
  );
}

/** Label/value rows as a description list. */
export function Rows({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <dl className="grid grid-cols-[minmax(6rem,max-content)_1fr] gap-x-3 gap-y-1">
      {rows.map(([term, detail], i) => (
        <Fragment key={i}>
          <dt className="font-semibold">{term}</dt>
          <dd className="wrap-anywhere">{detail}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

const BADGE = 'inline-block rounded border border-current px-1.5 text-sm font-semibold';

export function StatusBadge({ status }: { status: LeadStatus }) {
  return <span className={BADGE}>{STATUS_LABELS[status] ?? status}</span>;
}

/** The promise's badge (functions/lib/inbox/promise.ts): shown only when a lead is late or overdue. */
export function PromiseBadge({ promise }: { promise: string }) {
  if (promise !== 'late' && promise !== 'overdue') return null;
  return <span className={`${BADGE} ${promise === 'late' ? 'text-amber-800' : 'text-red-700'}`}>{PROMISE_LABELS[promise] ?? promise}</span>;
}
