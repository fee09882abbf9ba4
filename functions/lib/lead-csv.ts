import { csvFile } from '../../src/lib/format.ts';
import type { Lead } from './lead.ts';

/**
 * Leads as CSV, one row a lead (`npm run leads -- export` and the inbox's export), each field
 * through the site's one CSV field (src/lib/format.ts `csvField`: quoted, and text a spreadsheet
 * would run as a formula shown as text).
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
] as const;

export function leadsCsv(leads: Lead[]): string {
  const rows = leads.map((lead) => {
    const row: Record<(typeof CSV_COLUMNS)[number], string | number | undefined> = {
      receivedAt: lead.receivedAt,
      status: lead.status,
      ...lead.inquiry,
      vehicle: lead.source.vehicle,
      page: lead.source.page,
      referrer: lead.source.referrer,
      ...lead.source.utm,
      utm_source: lead.source.utm.utm_source,
      utm_medium: lead.source.utm.utm_medium,
      utm_campaign: lead.source.utm.utm_campaign,
      utm_term: lead.source.utm.utm_term,
      utm_content: lead.source.utm.utm_content,
      attempts: lead.delivery.attempts,
      lastError: lead.delivery.lastError,
      id: lead.id,
    };
    return CSV_COLUMNS.map((column) => row[column]);
  });
  return csvFile(CSV_COLUMNS, rows);
}
