/**
 * The lead forms and what each one's lead is called (docs/product.md §Leads), in one table for
 * the e-mails, the ADF and the inbox. Pure and without dependencies, so the inbox's script stays
 * small; a new form is a row here (STYLE 18).
 */

/** The lead forms: which one a lead came from. */
export const LEAD_FORMS = ['contact', 'reservation', 'trade-in', 'service', 'parts', 'unit-question'] as const;
export type LeadForm = (typeof LEAD_FORMS)[number];

export interface FormNames {
  /** In the inbox's list, filters and search: "Trade-in". */
  label: string;
  /** In the dealer's e-mail and the visitor's receipt: "New trade-in request", "We received your trade-in request". */
  title: string;
  /** How the ADF provider names the form: "Website trade-in form". */
  adf: string;
}

export const FORM_NAMES: Readonly<Record<LeadForm, FormNames>> = {
  contact: { label: 'Contact', title: 'inquiry', adf: 'contact form' },
  reservation: { label: 'Rental reservation', title: 'rental reservation request', adf: 'contact form' },
  'trade-in': { label: 'Trade-in', title: 'trade-in request', adf: 'trade-in form' },
  service: { label: 'Service request', title: 'service appointment request', adf: 'service appointment form' },
  parts: { label: 'Parts request', title: 'parts request', adf: 'parts request form' },
  'unit-question': { label: 'Question about a unit', title: 'question about a unit', adf: 'unit question form' },
};
