import { makeName } from '../../../../src/lib/leads/cart-fields.ts';
import { UTM_FIELDS } from '../../../../src/lib/leads/inquiry.ts';
import { PARTS_FIELDS, partsForm, validateParts, type PartsRequest } from '../../../../src/lib/leads/parts.ts';
import { visitorInquiry, type IntakeForm } from '../intake.ts';
import { withStoreChoice } from '../../../../src/lib/leads/form.ts';
import { storeOptions } from '../../../../src/lib/data/stores.ts';
import { cartText } from '../details.ts';

/** A parts request (docs/product.md §Services) through the one intake: the parts department, with an optional photo. */
export const partsIntake: IntakeForm<PartsRequest> = {
  id: 'parts',
  what: 'a parts request',
  noun: 'request',
  conflictNoun: 'request',
  fields: PARTS_FIELDS,
  jsonFieldErrors: true,
  photos: 1,
  validate: (fields, now) => validateParts(fields, now),
  lead: (parts) => {
    const cart = { make: makeName(parts.make, parts.makeOther), ...(parts.model ? { model: parts.model } : {}), ...(parts.year ? { year: parts.year } : {}) };
    const summary = `Parts request: ${parts.quantity} × ${parts.part} for a ${cartText(cart)}.`;
    return {
      inquiry: visitorInquiry(parts, 'parts', summary, parts.note),
      record: {
        parts: {
          part: parts.part,
          ...(parts.partNumber ? { partNumber: parts.partNumber } : {}),
          quantity: parts.quantity,
          cart,
          ...(parts.note ? { note: parts.note } : {}),
        },
      },
    };
  },
  page: (now) => ({
    title: 'Request a Part',
    action: '/api/parts-request',
    form: withStoreChoice(partsForm(now), storeOptions),
    submit: 'Send Parts Request',
    noun: 'request',
    back: { href: '/parts', text: 'Back to the parts page' },
    carried: ['page', 'referrer', ...UTM_FIELDS],
    multipart: true,
  }),
};
