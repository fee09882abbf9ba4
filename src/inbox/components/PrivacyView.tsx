import { useStore } from '@nanostores/react';
import { useState, type SubmitEvent } from 'react';
import { formLabel } from '../../lib/inbox/labels.ts';
import { $deletions, $privacy, askToDelete, deletePerson, findPerson, type PrivacyRequest } from '../state.ts';
import { BUTTON, DANGER, Field, H1, H2, HINT, INPUT, PRIMARY, useFocusTarget, when } from './ui.tsx';

function Found({ request }: { request: PrivacyRequest }) {
  const { person, found, confirming } = request;
  const heading = useFocusTarget<HTMLHeadingElement>('privacy-found');
  const question = useFocusTarget<HTMLParagraphElement>('privacy-question');
  const alerts = found.subscriptions.reduce((sum, subscription) => sum + subscription.alerts, 0);
  const nothing = found.leads.length === 0 && found.receipts === 0 && found.subscriptions.length === 0;
  const leads = found.leads.map((lead) => `${formLabel(lead.form)} of ${when(lead.receivedAt)}`).join('; ');
  return (
    <div>
      {!confirming && (
        <h2 ref={heading} tabIndex={-1} className={H2}>
          {`Held about ${person}`}
        </h2>
      )}
      <ul className="list-disc pl-6">
        <li>{`${found.leads.length} lead(s)${found.leads.length ? `: ${leads}` : ''}`}</li>
        <li>{`${found.photos} photo(s) with those leads`}</li>
        <li>{`${found.subscriptions.length} alert subscription(s) with ${alerts} alert(s)`}</li>
        <li>{`${found.receipts} receipt record(s)`}</li>
        <li>The mail log keeps no addresses: nothing of theirs is there.</li>
      </ul>
      {confirming ? (
        <>
          <p ref={question} tabIndex={-1} className="my-3 font-semibold focus:outline-none">
            {`Delete everything above about ${person}? This cannot be undone.`}
          </p>
          <p className="my-3 flex flex-wrap gap-3">
            <button type="button" className={DANGER} onClick={deletePerson}>
              Yes, delete it for good
            </button>
            <button type="button" className={BUTTON} onClick={() => findPerson(person)}>
              Cancel
            </button>
          </p>
        </>
      ) : nothing ? (
        <p className="my-3">Nothing to delete.</p>
      ) : (
        <p className="my-3">
          <button type="button" className={DANGER} onClick={askToDelete}>
            Delete all of this
          </button>
        </p>
      )}
    </div>
  );
}

/** A person's privacy request (docs/decisions/privacy-requests.md): find everything held about them, delete it on request. */
export default function PrivacyView({ hidden }: { hidden: boolean }) {
  const request = useStore($privacy);
  const deletions = useStore($deletions);
  const title = useFocusTarget<HTMLHeadingElement>('privacy');
  const [person, setPerson] = useState('');
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    findPerson(person);
  };
  return (
    <section aria-labelledby="privacy-title" hidden={hidden}>
      <h1 id="privacy-title" ref={title} tabIndex={-1} className={H1}>
        Privacy requests
      </h1>
      <p>Find everything the site holds about a person, and delete it when they ask.</p>
      <form onSubmit={submit} className="grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] items-end gap-x-3">
        <Field label="E-mail address or phone number" htmlFor="person" wide>
          <input
            id="person"
            name="person"
            type="text"
            autoComplete="off"
            required
            className={INPUT}
            value={person}
            onChange={(event) => setPerson(event.currentTarget.value)}
          />
        </Field>
        <p className="my-2">
          <button type="submit" className={PRIMARY}>
            Find
          </button>
        </p>
      </form>
      {request && <Found request={request} />}
      <h2 className={H2}>Deletions done</h2>
      <ul className="space-y-2">
        {deletions?.length === 0 && <li className={HINT}>None yet.</li>}
        {deletions?.map((record, i) => (
          <li key={i}>
            {`${when(record.at)} by ${record.by}: ${record.leads} lead(s), ${record.photos} photo(s), ${record.subscriptions} alert subscription(s), ${record.receipts} receipt record(s)`}
          </li>
        ))}
      </ul>
    </section>
  );
}
