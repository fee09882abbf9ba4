import { FORM_NAMES, type LeadForm } from '../leads/form-names.ts';

/**
 * The inbox's words (docs/operations.md §The dealer's inbox), shared by its API (functions/lib/inbox/)
 * and its page (src/inbox/): the statuses a lead moves through and how each value reads.
 * Pure, and depending only on the forms' names, so the page's script stays small.
 */

export const LEAD_STATUSES = ['new', 'contacted', 'appointment-set', 'sold', 'lost', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const STATUS_LABELS: Readonly<Record<LeadStatus, string>> = {
  new: 'New',
  contacted: 'Contacted',
  'appointment-set': 'Appointment set',
  sold: 'Sold',
  lost: 'Lost',
  spam: 'Spam',
};

export const PROMISE_LABELS: Readonly<Record<string, string>> = {
  'on-time': 'On time',
  late: 'Late',
  overdue: 'Overdue',
  answered: 'Answered',
  spam: 'Spam',
};

/** "sales" → "Sales", "appointment-set" → "Appointment set": a value as words, capitalised. */
export function valueLabel(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1).replace(/-/g, ' ') : value;
}

/** The lead form a lead came from: "trade-in" → "Trade-in", "service" → "Service request". */
export function formLabel(form: string): string {
  return Object.hasOwn(FORM_NAMES, form) ? FORM_NAMES[form as LeadForm].label : valueLabel(form);
}

/** "3 h 20 min", "2 d 4 h", "45 min": how long, in words a phone screen fits. */
export function durationText(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}
