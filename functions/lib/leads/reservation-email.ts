import { rentalTerms } from '../../../src/lib/data/rentals.ts';
import type { Quote } from '../../../src/lib/rentals/quote.ts';
import { daysText } from '../../../src/lib/rentals/quote.ts';
import { ESTIMATE_NOTE, quoteLines, reservationSummary, whenText } from '../../../src/lib/leads/reservation.ts';
import { escapeHtml, oneLine } from '../text.ts';
import type { StoredReservation } from './reservation-record.ts';

/**
 * The reservation block of the dealer's e-mail and of the ADF comments: what was asked for
 * and the quote the visitor was shown, line by line.
 */

/** The stored quote back in the shape the shared quote lines read. */
export function storedQuote(r: StoredReservation): Quote {
  return {
    group: r.group,
    ...(r.store ? { store: r.store } : {}),
    periods: r.periods,
    quantity: r.quantity,
    cover: { lines: r.quote.plans, days: r.quote.coveredDays, price: r.quote.perCart },
    breakdown: r.quote.breakdown,
    rental: r.quote.rental,
    delivery:
      r.delivery.kind === 'pickup'
        ? { kind: 'pickup' }
        : {
            kind: 'delivery',
            place: { ...r.delivery.town, miles: r.delivery.miles, ...(r.delivery.measure ? { measure: r.delivery.measure } : {}) },
            billableMiles: Math.max(0, r.delivery.miles - rentalTerms.delivery.includedMiles),
          },
    deliveryFee: r.quote.deliveryFee,
    total: r.quote.total,
  };
}

/** The request: cart type and number, dates, where the carts go. */
export function reservationDetails(r: StoredReservation): [string, string][] {
  return [
    ['Carts', `${r.group.name} × ${r.quantity}`],
    ['Pick-up', whenText(r.pickUp)],
    ['Return', `${whenText(r.dropOff)} (${daysText(r.periods)})`],
    ['Delivery', deliveryDetail(r)],
  ];
}

/** "Medford Township, 9 miles one way: 1 Main St"; with several stores the store too ("…, from Medford showroom"). */
function deliveryDetail(r: StoredReservation): string {
  if (r.delivery.kind === 'pickup') return r.store ? `Pickup at ${r.store.name}` : 'Pickup at the showroom';
  const { town, miles, measure, address } = r.delivery;
  const distance = measure === 'straight' ? `about ${miles} miles in a straight line` : `${miles} miles one way`;
  return `${town.name}, ${distance}${r.store ? ` from ${r.store.name}` : ''}: ${address}`;
}

/** "New rental reservation request from Jane Doe: 1 cart × 10 days, 6 Seater". */
export function reservationSubject(name: string, r: StoredReservation): string {
  return `New rental reservation request from ${name}: ${reservationSummary({ quantity: r.quantity, periods: r.periods, group: r.group })}`;
}

const pad = (label: string) => `${label}:`.padEnd(10);

/** Plain-text lines: the request, then the quote. */
export function reservationText(r: StoredReservation): string[] {
  const quote = quoteLines(storedQuote(r));
  return [
    'Reservation request:',
    ...reservationDetails(r).map(([label, value]) => `${pad(label)}${oneLine(value, 500)}`),
    '',
    'Quote shown to the visitor:',
    ...quote.map(([label, value]) => `${label}: ${value}`),
    ESTIMATE_NOTE,
  ];
}

/** The same as an HTML block for the e-mail. */
export function reservationHtml(r: StoredReservation): string {
  const row = ([label, value]: [string, string], strong = false) =>
    `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;color:#475569;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0${strong ? ';font-weight:700' : ''}">${escapeHtml(value)}</td></tr>`;
  const quote = quoteLines(storedQuote(r));
  return [
    '<h2 style="margin:20px 0 8px;font-size:16px">Reservation request</h2>',
    `<table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse;font-size:15px">${reservationDetails(r)
      .map((line) => row(line))
      .join('')}</table>`,
    '<h2 style="margin:20px 0 8px;font-size:16px">Quote shown to the visitor</h2>',
    `<table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse;font-size:15px">${quote
      .map((line, index) => row(line, index === quote.length - 1))
      .join('')}</table>`,
    `<p style="margin:8px 0 0;font-size:13px;color:#64748b">${escapeHtml(ESTIMATE_NOTE)}</p>`,
  ].join('');
}
