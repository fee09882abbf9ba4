import { contactForm } from '../../../../src/lib/leads/contact.ts';
import { INQUIRY_FIELDS, UTM_FIELDS, validateInquiry, type Inquiry } from '../../../../src/lib/leads/inquiry.ts';
import type { IntakeForm } from '../intake.ts';
import { withStoreChoice } from '../../../../src/lib/leads/form.ts';
import { storeOptions } from '../../../../src/lib/data/stores.ts';

/** The contact inquiry (docs/product.md §Inquiry) through the one intake. */
export const contactIntake: IntakeForm<Inquiry> = {
  id: 'contact',
  what: 'an inquiry',
  noun: 'message',
  conflictNoun: 'inquiry',
  fields: INQUIRY_FIELDS,
  // The contact API answers {"error": …} alone (docs/product.md §Leads).
  jsonFieldErrors: false,
  validate: (fields) => {
    const result = validateInquiry(Object.fromEntries(INQUIRY_FIELDS.filter((name) => Object.hasOwn(fields, name)).map((name) => [name, fields[name]])));
    return result.ok ? { ok: true, value: result.inquiry } : result;
  },
  lead: (inquiry) => ({ inquiry }),
  page: () => ({
    title: 'Send Us a Message',
    action: '/api/contact',
    form: withStoreChoice(contactForm, storeOptions),
    submit: 'Send Message',
    noun: 'message',
    back: { href: '/contact', text: 'Back to the contact page' },
    carried: ['vehicle', 'page', 'referrer', ...UTM_FIELDS],
  }),
};
