import { useStore } from '@nanostores/react';
import { useState, type SubmitEvent } from 'react';
import type { LeadDetailAnswer } from '../../../functions/lib/inbox/api.ts';
import type { DeliveryEntry } from '../../../functions/lib/inbox/detail.ts';
import { formLabel, LEAD_STATUSES, STATUS_LABELS, valueLabel, type LeadStatus } from '../../lib/inbox/labels.ts';
import type { ReplyChannel } from '../../lib/inbox/replies.ts';
import { $lead, addNote, replied, resendEmails, saveStatus } from '../state.ts';
import { BUTTON, Card, Field, H1, HINT, INPUT, money, PRIMARY, PromiseBadge, Rows, StatusBadge, useFocusTarget, when } from './ui.tsx';

type Row = readonly [string, string];

const REPLY_NAMES: Record<ReplyChannel, string> = { call: 'Called', text: 'Texted', email: 'E-mailed' };

const MESSAGE_NAMES: Readonly<Record<DeliveryEntry['message'], string>> = {
  dealer: "Dealer's e-mail (with ADF)",
  crm: 'ADF copy to the CRM',
  fallback: 'Plain copy',
  receipt: "Visitor's receipt",
};

const humanKey = (key: string) => valueLabel(key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());

/** Every stored field as label/value rows: nested records flattened ("Trade · Battery age"). */
function rows(value: unknown, label: string): Row[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value))
    return value.every((item) => typeof item !== 'object') ? [[label, value.join(', ')]] : value.flatMap((item, i) => rows(item, `${label} ${i + 1}`));
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => rows(item, label ? `${label} · ${humanKey(key)}` : humanKey(key)));
  return [[label, typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value)]];
}

/**
 * A reply link (docs/product.md §Inbox): the tap opens the phone's dialler, messages or mail with
 * the dealer's template (data/replies.json) and records the first response; the link's own
 * navigation is never held back.
 */
function ReplyLink({ id, channel, href, children }: { id: string; channel: ReplyChannel; href: string; children: string }) {
  return (
    <a
      href={href}
      data-reply={channel}
      onClick={() => replied(id, channel)}
      className="inline-block rounded-lg border border-brand-800 px-3.5 py-2 font-medium text-brand-800 underline underline-offset-2 wrap-anywhere hover:bg-brand-50"
    >
      {children}
    </a>
  );
}

function StatusForm({ id, status }: { id: string; status: LeadStatus }) {
  const [chosen, setChosen] = useState<LeadStatus>(status);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    saveStatus(id, chosen);
  };
  return (
    <form onSubmit={submit}>
      <Field label="Status of this lead" htmlFor="lead-status">
        <select id="lead-status" name="status" className={INPUT} value={chosen} onChange={(event) => setChosen(event.currentTarget.value as LeadStatus)}>
          {LEAD_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </Field>
      <p className="my-2">
        <button type="submit" className={PRIMARY}>
          Save status
        </button>
      </p>
    </form>
  );
}

function NoteForm({ id }: { id: string }) {
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    addNote(id, String(new FormData(event.currentTarget).get('note') ?? ''));
  };
  return (
    <form onSubmit={submit}>
      <Field label="New note" htmlFor="note">
        <textarea id="note" name="note" rows={3} maxLength={4000} required className={INPUT} />
      </Field>
      <p className="my-2">
        <button type="submit" className={BUTTON}>
          Add note
        </button>
      </p>
    </form>
  );
}

