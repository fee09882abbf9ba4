import { useState, type SubmitEvent } from 'react';
import { calendarDay } from '../../lib/units/build-clock.ts';
import { downloadArchive, downloadCsv } from '../state.ts';
import { BUTTON, Field, H1, H2, HINT, INPUT, PRIMARY, useFocusTarget } from './ui.tsx';

/** The leads of a period as CSV, and the archive of everything (docs/operations.md §The dealer's archive). */
export default function ExportView({ hidden }: { hidden: boolean }) {
  const title = useFocusTarget<HTMLHeadingElement>('export');
  // This month so far, in the dealer's calendar.
  const [to, setTo] = useState(() => calendarDay(new Date()));
  const [from, setFrom] = useState(() => `${to.slice(0, 8)}01`);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    downloadCsv(from, to);
  };
  return (
    <section aria-labelledby="export-title" hidden={hidden}>
      <h1 id="export-title" ref={title} tabIndex={-1} className={H1}>
        Export leads
      </h1>
      <form onSubmit={submit} className="grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] items-end gap-x-3">
        <Field label="From" htmlFor="from">
          <input id="from" name="from" type="date" required className={INPUT} value={from} onChange={(event) => setFrom(event.currentTarget.value)} />
        </Field>
        <Field label="To" htmlFor="to">
          <input id="to" name="to" type="date" required className={INPUT} value={to} onChange={(event) => setTo(event.currentTarget.value)} />
        </Field>
        <p className="my-2">
          <button type="submit" className={PRIMARY}>
            Download CSV
          </button>
        </p>
      </form>
      <h2 className={H2}>Everything, to keep</h2>
      <p className={HINT}>
        Every lead with its handling, notes and photos, the alert subscribers and the deletion records, in one file that <code>npm run leads -- restore</code>{' '}
        puts back into this or another site.
      </p>
      <p className="my-2">
        <button type="button" className={BUTTON} onClick={downloadArchive}>
          Download the archive
        </button>
      </p>
    </section>
  );
}
