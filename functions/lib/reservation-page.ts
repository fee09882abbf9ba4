import type { Dealer } from '../../src/lib/data/dealer.ts';
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD, LIMITS, UTM_FIELDS } from '../../src/lib/inquiry.ts';
import {
  ADDRESS_MAX,
  ESTIMATE_NOTE,
  NOTE_MAX,
  quoteLines,
  RESERVATION_FIELDS,
  RESERVATION_LABELS,
  SHOWROOM,
  whenText,
  type Reservation,
  type ReservationErrors,
  type ReservationField,
  type ReservationOptions,
} from '../../src/lib/reservation.ts';
import { FORM_PAGE_STYLE, functionPageHtml } from './form-page.ts';
import { escapeHtml } from './text.ts';

/**
 * The pages /api/reserve answers a plain HTML form post with (JavaScript off): the quote worked
 * out on the server with a button that sends the request (step "send"), or the form again with
 * its errors and the visitor's input kept.
 */

/** The posted field that says which step a form post is: "send" files the request; "edit" shows the form. */
export const STEP_FIELD = 'step';

/** The hidden fields that carry where the lead came from through the next post. */
const CARRIED = ['page', 'referrer', ...UTM_FIELDS] as const;

const STYLE = `${FORM_PAGE_STYLE}
fieldset{border:0;margin:0;padding:0;display:grid;gap:1rem}legend{font-weight:700;font-size:1.125rem;margin-bottom:.5rem}
.check{display:flex;gap:.75rem;align-items:flex-start}.check input{width:1.5rem;min-height:1.5rem;height:1.5rem;margin-top:.125rem}
.quote{background:#f0fdf4;border:2px solid #166534;border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0}.quote h2{margin:0 0 .5rem;font-size:1.25rem}
dl{margin:0;display:grid;gap:.375rem}dl div{display:flex;flex-wrap:wrap;justify-content:space-between;gap:0 1rem}dt{margin:0}dd{margin:0;font-weight:600}
dl div.total{border-top:1px solid #166534;padding-top:.375rem;font-size:1.125rem;font-weight:700}.note{font-size:.9375rem;color:#334155}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;margin-top:1.25rem}button.secondary{background:#fff;color:#166534;border:2px solid #166534}button.secondary:hover{background:#f0fdf4}
`;

