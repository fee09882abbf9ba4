import { FIELD_LABELS, INTEREST_LABELS, INTERESTS, LIMITS } from './inquiry.ts';
import { PERSON_ROWS, PERSON_SPECS, type FormSpec } from './form.ts';

/** The Send Us a Message form's fields and layout (docs/product.md §Inquiry), for the island and the page without JavaScript. */
export const contactForm: FormSpec = {
  prefix: 'contact',
  fields: [
    ...PERSON_SPECS,
    {
      name: 'interest',
      kind: 'select',
      label: FIELD_LABELS.interest,
      options: INTERESTS.map((interest) => ({ value: interest, label: INTEREST_LABELS[interest] })),
    },
    { name: 'message', kind: 'textarea', label: FIELD_LABELS.message, rows: 6, maxLength: LIMITS.message, required: true },
  ],
  sections: [{ rows: [...PERSON_ROWS, 'interest', 'message'] }],
};
