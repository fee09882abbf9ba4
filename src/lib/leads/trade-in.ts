import { z } from 'zod/mini';
import { CART_MESSAGES, CART_SPECS, cartMake, cartSerial, cartYear, makeOther, normalSerial, serialKind, validateCartRequest } from './cart-fields.ts';
import {
  oneOf,
  optionalText,
  PERSON_FIELDS,
  PERSON_ROWS,
  PERSON_SPECS,
  personShape,
  requiredText,
  type FormResult,
  type FormSpec,
  type Option,
} from './form.ts';
import { PHOTO_LIMITS } from './photos.ts';

/**
 * The trade-in request (docs/product.md §Trading in): the visitor's cart and up to six photos,
 * sent to sales. One schema for the island on /trade-in and the /api/trade-in function.
 */

export const TRADE_IN_FIELDS = [
  'year',
  'make',
  'makeOther',
  'model',
  'serial',
  'battery',
  'batteryAge',
  'lifted',
  'condition',
  'note',
  'photos',
  ...PERSON_FIELDS,
] as const;

export const BATTERY_TYPES: readonly Option[] = [
  { value: 'lead-acid', label: 'Lead-acid' },
  { value: 'lithium', label: 'Lithium' },
  { value: 'not-sure', label: 'Not sure' },
];
export const BATTERY_AGES: readonly Option[] = [
  { value: 'under-1', label: 'Under 1 year' },
  { value: '1-3', label: '1 to 3 years' },
  { value: '3-5', label: '3 to 5 years' },
  { value: 'over-5', label: 'Over 5 years' },
  { value: 'not-sure', label: 'Not sure' },
];
export const LIFTED: readonly Option[] = [
  { value: 'yes', label: 'Yes, lifted' },
  { value: 'no', label: 'No, stock height' },
];
export const CONDITIONS: readonly Option[] = [
  { value: 'excellent', label: 'Excellent: looks and runs like new' },
  { value: 'good', label: 'Good: normal wear, runs well' },
  { value: 'fair', label: 'Fair: visible wear or small problems' },
  { value: 'needs-work', label: 'Needs work: does not run or needs repairs' },
];

export const TRADE_IN_MESSAGES = {
  ...CART_MESSAGES,
  battery: 'Choose the battery type',
  batteryAge: 'Choose how old the batteries are',
  lifted: 'Say whether the cart is lifted',
  condition: 'Choose the condition',
  note: 'Note must be at most 2000 characters',
} as const;

export const NOTE_MAX = 2000;

const values = (options: readonly Option[]) => options.map((option) => option.value);

export function tradeInSchema(now: number) {
  return z.object({
    year: cartYear(now),
    make: cartMake,
    makeOther,
    model: requiredText(80, CART_MESSAGES.model, CART_MESSAGES.modelLong),
    serial: cartSerial,
    battery: oneOf(values(BATTERY_TYPES), TRADE_IN_MESSAGES.battery),
    batteryAge: oneOf(values(BATTERY_AGES), TRADE_IN_MESSAGES.batteryAge),
    lifted: oneOf(values(LIFTED), TRADE_IN_MESSAGES.lifted),
    condition: oneOf(values(CONDITIONS), TRADE_IN_MESSAGES.condition),
    note: optionalText(NOTE_MAX, TRADE_IN_MESSAGES.note),
    ...personShape,
  });
}

export type TradeIn = z.infer<ReturnType<typeof tradeInSchema>>;

/** Checks a trade-in request (its photos are checked on their own, src/lib/leads/photos.ts). */
export function validateTradeIn(input: unknown, now: number): FormResult<TradeIn> {
  return validateCartRequest(tradeInSchema(now), TRADE_IN_FIELDS, input);
}

export const tradeInForm = (now: number): FormSpec => ({
  prefix: 'trade',
  fields: [
    ...CART_SPECS(now),
    {
      name: 'serial',
      kind: 'text',
      label: 'Serial number or VIN (optional)',
      maxLength: 25,
      hint: 'On a plate under the seat or on the frame; a street-legal cart has a 17-character VIN.',
    },
    { name: 'battery', kind: 'radios', label: 'Battery type', options: BATTERY_TYPES },
    { name: 'batteryAge', kind: 'select', label: 'Battery age', options: [{ value: '', label: 'Choose the age' }, ...BATTERY_AGES] },
    { name: 'lifted', kind: 'radios', label: 'Lifted?', options: LIFTED },
    { name: 'condition', kind: 'radios', label: 'Condition', options: CONDITIONS },
    { name: 'note', kind: 'textarea', label: 'Anything else we should know (optional)', rows: 4, maxLength: NOTE_MAX },
    {
      name: 'photos',
      kind: 'photos',
      label: `Photos (optional, up to ${PHOTO_LIMITS.maxCount})`,
      max: PHOTO_LIMITS.maxCount,
      hint: 'JPEG, PNG, WebP or HEIC, at most 10 MB each and 30 MB in all: the front, the side, the seats and the battery compartment help most. We remove location data before we look.',
    },
    ...PERSON_SPECS,
  ],
  sections: [
    { legend: 'Your cart', rows: [['year', 'make'], 'makeOther', ['model', 'serial'], 'battery', 'batteryAge', 'lifted', 'condition', 'note', 'photos'] },
    { legend: 'Your details', rows: PERSON_ROWS },
  ],
});

/** "2019 Club Car Onward": the cart in a few words. */
export function tradeCartText(trade: { year: number; make: string; model: string }): string {
  return `${trade.year} ${trade.make} ${trade.model}`;
}

export { normalSerial, serialKind };
