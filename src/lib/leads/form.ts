// zod's tree-shakable API, as the inquiry: the form islands ship it.
import { z } from 'zod/mini';
import { inquirySchema } from './inquiry.ts';

/**
 * What every lead form is made of (docs/product.md §Leads, docs/decisions/one-lead-intake.md):
 * its fields, described once for the island in the browser and for the page the function
 * answers without JavaScript, and its rules, checked by the same schema on both sides. A form
 * is a list of field specs, a layout, a schema, and the e-mail lines of functions/lib/leads/forms/.
 */

export interface Option {
  value: string;
  label: string;
}

export interface OptionGroup {
  group: string;
  options: readonly Option[];
}

interface FieldBase {
  name: string;
  label: string;
  /** A line under the label that the control is described by. */
  hint?: string;
}

export type FieldSpec =
  | (FieldBase & {
      kind: 'text' | 'email' | 'tel' | 'date' | 'time';
      autoComplete?: string;
      maxLength?: number;
      required?: boolean;
      /** <input step> for times, in seconds. */
      step?: number;
      inputMode?: 'numeric' | 'text';
    })
  | (FieldBase & { kind: 'select'; options: readonly (Option | OptionGroup)[] })
  | (FieldBase & { kind: 'radios'; options: readonly Option[] })
  | (FieldBase & { kind: 'checkboxes'; options: readonly Option[] })
  | (FieldBase & { kind: 'textarea'; rows: number; maxLength: number; required?: boolean })
  | (FieldBase & { kind: 'checkbox' })
  | (FieldBase & { kind: 'photos'; max: number });

/** Fields side by side (two on wide screens) or one on its own row. */
export type Row = string | readonly string[];

export interface FormSection {
  legend?: string;
  rows: readonly Row[];
}

/** A form as both renderers read it: the ids' prefix, the fields, and how they are laid out. */
export interface FormSpec {
  /** "contact" → ids contact-firstName …, as the no-JavaScript page and the island both use. */
  prefix: string;
  fields: readonly FieldSpec[];
  sections: readonly FormSection[];
}

export function fieldOf(form: FormSpec, name: string): FieldSpec {
  const spec = form.fields.find((field) => field.name === name);
  if (!spec) throw new Error(`The ${form.prefix} form has no field "${name}"`);
  return spec;
}

/** The label of the option with `value`: "lithium" → "Lithium"; the value itself when no option has it. */
export function optionLabel(options: readonly Option[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

/** Every option of a select, flattened out of its groups. */
export function flatOptions(options: readonly (Option | OptionGroup)[]): Option[] {
  return options.flatMap((option) => ('group' in option ? option.options : [option]));
}

export type Values = Record<string, string | string[]>;
export type Errors = Partial<Record<string, string>>;

export type FormResult<T> = { ok: true; value: T } | { ok: false; errors: Errors; error: string };

/**
 * Checks input against a schema: the value, or the first message per field and the first
 * failing field's message in the order of `fields` (what the API answers in `error`).
 */
export function validateWith<T>(schema: z.ZodMiniType<T>, fields: readonly string[], input: unknown): FormResult<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return fail(fields, issueErrors(result.error.issues));
}

export function issueErrors(issues: readonly z.core.$ZodIssue[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** A failed result with the first message in field order. */
export function fail(fields: readonly string[], errors: Errors): { ok: false; errors: Errors; error: string } {
  const first = fields.find((field) => errors[field]) ?? Object.keys(errors)[0] ?? '';
  return { ok: false, errors, error: errors[first] ?? 'The form has a mistake' };
}

// ---------------------------------------------------------------------------------------------
// The visitor: the four contact fields every lead form asks for, with the inquiry's rules and
// messages (docs/product.md §Inquiry).

export const PERSON_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;

export const personShape = {
  firstName: inquirySchema.shape.firstName,
  lastName: inquirySchema.shape.lastName,
  email: inquirySchema.shape.email,
  phone: inquirySchema.shape.phone,
};

export type Person = { firstName: string; lastName: string; email: string; phone: string };

export const PERSON_SPECS: readonly FieldSpec[] = [
  { name: 'firstName', kind: 'text', label: 'First Name', autoComplete: 'given-name', maxLength: 100, required: true },
  { name: 'lastName', kind: 'text', label: 'Last Name', autoComplete: 'family-name', maxLength: 100, required: true },
  { name: 'email', kind: 'email', label: 'Email', autoComplete: 'email', maxLength: 254, required: true },
  { name: 'phone', kind: 'tel', label: 'Phone', autoComplete: 'tel', maxLength: 40, required: true },
];

export const PERSON_ROWS: readonly Row[] = [
  ['firstName', 'lastName'],
  ['email', 'phone'],
];

// ---------------------------------------------------------------------------------------------
// Small rules the forms share.

/** Text as it arrives from a form or JSON: "" and absent read the same. */
const blankIsAbsent = z.transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value));

/** An optional line of text, trimmed, at most `max` characters. */
export const optionalText = (max: number, tooLong: string) =>
  z.pipe(blankIsAbsent, z.optional(z.string({ error: tooLong }).check(z.trim(), z.maxLength(max, tooLong))));

/** A required line of text, trimmed. */
export const requiredText = (max: number, missing: string, tooLong: string) =>
  z.string({ error: missing }).check(z.trim(), z.minLength(1, missing), z.maxLength(max, tooLong));

/** One of a list of values. */
export const oneOf = <T extends string>(values: readonly T[], message: string) =>
  z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    z.custom<T>((value) => typeof value === 'string' && (values as readonly string[]).includes(value), { error: message }),
  );

/** Several of a list: a form posts the name once per ticked box, JSON sends an array. */
export const someOf = <T extends string>(values: readonly T[], message: string) =>
  z.pipe(
    z.transform((value: unknown) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value])),
    z
      .array(z.custom<T>((value) => typeof value === 'string' && (values as readonly string[]).includes(value), { error: message }))
      .check(z.minLength(1, message)),
  );

/** A whole number from a form ("2") or JSON (2). */
export const wholeNumber = (min: number, max: number, message: string) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value)),
    z.int({ error: message }).check(z.gte(min, message), z.lte(max, message)),
  );

/** A box a form posts as "on" and JSON as true. */
export const ticked = z.transform((value: unknown) => value === true || value === 'on' || value === 'true');

/**
 * A form with the store choice of a site with several stores (docs/product.md §Stores): a select
 * named `store` (the store's slug) after the form's last row; the form as it is without stores.
 */
export function withStoreChoice(form: FormSpec, stores: readonly Option[] | undefined): FormSpec {
  if (!stores || stores.length < 2) return form;
  const last = form.sections.length - 1;
  return {
    ...form,
    fields: [...form.fields, { name: 'store', kind: 'select', label: 'Store', options: stores }],
    sections: form.sections.map((section, index) => (index === last ? { ...section, rows: [...section.rows, 'store'] } : section)),
  };
}
