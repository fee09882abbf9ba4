import type { Dealer } from '../../../src/lib/data/dealer.ts';
import { IDEMPOTENCY_FIELD, UTM_FIELDS } from '../../../src/lib/leads/inquiry.ts';
import type { FormSpec, Values } from '../../../src/lib/leads/form.ts';
import type { Quote } from '../../../src/lib/rentals/quote.ts';
import { ESTIMATE_NOTE, quoteLines, RESERVATION_FIELDS, TRIP_FIELDS, whenText, type Reservation } from '../../../src/lib/leads/reservation.ts';
import { carriedFields, formFields, hidden, honeypot, stepPage, type PageSpec } from './form-page.ts';
import { escapeHtml } from '../text.ts';

/**
 * The steps of the reservation form without JavaScript (docs/product.md §Rentals), on the one
 * form page renderer (form-page.ts): Get quote answers the quote for the cart, the dates and
 * the place alone, with the details form under it; a request sent whole answers the quote with
 * the details to check; Send request files it.
 */

/** The posted field that says which step a form post is: "quote", "send" or "edit". */
export const STEP_FIELD = 'step';

/** The hidden fields that carry where the lead came from through the next post. */
export const RESERVATION_CARRIED = ['page', 'referrer', ...UTM_FIELDS] as const;

export const BACK = { href: '/rentals', text: 'Back to the rentals page' } as const;

export function reservationPageSpec(form: FormSpec): PageSpec {
  return {
    title: 'Reserve a Rental',
    action: '/api/reserve',
    form,
    submit: 'Request Reservation',
    noun: 'request',
    back: BACK,
    carried: RESERVATION_CARRIED,
    introUnchanged: 'Change what you need and ask for your quote again. Nothing has been sent yet.',
    again: 'ask for your quote again',
    extraButtons: `<button type="submit" name="${STEP_FIELD}" value="quote" class="secondary">Get quote</button>`,
  };
}

const list = (rows: [string, string][], totalLast = false) =>
  `<dl>${rows.map(([dt, dd], i) => `<div${totalLast && i === rows.length - 1 ? ' class="total"' : ''}><dt>${escapeHtml(dt)}</dt><dd>${escapeHtml(dd)}</dd></div>`).join('')}</dl>`;

/** The estimate as the no-JavaScript pages show it: the total as the heading, its lines, and the note. */
export function quoteBlock(quote: Quote): string {
  const lines = quoteLines(quote);
  return `<section class="quote" aria-labelledby="quote-heading" data-quote>
<h2 id="quote-heading">Estimated total ${escapeHtml(lines[lines.length - 1]?.[1] ?? '')}</h2>
${list(lines, true)}
<p class="note">${escapeHtml(ESTIMATE_NOTE)}</p>
</section>`;
}

const tripRows = (quote: Quote, pickUp: string, dropOff: string, address: string): [string, string][] => [
  ['Cart type', `${quote.group.name} × ${quote.quantity}`],
  ['Pick-up', whenText(pickUp)],
  ['Return', whenText(dropOff)],
  ...(quote.delivery.kind === 'delivery' ? ([['Delivery address', address]] as [string, string][]) : []),
];

const STEP_BUTTONS = `<button type="submit" name="${STEP_FIELD}" value="send">Send request</button>
<button type="submit" name="${STEP_FIELD}" value="edit" class="secondary">Change details</button>`;

/**
 * The request sent whole, checked and quoted: the quote, the request to check, and a button
 * that sends it exactly as quoted (every field rides along hidden), or goes back to change it.
 */
export function reservationQuotePage(reservation: Reservation, values: Values, idempotencyKey: string, dealer: Dealer): string {
  const { quote, input } = reservation;
  const details: [string, string][] = [
    ...tripRows(quote, reservation.pickUp, reservation.dropOff, input.address),
    ['Name', `${input.firstName} ${input.lastName}`],
    ['Email', input.email],
    ['Phone', input.phone],
  ];
  // The store rides along only on a site with several stores (its requests name one).
  const fields = RESERVATION_FIELDS.filter((name) => name !== 'store' || reservation.store)
    .map((name) => hidden(name, name === 'adult' ? 'on' : text(values[name])))
    .join('');
  return stepPage(
    'Your Rental Quote',
    `<p>Check the details, then send your request. Nothing has been sent yet.</p>
${quoteBlock(quote)}
<section aria-labelledby="details-heading">
<h2 id="details-heading">Your request</h2>
${list(details)}
</section>
<form method="post" action="/api/reserve" class="actions">
${fields}${carriedFields(RESERVATION_CARRIED, values)}${hidden(IDEMPOTENCY_FIELD, idempotencyKey)}${honeypot('reserve')}
${STEP_BUTTONS}
</form>`,
    BACK,
    dealer,
  );
}

/**
 * Get quote: the quote for the trip alone (no personal details needed), the trip to check, and
 * the details form under it to send the request.
 */
export function reservationTripQuotePage(quote: Quote, values: Values, form: FormSpec, idempotencyKey: string, dealer: Dealer): string {
  const pickUp = `${text(values.pickupDate)}T${text(values.pickupTime)}`;
  const dropOff = `${text(values.returnDate)}T${text(values.returnTime)}`;
  // The store is a trip field only where the form offers it (several stores).
  const trip = TRIP_FIELDS.filter((name) => form.fields.some((field) => field.name === name))
    .map((name) => hidden(name, text(values[name])))
    .join('');
  const details: FormSpec = { ...form, sections: form.sections.filter((section) => section.legend === 'Your details') };
  return stepPage(
    'Your Rental Quote',
    `<p>Here is your quote. To send the request, add your details below. Nothing has been sent yet.</p>
${quoteBlock(quote)}
<section aria-labelledby="trip-heading">
<h2 id="trip-heading">Your rental</h2>
${list(tripRows(quote, pickUp, dropOff, text(values.address)))}
</section>
<form method="post" action="/api/reserve" novalidate>
${formFields(details, values, {})}
${trip}${carriedFields(RESERVATION_CARRIED, values)}${hidden(IDEMPOTENCY_FIELD, idempotencyKey)}${honeypot('reserve')}
<div class="actions">${STEP_BUTTONS.replace('Change details', 'Change the rental')}</div>
</form>`,
    BACK,
    dealer,
  );
}

function text(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}