function LeadContent({ detail }: { detail: LeadDetailAnswer }) {
  const { lead, handling, unit, delivery } = detail;
  const { inquiry, source, id, receivedAt, form, photos: _photos, unit: _unit, status: delivered, ...records } = lead;
  const replies = handling.replies ?? [];
  const statusName = (status: string) => STATUS_LABELS[status as LeadStatus] ?? status;
  return (
    <>
      <p className="my-2">
        <StatusBadge status={handling.status} /> <PromiseBadge promise={detail.promise} />{' '}
        {`${valueLabel(inquiry.interest)} · ${formLabel(form ?? 'contact')} · ${when(receivedAt)}`}
      </p>
      <p className="my-3 flex flex-wrap gap-3">
        <ReplyLink id={id} channel="call" href={detail.reply.call}>{`Call ${inquiry.phone}`}</ReplyLink>
        <ReplyLink id={id} channel="text" href={detail.reply.text}>{`Text ${inquiry.phone}`}</ReplyLink>
        <ReplyLink id={id} channel="email" href={detail.reply.email}>{`E-mail ${inquiry.email}`}</ReplyLink>
      </p>
      <Card title="Status">
        <StatusForm id={id} status={handling.status} />
      </Card>
      <Card title="Message">
        <p className="whitespace-pre-wrap wrap-anywhere">{inquiry.message}</p>
      </Card>
      {unit && (
        <Card title="The unit">
          <Rows
            rows={[
              ['Unit', unit.name],
              ['Stock number', unit.stockNumber],
              ['Price then', unit.priceThen === null ? 'not recorded' : money.format(unit.priceThen)],
              ['Price now', unit.priceNow === null ? 'no longer listed' : money.format(unit.priceNow)],
              ...(unit.status ? [['Status now', valueLabel(unit.status)] as const] : []),
            ]}
          />
          <p className="my-2">
            <a href={unit.path} className="link">{`Open ${unit.name}`}</a>
          </p>
        </Card>
      )}
      {detail.photos.length > 0 && (
        <Card title="Photos">
          <ul className="list-disc pl-6">
            {detail.photos.map((photo) => (
              <li key={photo.n}>
                {photo.url ? (
                  <a href={photo.url} target="_blank" rel="noopener noreferrer" className="link">{`${photo.name} (link good for an hour)`}</a>
                ) : (
                  `${photo.name} (photo links are not set up)`
                )}
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Card title="Details">
        <Rows
          rows={[
            ['Name', `${inquiry.firstName} ${inquiry.lastName}`],
            ['E-mail', inquiry.email],
            ['Phone', inquiry.phone],
            ['Department', valueLabel(inquiry.interest)],
            ['Received', when(receivedAt)],
            ...rows(records, ''),
            ...rows(source, 'Source'),
            ['E-mail delivery', delivered === 'sent' ? 'all sent' : 'still sending'],
            ['Lead id', id],
          ]}
        />
      </Card>
      <Card title="Notes">
        {handling.notes.length === 0 ? (
          <p className={HINT}>No notes yet.</p>
        ) : (
          <ol className="list-decimal space-y-2 pl-6">
            {handling.notes.map((note, i) => (
              <li key={i}>
                <p className="whitespace-pre-wrap wrap-anywhere">{note.text}</p>
                <p className={HINT}>{`${note.by}, ${when(note.at)}`}</p>
              </li>
            ))}
          </ol>
        )}
        <NoteForm id={id} />
      </Card>
      <Card title="Status changes">
        {handling.history.length === 0 ? (
          <p className={HINT}>Still as it came in.</p>
        ) : (
          <ol className="list-decimal pl-6">
            {handling.history.map((change, i) => (
              <li key={i}>{`${statusName(change.from)} → ${statusName(change.to)}, by ${change.by}, ${when(change.at)}`}</li>
            ))}
          </ol>
        )}
        {replies.length > 0 && (
          <ol className="mt-2 list-decimal pl-6">
            {replies.map((reply, i) => (
              <li key={i}>{`${REPLY_NAMES[reply.channel]} by ${reply.by}, ${when(reply.at)}`}</li>
            ))}
          </ol>
        )}
      </Card>
      <Card title="E-mails of this lead">
        <ul className="mb-2 list-disc pl-6">
          {delivery.messages.map((entry, i) => (
            <li
              key={i}
            >{`${MESSAGE_NAMES[entry.message] ?? entry.message}: ${entry.skipped ? `not sent (${entry.skipped})` : `sent ${when(entry.sentAt)}`}`}</li>
          ))}
          {delivery.messages.length === 0 && <li>Nothing sent yet.</li>}
        </ul>
        <Rows
          rows={[
            ['Attempts', String(delivery.attempts)],
            ...(delivery.lastError ? [['Last problem', delivery.lastError] as const] : []),
            ...(delivery.nextAttemptAt ? [['Next try', when(delivery.nextAttemptAt)] as const] : []),
          ]}
        />
        <p className="my-2">
          <button type="button" className={BUTTON} onClick={() => resendEmails(id)}>
            Send its e-mails again
          </button>
        </p>
      </Card>
    </>
  );
}

/** One lead (functions/lib/inbox/detail.ts): everything stored, its unit, photos, handling and e-mails. */
export default function LeadView({ hidden }: { hidden: boolean }) {
  const detail = useStore($lead);
  const title = useFocusTarget<HTMLHeadingElement>('lead');
  const name = detail ? `${detail.lead.inquiry.firstName} ${detail.lead.inquiry.lastName}`.trim() : '';
  return (
    <section aria-labelledby="lead-title" hidden={hidden}>
      <p className="my-2">
        <a href="#/" className="link">
          All leads
        </a>
      </p>
      <h1 id="lead-title" ref={title} tabIndex={-1} className={H1}>
        {name || 'Lead'}
      </h1>
      {detail && <LeadContent key={detail.seq} detail={detail} />}
    </section>
  );
}
