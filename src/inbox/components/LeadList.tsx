import { useStore } from '@nanostores/react';
import type { SubmitEvent } from 'react';
import { durationText, formLabel, LEAD_STATUSES, STATUS_LABELS, valueLabel } from '../../lib/inbox/labels.ts';
import { leadHash } from '../../lib/inbox/lead-address.ts';
import { $filters, $list, $offlineSince, findLeads, setFilter, turnPage, type Filters } from '../state.ts';
import { BUTTON, Field, H1, HINT, INPUT, PRIMARY, PromiseBadge, StatusBadge, useFocusTarget, when } from './ui.tsx';

function Choice({ name, label, values, text }: { name: keyof Filters; label: string; values: readonly string[]; text: (value: string) => string }) {
  const filters = useStore($filters);
  const id = `f-${name}`;
  return (
    <Field label={label} htmlFor={id}>
      <select id={id} name={name} className={INPUT} value={filters[name]} onChange={(event) => setFilter(name, event.currentTarget.value)}>
        <option value="">Any</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {text(value)}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The list (docs/operations.md §The dealer's inbox): found by the filters, newest first, a page at a time, with the response times. */
export default function LeadList({ hidden }: { hidden: boolean }) {
  const list = useStore($list);
  const offline = useStore($offlineSince);
  const filters = useStore($filters);
  const title = useFocusTarget<HTMLHeadingElement>('list');
  const facets = list?.facets ?? { departments: [], forms: [], stores: [] };
  const stores = facets.stores.length > 1;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    findLeads();
  };

  return (
    <section aria-labelledby="list-title" hidden={hidden}>
      <h1 id="list-title" ref={title} tabIndex={-1} className={H1}>
        Leads
      </h1>
      {offline && (
        <p className="my-2 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
          Offline: showing the list as of <time dateTime={offline.toISOString()}>{when(offline.getTime())}</time>. Nothing can be changed until the device is
          back online.
        </p>
      )}
      <form role="search" aria-label="Find leads" onSubmit={submit} className="grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] items-end gap-x-3">
        <Field label="Name, e-mail, phone or stock number" htmlFor="f-q" wide>
          <input
            id="f-q"
            name="q"
            type="search"
            autoComplete="off"
            className={INPUT}
            value={filters.q}
            onChange={(event) => setFilter('q', event.currentTarget.value)}
          />
        </Field>
        <Choice name="status" label="Status" values={LEAD_STATUSES} text={(value) => STATUS_LABELS[value as keyof typeof STATUS_LABELS] ?? value} />
        <Choice name="department" label="Department" values={facets.departments} text={valueLabel} />
        <Choice name="form" label="Form" values={facets.forms} text={formLabel} />
        {stores && <Choice name="store" label="Store" values={facets.stores} text={valueLabel} />}
        <p className="my-2">
          <button type="submit" className={PRIMARY}>
            Show
          </button>
        </p>
      </form>
      {list && (
        <>
          <p className="my-3">{list.total === 0 ? 'No leads match.' : `${list.total} lead${list.total === 1 ? '' : 's'}, newest first.`}</p>
          <ul className="space-y-2">
            {list.leads.map((lead) => (
              <li key={lead.id}>
                <a
                  href={leadHash(lead.id)}
                  className="block rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 no-underline hover:border-brand-800"
                >
                  <span className="font-bold text-brand-800 underline">{lead.name || '(no name)'}</span> <StatusBadge status={lead.status} />{' '}
                  <PromiseBadge promise={lead.promise} />
                  <span className={`block ${HINT}`}>
                    {[
                      valueLabel(lead.department),
                      valueLabel(lead.form),
                      lead.stock ? `stock ${lead.stock}` : '',
                      stores && lead.store ? valueLabel(lead.store) : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                  <span className={`block ${HINT}`}>
                    <time dateTime={new Date(lead.at).toISOString()}>{`${when(lead.at)} (${durationText(list.shownAt - lead.at)} ago)`}</time>
                  </span>
                </a>
              </li>
            ))}
          </ul>
          <nav aria-label="Pages" className="my-4 flex items-center gap-3">
            <button type="button" className={BUTTON} disabled={list.page <= 1} onClick={() => turnPage(-1)}>
              Previous page
            </button>
            <span className="whitespace-nowrap">{`Page ${list.page} of ${list.pages}`}</span>
            <button type="button" className={BUTTON} disabled={list.page >= list.pages} onClick={() => turnPage(1)}>
              Next page
            </button>
          </nav>
          <details className="my-4">
            <summary className="cursor-pointer font-semibold">First response times</summary>
            <p className={`my-2 ${HINT}`}>Median time from a lead&apos;s arrival to its first status other than New, per week of arrival.</p>
            <table className="w-full border-collapse text-sm">
              <thead>
                <tr>
                  {['Week of', 'Department', 'Leads', 'Median'].map((head) => (
                    <th key={head} scope="col" className="border-b border-slate-300 px-1.5 py-1 text-left">
                      {head}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.responseTimes.length === 0 ? (
                  <tr>
                    <td colSpan={4} className="border-b border-slate-300 px-1.5 py-1">
                      No leads in the last 8 weeks.
                    </td>
                  </tr>
                ) : (
                  list.responseTimes.map((row) => (
                    <tr key={`${row.week} ${row.department}`}>
                      {[
                        row.week,
                        valueLabel(row.department),
                        String(row.leads),
                        row.medianMinutes === null ? 'no answer yet' : durationText(row.medianMinutes * 60_000),
                      ].map((cell, i) => (
                        <td key={i} className="border-b border-slate-300 px-1.5 py-1">
                          {cell}
                        </td>
                      ))}
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </details>
        </>
      )}
    </section>
  );
}
