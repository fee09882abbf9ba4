import { dealer } from '../../../../src/lib/data/dealer.ts';
import { reservationOptions } from '../../../../src/lib/data/reservation.ts';
import {
  RESERVATION_FIELDS,
  reservationForm,
  reservationSummary,
  validateReservation,
  validateTrip,
  type Reservation,
} from '../../../../src/lib/leads/reservation.ts';
import { formPage } from '../form-page.ts';
import { htmlResponse, pick, visitorInquiry, type IntakeForm } from '../intake.ts';
import { storedReservation } from '../reservation-record.ts';
import { quoteBlock, reservationPageSpec, reservationQuotePage, reservationTripQuotePage, STEP_FIELD } from '../reservation-page.ts';

/**
 * A rental reservation request (docs/product.md §Rentals) through the one intake: checked and
 * quoted by the same module as the island on /rentals, stored with interest "rentals" and the
 * quote. Without JavaScript a post takes steps first (reservation-page.ts): "quote" answers the
 * quote for the trip alone; a whole request without a step answers the quote with the details,
 * and a request whose trip checks out but whose details do not answers the quote above the
 * form with the details' errors (docs/product.md §Rentals: the quote comes first);
 * "edit" answers the form; "send" files it.
 */

const form = reservationForm(reservationOptions);
const page = reservationPageSpec(form);

export const reservationIntake: IntakeForm<Reservation> = {
  id: 'reservation',
  what: 'a reservation request',
  noun: 'request',
  conflictNoun: 'request',
  fields: RESERVATION_FIELDS,
  jsonFieldErrors: true,
  validate: (fields, now) => {
    const result = validateReservation(pick(fields, RESERVATION_FIELDS), reservationOptions, now);
    return result.ok ? { ok: true, value: result.reservation } : result;
  },
  lead: (reservation) => {
    const { input, quote } = reservation;
    const summary = `Rental reservation request: ${reservationSummary(quote)}.`;
    return {
      inquiry: visitorInquiry(input, 'rentals', summary, input.note),
      record: {
        reservation: storedReservation(reservation),
        // With several stores, the store that delivers or hands the carts over takes the request (docs/product.md §Stores).
        ...(reservation.store ? { store: reservation.store.slug } : {}),
      },
    };
  },
  page: () => page,
  step: (fields, values, now) => {
    const step = fields[STEP_FIELD];
    if (step === 'send') return undefined;
    if (step === 'edit') return htmlResponse(formPage(page, { values, errors: {} }, dealer), 200);
    if (step === 'quote') {
      const trip = validateTrip(pick(fields, RESERVATION_FIELDS), reservationOptions, now);
      if (!trip.ok) return htmlResponse(formPage(page, { values, errors: trip.errors }, dealer), 400);
      return htmlResponse(reservationTripQuotePage(trip.quote, values, form, crypto.randomUUID(), dealer), 200);
    }
    const result = validateReservation(pick(fields, RESERVATION_FIELDS), reservationOptions, now);
    if (!result.ok) {
      // Quote first: a trip that checks out gets its estimate above the errors of the details.
      const trip = validateTrip(pick(fields, RESERVATION_FIELDS), reservationOptions, now);
      const before = trip.ok ? quoteBlock(trip.quote) : '';
      return htmlResponse(formPage(page, { values, errors: result.errors }, dealer, before), 400);
    }
    return htmlResponse(reservationQuotePage(result.reservation, values, crypto.randomUUID(), dealer), 200);
  },
};