function shell(title: string, dealer: Dealer, body: string): string {
  return functionPageHtml(
    title,
    dealer,
    STYLE,
    `${body}
<p><a href="/rentals">Back to the rentals page</a></p>`,
  );
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
const honeypotField = `<div class="hp" aria-hidden="true"><label for="reserve-${HONEYPOT_FIELD}">Leave this field empty</label><input id="reserve-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off"></div>`;
const carried = (values: Record<string, string>) =>
  CARRIED.filter((name) => values[name])
    .map((name) => hidden(name, values[name] ?? ''))
    .join('');

export interface ReservationFormInput {
  values: Record<string, string>;
  errors: ReservationErrors;
  /** A problem that is not about one field (rate limit, storage down). */
  notice?: string;
}

/** The reservation form again: input kept, each error beside its field and listed on top. */
export function reservationFormPage(input: ReservationFormInput, options: ReservationOptions, dealer: Dealer): string {
  const { values, errors, notice } = input;
  const firstInvalid = RESERVATION_FIELDS.find((field) => errors[field]);
  const value = (name: string) => escapeHtml(values[name] ?? '');
  const describe = (field: ReservationField, hint?: string) => {
    const ids = [errors[field] ? `reserve-${field}-error` : '', hint ?? ''].filter(Boolean).join(' ');
    return `${errors[field] ? ' aria-invalid="true"' : ''}${ids ? ` aria-describedby="${ids}"` : ''}${field === firstInvalid ? ' autofocus' : ''}`;
  };
  const help = (field: ReservationField) => (errors[field] ? `<p class="error" id="reserve-${field}-error">${escapeHtml(errors[field] ?? '')}</p>` : '');
  const label = (field: ReservationField) => `<label for="reserve-${field}">${escapeHtml(RESERVATION_LABELS[field])}</label>`;
  const option = (optionValue: string, text: string, chosen: string) =>
    `<option value="${escapeHtml(optionValue)}"${optionValue === chosen ? ' selected' : ''}>${escapeHtml(text)}</option>`;
  const field = (name: ReservationField, type: string, attrs = '') =>
    `<div>${label(name)}<input id="reserve-${name}" name="${name}" type="${type}" value="${value(name)}"${attrs}${describe(name)}>${help(name)}</div>`;

  const group = `<div>${label('group')}<select id="reserve-group" name="group"${describe('group')}>${options.groups
    .map((g) => option(g.id, g.name, values.group ?? ''))
    .join('')}</select>${help('group')}</div>`;
  const quantity = `<div>${label('quantity')}<select id="reserve-quantity" name="quantity"${describe('quantity')}>${Array.from(
    { length: options.limits.maxCarts },
    (_, i) => option(String(i + 1), String(i + 1), values.quantity || '1'),
  ).join('')}</select>${help('quantity')}</div>`;
  const delivery = `<div>${label('delivery')}<select id="reserve-delivery" name="delivery"${describe('delivery')}>${option(
    SHOWROOM,
    'Pickup at the showroom (free)',
    values.delivery || SHOWROOM,
  )}<optgroup label="Delivery to">${options.places.map((p) => option(p.slug, `${p.name} (${p.miles} mi)`, values.delivery ?? '')).join('')}</optgroup></select>${help('delivery')}</div>`;
  const address = `<div>${label('address')}<p id="reserve-address-hint" class="note">Only for delivery: where we bring the carts and collect them.</p><input id="reserve-address" name="address" type="text" autocomplete="address-line1" maxlength="${ADDRESS_MAX}" value="${value('address')}"${describe('address', 'reserve-address-hint')}>${help('address')}</div>`;
  const note = `<div>${label('note')}<textarea id="reserve-note" name="note" rows="3" maxlength="${NOTE_MAX}"${describe('note')}>${value('note')}</textarea>${help('note')}</div>`;
  const adult = `<div><div class="check"><input id="reserve-adult" name="adult" type="checkbox"${values.adult === 'on' || values.adult === 'true' ? ' checked' : ''}${describe('adult')}>${label('adult')}</div>${help('adult')}</div>`;

  const listed = RESERVATION_FIELDS.filter((f) => errors[f]);
  const summary =
    listed.length > 0
      ? `<div class="summary"><h2>Please correct ${listed.length === 1 ? 'this field' : `these ${listed.length} fields`}</h2><ul>${listed
          .map((f) => `<li><a href="#reserve-${f}">${escapeHtml(errors[f] ?? '')}</a></li>`)
          .join('')}</ul></div>`
      : notice
        ? `<div class="summary"><h2>Your request was not sent</h2><p>${escapeHtml(notice)}</p></div>`
        : '';
  const phone = dealer.phones.local;
  const intro =
    listed.length > 0 || notice
      ? `Your request has not been sent yet. ${listed.length > 0 ? 'Fix what is marked below and ask for your quote again' : 'Please try again'}, or call us at <a href="tel:${escapeHtml(phone.e164)}">${escapeHtml(phone.display)}</a>.`
      : 'Change what you need and ask for your quote again. Nothing has been sent yet.';

  return shell(
    'Reserve a Rental',
    dealer,
    `<h1>Reserve a Rental</h1>
<p>${intro}</p>
${summary}
<form method="post" action="/api/reserve" novalidate>
<fieldset><legend>Your rental</legend>
<div class="row">${group}${quantity}</div>
<div class="row">${field('pickupDate', 'date', ' required')}${field('pickupTime', 'time', ' required step="900"')}</div>
<div class="row">${field('returnDate', 'date', ' required')}${field('returnTime', 'time', ' required step="900"')}</div>
${delivery}
${address}
</fieldset>
<fieldset><legend>Your details</legend>
<div class="row">${field('firstName', 'text', ` autocomplete="given-name" required maxlength="${LIMITS.name}"`)}${field('lastName', 'text', ` autocomplete="family-name" required maxlength="${LIMITS.name}"`)}</div>
<div class="row">${field('email', 'email', ` autocomplete="email" required maxlength="${LIMITS.email}"`)}${field('phone', 'tel', ` autocomplete="tel" required maxlength="${LIMITS.phone}"`)}</div>
${note}
${adult}
</fieldset>
${carried(values)}${honeypotField}
<div><button type="submit">Request Reservation</button></div>
</form>`,
  );
}

/**
 * Step 1 without JavaScript: the quote worked out on the server, and a button that sends the
 * request exactly as quoted (every field rides along hidden), or goes back to change it.
 */
export function reservationQuotePage(reservation: Reservation, values: Record<string, string>, idempotencyKey: string, dealer: Dealer): string {
  const { quote, input } = reservation;
  const lines = quoteLines(quote);
  const details: [string, string][] = [
    ['Cart type', `${quote.group.name} × ${quote.quantity}`],
    ['Pick-up', whenText(reservation.pickUp)],
    ['Return', whenText(reservation.dropOff)],
    ...(reservation.place ? ([['Delivery address', input.address]] as [string, string][]) : []),
    ['Name', `${input.firstName} ${input.lastName}`],
    ['Email', input.email],
    ['Phone', input.phone],
  ];
  const list = (rows: [string, string][], totalLast = false) =>
    `<dl>${rows.map(([dt, dd], i) => `<div${totalLast && i === rows.length - 1 ? ' class="total"' : ''}><dt>${escapeHtml(dt)}</dt><dd>${escapeHtml(dd)}</dd></div>`).join('')}</dl>`;
  const fields = RESERVATION_FIELDS.map((name) => hidden(name, name === 'adult' ? 'on' : (values[name] ?? ''))).join('');
  return shell(
    'Your Rental Quote',
    dealer,
    `<h1>Your Rental Quote</h1>
<p>Check the details, then send your request. Nothing has been sent yet.</p>
<section class="quote" aria-labelledby="quote-heading" data-quote>
<h2 id="quote-heading">Estimated total ${escapeHtml(lines[lines.length - 1]?.[1] ?? '')}</h2>
${list(lines, true)}
<p class="note">${escapeHtml(ESTIMATE_NOTE)}</p>
</section>
<section aria-labelledby="details-heading">
<h2 id="details-heading">Your request</h2>
${list(details)}
</section>
<form method="post" action="/api/reserve" class="actions">
${fields}${carried(values)}${hidden(IDEMPOTENCY_FIELD, idempotencyKey)}${honeypotField}
<button type="submit" name="${STEP_FIELD}" value="send">Send request</button>
<button type="submit" name="${STEP_FIELD}" value="edit" class="secondary">Change details</button>
</form>`,
  );
}
