import { csvFile, formatPrice } from '../../../src/lib/format.ts';
import { megabytes } from '../../../src/lib/leads/photos.ts';
import { UNIT_TOPICS } from '../../../src/lib/leads/unit-question.ts';
import type { Handling } from '../inbox/handling.ts';
import type { Lead } from './lead.ts';
import { dayText, formOf, partsRows, serviceRows, tradeRows, type Row } from './details.ts';
import { reservationDetails } from './reservation-email.ts';

/**
 * Leads as CSV, one row a lead (`npm run leads -- export --csv` and the inbox's CSV export): every
 * field a form stores, the dealer's handling (status, notes, status history) and the photos' names,
 * each field through the site's one CSV field (src/lib/format.ts `csvField`: quoted, and text a
 * spreadsheet would run as a formula shown as text). The columns of the first exports come first, in their order; the rest follow.
 * (The complete copy, photos included, is the archive: lib/leads/archive.ts.)
 */

export const CSV_COLUMNS = [
  'receivedAt',
  'status',
  'firstName',
  'lastName',
  'email',
  'phone',
  'interest',
  'message',
  'vehicle',
  'page',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'attempts',
  'lastError',
  'id',
  'form',
  'store',
  'inboxStatus',
  'unit',
  'tradeIn',
  'service',
  'rental',
  'parts',
  'question',
  'photos',
  'notes',
  'statusHistory',
] as const;

/** "Label: value; Label: value" (and a visitor's note last). */
const joined = (rows: readonly Row[], note?: string) => [...rows.map(([label, value]) => `${label}: ${value}`), ...(note ? [`Note: ${note}`] : [])].join('; ');

function detailColumns(lead: Lead): Partial<Record<(typeof CSV_COLUMNS)[number], string>> {
  const unit = lead.unit;
  return {
    unit: unit
      ? joined([
          ['Unit', unit.name],
          ['Stock number', unit.stockNumber],
          ['Price then', formatPrice(unit.price)],
          ['Condition', unit.condition],
        ])
      : undefined,
    tradeIn: lead.trade ? joined(tradeRows(lead.trade), lead.trade.note) : undefined,
    service: lead.service ? joined(serviceRows(lead.service), lead.service.note) : undefined,
    rental: lead.reservation
      ? joined([
          ...reservationDetails(lead.reservation),
          [
            'Quote',
            `${formatPrice(lead.reservation.quote.total)} (${lead.reservation.quote.breakdown}, delivery ${formatPrice(lead.reservation.quote.deliveryFee)})`,
          ],
        ])
      : undefined,
    parts: lead.parts ? joined(partsRows(lead.parts), lead.parts.note) : undefined,
    question: lead.question
      ? joined(
          [
            ['About', UNIT_TOPICS.find((topic) => topic.value === lead.question?.topic)?.label ?? lead.question.topic],
            ...(lead.question.day ? ([['Day that suits', dayText(lead.question.day)]] as Row[]) : []),
          ],
          lead.question.note,
        )
      : undefined,
    photos: lead.photos?.map((photo) => `${photo.name} (${megabytes(photo.bytes)})`).join('; '),
  };
}

/** The leads, each with the dealer's handling of it when there is one (`handlings`, by lead id). */
export function leadsCsv(leads: readonly Lead[], handlings: ReadonlyMap<string, Handling> = new Map()): string {
  const rows = leads.map((lead) => {
    const handling = handlings.get(lead.id);
    const row: Partial<Record<(typeof CSV_COLUMNS)[number], string | number | undefined>> = {
      receivedAt: lead.receivedAt,
      status: lead.status,
      ...lead.inquiry,
      vehicle: lead.source.vehicle,
      page: lead.source.page,
      referrer: lead.source.referrer,
      utm_source: lead.source.utm.utm_source,
      utm_medium: lead.source.utm.utm_medium,
      utm_campaign: lead.source.utm.utm_campaign,
      utm_term: lead.source.utm.utm_term,
      utm_content: lead.source.utm.utm_content,
      attempts: lead.delivery.attempts,
      lastError: lead.delivery.lastError,
      id: lead.id,
      form: formOf(lead),
      store: lead.store,
      inboxStatus: handling?.status ?? 'new',
      ...detailColumns(lead),
      notes: handling?.notes.map((note) => `${note.at} ${note.by}: ${note.text}`).join('\n'),
      statusHistory: handling?.history.map((change) => `${change.at} ${change.by}: ${change.from} → ${change.to}`).join('\n'),
    };
    return CSV_COLUMNS.map((column) => row[column]);
  });
  return csvFile(CSV_COLUMNS, rows);
}
