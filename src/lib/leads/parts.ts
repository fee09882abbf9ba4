import { z } from 'zod/mini';
import { CART_MESSAGES, CART_SPECS, cartMake, makeOther, optionalCartYear, validateCartRequest } from './cart-fields.ts';
import { optionalText, PERSON_FIELDS, PERSON_ROWS, PERSON_SPECS, personShape, requiredText, wholeNumber, type FormResult, type FormSpec } from './form.ts';

/**
 * The parts request (docs/product.md §Services): the part, the cart it is for, how many, and
 * an optional photo of the old part, sent to the parts department.
 */

export const PARTS_FIELDS = ['part', 'partNumber', 'quantity', 'make', 'makeOther', 'model', 'year', 'note', 'photos', ...PERSON_FIELDS] as const;

export const PARTS_MAX_QUANTITY = 20;
export const NOTE_MAX = 2000;

export const PARTS_MESSAGES = {
  ...CART_MESSAGES,
  part: 'Tell us which part you need',
  partLong: 'The part must be at most 200 characters',
  partNumber: 'Part number must be at most 60 characters',
  quantity: `Quantity must be a whole number from 1 to ${PARTS_MAX_QUANTITY}`,
  note: 'Note must be at most 2000 characters',
} as const;

export function partsSchema(now: number) {
  return z.object({
    part: requiredText(200, PARTS_MESSAGES.part, PARTS_MESSAGES.partLong),
    partNumber: optionalText(60, PARTS_MESSAGES.partNumber),
    quantity: wholeNumber(1, PARTS_MAX_QUANTITY, PARTS_MESSAGES.quantity),
    make: cartMake,
    makeOther,
    model: optionalText(80, CART_MESSAGES.modelLong),
    year: optionalCartYear(now),
    note: optionalText(NOTE_MAX, PARTS_MESSAGES.note),
    ...personShape,
  });
}

export type PartsRequest = z.infer<ReturnType<typeof partsSchema>>;

export function validateParts(input: unknown, now: number): FormResult<PartsRequest> {
  return validateCartRequest(partsSchema(now), PARTS_FIELDS, input);
}

export const partsForm = (now: number): FormSpec => ({
  prefix: 'parts',
  fields: [
    { name: 'part', kind: 'text', label: 'Part you need', maxLength: 200, required: true, hint: 'For example: front brake shoes, 48V charger, windshield.' },
    { name: 'partNumber', kind: 'text', label: 'Part number (optional)', maxLength: 60 },
    { name: 'quantity', kind: 'text', label: 'Quantity', maxLength: 2, inputMode: 'numeric', required: true },
    ...CART_SPECS(now).map((spec) =>
      spec.name === 'model' ? { ...spec, label: 'Model (optional)' } : spec.name === 'year' ? { ...spec, label: 'Year (optional)' } : spec,
    ),
    { name: 'note', kind: 'textarea', label: 'Anything else (optional)', rows: 3, maxLength: NOTE_MAX },
    { name: 'photos', kind: 'photos', label: 'Photo of the part (optional)', max: 1, hint: 'One JPEG, PNG, WebP or HEIC photo, at most 10 MB.' },
    ...PERSON_SPECS,
  ],
  sections: [
    { legend: 'The part', rows: ['part', ['partNumber', 'quantity'], 'photos'] },
    { legend: 'Your cart', rows: [['make', 'makeOther'], ['model', 'year'], 'note'] },
    { legend: 'Your details', rows: PERSON_ROWS },
  ],
});
