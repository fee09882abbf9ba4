import { z } from 'zod/mini';
import { fail, issueErrors, oneOf, optionalText, optionLabel, type FieldSpec, type FormResult, type Option } from './form.ts';
import { VIN_PATTERN, vinProblem } from './vin.ts';

/**
 * The visitor's own cart, as the trade-in, service and parts forms ask for it (docs/product.md
 * §Leads): make (with "other" and its name), model, year, and a serial number or VIN.
 */

export const CART_MAKES: readonly Option[] = [
  { value: 'club-car', label: 'Club Car' },
  { value: 'ez-go', label: 'EZ-GO' },
  { value: 'yamaha', label: 'Yamaha' },
  { value: 'evolution', label: 'Evolution' },
  { value: 'denago', label: 'Denago' },
  { value: 'icon', label: 'ICON' },
  { value: 'advanced-ev', label: 'Advanced EV' },
  { value: 'star-ev', label: 'Star EV' },
  { value: 'tomberlin', label: 'Tomberlin' },
  { value: 'other', label: 'Other' },
];
const MAKE_VALUES = CART_MAKES.map((make) => make.value);

export const CART_MESSAGES = {
  make: 'Choose the make of your cart',
  makeOther: 'Tell us the make of your cart',
  model: 'Model is required',
  modelLong: 'Model must be at most 80 characters',
  year: (last: number) => `Enter the model year as four digits, 1980 to ${last}`,
  serial: 'Enter the 17-character VIN or the serial number from the cart’s plate (letters, digits and dashes)',
  vinCheck: 'This VIN’s check digit (the 9th character) does not match the rest: check it for a typo',
} as const;

/** The latest model year a cart can have: next year's models are sold from the summer. */
export const lastModelYear = (now: number) => new Date(now).getUTCFullYear() + 1;

const YEAR = /^\d{4}$/;

/** A model year as a form ("2019") or JSON (2019) sends it. */
export const cartYear = (now: number) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' && YEAR.test(value.trim()) ? Number(value) : value)),
    z
      .int({ error: CART_MESSAGES.year(lastModelYear(now)) })
      .check(z.gte(1980, CART_MESSAGES.year(lastModelYear(now))), z.lte(lastModelYear(now), CART_MESSAGES.year(lastModelYear(now)))),
  );

export const optionalCartYear = (now: number) =>
  z.pipe(
    z.transform((value: unknown): unknown => (value === '' || value === null ? undefined : value)),
    z.optional(
      z.pipe(
        z.transform((value: unknown) => (typeof value === 'string' && YEAR.test(value.trim()) ? Number(value) : value)),
        z
          .int({ error: CART_MESSAGES.year(lastModelYear(now)) })
          .check(z.gte(1980, CART_MESSAGES.year(lastModelYear(now))), z.lte(lastModelYear(now), CART_MESSAGES.year(lastModelYear(now)))),
      ),
    ),
  );

export const cartMake = oneOf(MAKE_VALUES, CART_MESSAGES.make);
export const makeOther = optionalText(60, CART_MESSAGES.makeOther);

/** "7EVLS4PA2TB000120" or "PH1234-567890": what the visitor wrote, in capitals and without spaces. */
export function normalSerial(value: string): string {
  return value.toUpperCase().replace(/\s+/g, '');
}

export type SerialKind = 'vin' | 'serial';

/** A VIN when it has the shape of one (then its check digit must match), else a plate serial. */
export function serialKind(serial: string): SerialKind {
  return serial.length === 17 && VIN_PATTERN.test(serial) ? 'vin' : 'serial';
}

/** Optional serial or VIN, checked when given. */
export const cartSerial = z.pipe(
  z.transform((value: unknown) => (typeof value === 'string' ? (normalSerial(value) === '' ? undefined : normalSerial(value)) : value)),
  z.optional(
    z.string({ error: CART_MESSAGES.serial }).check(
      z.regex(/^[A-Z0-9][A-Z0-9-]{3,24}$/, CART_MESSAGES.serial),
      z.refine((serial) => serialKind(serial) !== 'vin' || vinProblem(serial) === undefined, { error: CART_MESSAGES.vinCheck }),
    ),
  ),
);

/** The make, named: "Club Car", or what the visitor typed for "other". */
export function makeName(make: string, other?: string): string {
  if (make === 'other') return other?.trim() || 'Other';
  return optionLabel(CART_MAKES, make);
}

/** A "make other" name is needed when the make is "other". */
export function needsMakeName(input: unknown): boolean {
  const record = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  return record.make === 'other' && !(typeof record.makeOther === 'string' && record.makeOther.trim());
}

export const CART_SPECS = (now: number): FieldSpec[] => [
  { name: 'make', kind: 'select', label: 'Make', options: [{ value: '', label: 'Choose the make' }, ...CART_MAKES] },
  { name: 'makeOther', kind: 'text', label: 'Make, if other', maxLength: 60, hint: 'Only when the make is not in the list.' },
  { name: 'model', kind: 'text', label: 'Model', maxLength: 80, hint: 'For example Precedent, RXV or D5 Maverick 4.' },
  { name: 'year', kind: 'text', label: 'Year', maxLength: 4, inputMode: 'numeric', hint: `Four digits, 1980 to ${lastModelYear(now)}.` },
];

/** Checks a request that names a cart: its schema, then the make's name when the make is "other". */
export function validateCartRequest<T>(schema: z.ZodMiniType<T>, fields: readonly string[], input: unknown): FormResult<T> {
  const result = schema.safeParse(input);
  const errors = result.success ? {} : issueErrors(result.error.issues);
  if (needsMakeName(input)) errors.makeOther ??= CART_MESSAGES.makeOther;
  if (result.success && Object.keys(errors).length === 0) return { ok: true, value: result.data };
  return fail(fields, errors);
}
