/** The inquiry subjects (docs/product.md §Inquiry). */
export const INTERESTS = ['sales', 'service', 'parts', 'general'] as const;
export type Interest = (typeof INTERESTS)[number];

/** What a stored lead can be about: the four form subjects plus rental reservations (docs/product.md §Leads). */
export const LEAD_INTERESTS = [...INTERESTS, 'rentals'] as const;
export type LeadInterest = (typeof LEAD_INTERESTS)[number];

export interface ContactPrefill {
  interest?: Interest;
  /** A unit id or model slug the inquiry is about; the form names it and the lead records it. */
  vehicle?: string;
  message?: string;
}

/** A link to /contact that prefills the form (docs/product.md §Inquiry): /contact?interest=sales&vehicle=… */
export function contactHref(prefill: ContactPrefill = {}): string {
  const params = new URLSearchParams();
  if (prefill.interest) params.set('interest', prefill.interest);
  if (prefill.vehicle) params.set('vehicle', prefill.vehicle);
  if (prefill.message) params.set('message', prefill.message);
  const query = params.toString();
  return query ? `/contact?${query}` : '/contact';
}
