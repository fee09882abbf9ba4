// zod's tree-shakable API (same zod 4 core as the server's schemas): the form island ships it.
import { z } from 'zod/mini';
import { INTERESTS, type Interest, type LeadInterest } from './contact-link.ts';

/**
 * The contact inquiry and its rules (docs/product.md §Inquiry): ONE schema, used by the form island
 * in the browser and by the /api/contact function on the server.
 */

export { INTERESTS, type Interest };

/** The six fields of an inquiry, in the order the form shows them (and errors are reported). */
export const INQUIRY_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'interest', 'message'] as const;
export type InquiryField = (typeof INQUIRY_FIELDS)[number];

/** docs/product.md §Inquiry, word for word. */
export const MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Invalid email address',
  phone: 'Phone number is required',
  message: 'Message must be at least 10 characters',
} as const;

/** What the form's rules leave open ("message: not given"); only an API client can send another value. */
export const INTEREST_MESSAGE = 'Interest must be one of sales, service, parts or general';

/** The form's four subjects, and rentals for a stored reservation request. */
export const INTEREST_LABELS: Readonly<Record<LeadInterest, string>> = {
  sales: 'Sales',
  service: 'Service',
  parts: 'Parts',
  general: 'General',
  rentals: 'Rentals',
};

/** How the form names each field (the island and the function's no-JavaScript page). */
export const FIELD_LABELS: Readonly<Record<InquiryField, string>> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  interest: 'Interest',
  message: 'Message',
};

/** Upper bounds, so one field cannot fill the dealer's inbox (the body is capped at 16 KB anyway). */
export const LIMITS = { name: 100, email: 254, phone: 40, message: 5000 } as const;

// ---------------------------------------------------------------------------------------------
// Cleaning (docs/product.md §Inquiry): what arrives is text, and some characters in it are not
// meant for people. Control characters (NUL, BEL, ESC …) and invisible format characters
// (bidirectional overrides such as U+202E, zero-width spaces, the byte-order mark) are removed
// before anything is validated or stored. Line breaks and tabs survive only in the message.

const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
const PICTOGRAPH_BEFORE = /\p{Extended_Pictographic}(?:[\u{1F3FB}-\u{1F3FF}]|\uFE0F)?$/u;
const PICTOGRAPH_AFTER = /^\p{Extended_Pictographic}/u;

/** A zero-width joiner inside an emoji sequence (👨‍👩‍👧) is part of a visible character: kept. */
function joinsEmoji(text: string, offset: number): boolean {
  return PICTOGRAPH_BEFORE.test(text.slice(Math.max(0, offset - 4), offset)) && PICTOGRAPH_AFTER.test(text.slice(offset + 1, offset + 3));
}

/** Removes control and invisible format characters; `multiline` keeps line breaks (as \n) and tabs. */
export function cleanText(value: string, { multiline = false }: { multiline?: boolean } = {}): string {
  const text = multiline ? value.replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n') : value;
  return text.replace(INVISIBLE, (char: string, offset: number, whole: string) => {
    if (multiline && (char === '\n' || char === '\t')) return char;
    if (char === '\u200D' && joinsEmoji(whole, offset)) return char;
    return '';
  });
}

/** Cleans a value that is text; anything else is left for the schema to refuse. */
const cleaned = (multiline = false) => z.transform((value: unknown) => (typeof value === 'string' ? cleanText(value, { multiline }) : value));

/** At least 10 digits (the other characters may be spaces, dashes, brackets, a plus …). */
export function phoneDigits(value: string): number {
  return value.replace(/\D/g, '').length;
}

const text = (required: string, max: number, tooLong: string) =>
  z.pipe(cleaned(), z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong)));

export const inquirySchema = z.object({
  firstName: text(MESSAGES.firstName, LIMITS.name, `First name must be at most ${LIMITS.name} characters`),
  lastName: text(MESSAGES.lastName, LIMITS.name, `Last name must be at most ${LIMITS.name} characters`),
  email: z.pipe(
    z.pipe(cleaned(), z.string({ error: MESSAGES.email }).check(z.trim(), z.maxLength(LIMITS.email, MESSAGES.email))),
    z.email({ error: MESSAGES.email }),
  ),
  // At least 10 characters and at least 10 digits, one message for both (docs/product.md §Inquiry).
  phone: z.pipe(
    cleaned(),
    z.string({ error: MESSAGES.phone }).check(
      z.trim(),
      z.minLength(10, MESSAGES.phone),
      z.maxLength(LIMITS.phone, `Phone number must be at most ${LIMITS.phone} characters`),
      z.refine((value) => phoneDigits(value) >= 10, { error: MESSAGES.phone }),
    ),
  ),
  // An empty value (a form that sends interest="") means "not chosen": the default applies.
  interest: z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    z._default(z.enum(INTERESTS, { error: INTEREST_MESSAGE }), 'sales'),
  ),
  message: z.pipe(
    cleaned(true),
    z
      .string({ error: MESSAGES.message })
      .check(z.trim(), z.minLength(10, MESSAGES.message), z.maxLength(LIMITS.message, `Message must be at most ${LIMITS.message} characters`)),
  ),
});

export type Inquiry = z.infer<typeof inquirySchema>;
export type InquiryInput = z.input<typeof inquirySchema>;
export type FieldErrors = Partial<Record<InquiryField, string>>;

/** The first message per field, for showing each error beside its field. */
export function fieldErrors(error: { issues: readonly z.core.$ZodIssue[] }): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && isInquiryField(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The message of the first failing field in form order: what the API answers in `error`. */
export function firstError(errors: FieldErrors): string | undefined {
  for (const field of INQUIRY_FIELDS) if (errors[field]) return errors[field];
  return undefined;
}

export type InquiryResult = { ok: true; inquiry: Inquiry } | { ok: false; errors: FieldErrors; error: string };

/** Validates unknown input (a JSON body, form fields, the island's state) against docs/product.md §Inquiry. */
export function validateInquiry(input: unknown): InquiryResult {
  const result = inquirySchema.safeParse(input);
  if (result.success) return { ok: true, inquiry: result.data };
  const errors = fieldErrors(result.error);
  return { ok: false, errors, error: firstError(errors) ?? MESSAGES.firstName };
}

function isInquiryField(name: string): name is InquiryField {
  return (INQUIRY_FIELDS as readonly string[]).includes(name);
}

export function isInterest(value: unknown): value is Interest {
  return typeof value === 'string' && (INTERESTS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------
// What the form sends beside the six fields: where the lead came from, and the bot guards.

/** A hidden field people never see or fill; a value in it marks the sender as a bot. */
export const HONEYPOT_FIELD = 'website';
/** Milliseconds between the form appearing and its submission, measured by the island. */
export const FILL_TIME_FIELD = 'fillMs';
/** Quicker than this, nobody has read the form: a script filled it. */
export const MIN_FILL_MS = 3000;
/** The island's key for one submission attempt (also accepted as the Idempotency-Key header). */
export const IDEMPOTENCY_FIELD = 'idempotencyKey';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 8 to 128 letters, digits, dashes or underscores';

export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];

/**
 * Tracking text is cleaned, kept when it is sensible and quietly dropped otherwise: it never
 * costs a lead, and nothing stored from it can trip up the e-mail later.
 */
const tag = (max: number, ...checks: z.core.$ZodCheck<string>[]) =>
  z.catch(z.optional(z.pipe(cleaned(), z.string().check(z.trim(), z.minLength(1), z.maxLength(max), ...checks))), undefined);

/** "/contact?interest=sales": a path on this site (not "//other.host", not "http://"). */
export function isSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false;
  return URL.canParse(value, 'https://site.invalid');
}

/** "https://www.google.com/": an absolute http(s) address with a host. */
export function isWebAddress(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
}

/** A header or other single line of text, cleaned and cut to `max` characters (undefined when empty). */
export function cleanLine(value: string | null | undefined, max: number): string | undefined {
  const line = value ? cleanText(value).trim().slice(0, max).trim() : '';
  return line || undefined;
}

export const leadSourceSchema = z.object({
  /** The page the form was sent from, path and query (e.g. /contact?interest=sales&vehicle=…). */
  page: tag(500, z.refine(isSitePath)),
  /** The unit id or model slug the visitor asked about (the `vehicle` query parameter). */
  vehicle: z.catch(z.optional(z.string().check(z.trim(), z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/i), z.maxLength(120))), undefined),
  /** The page before the contact page (document.referrer). */
  referrer: tag(500, z.refine(isWebAddress)),
  utm_source: tag(200),
  utm_medium: tag(200),
  utm_campaign: tag(200),
  utm_term: tag(200),
  utm_content: tag(200),
});

export type LeadSource = z.infer<typeof leadSourceSchema>;

// ---------------------------------------------------------------------------------------------
// The vehicle a lead is about, named for people (the form, the e-mail) and for the CRM (ADF).

export interface VehicleCatalog {
  brands: readonly { slug: string; name: string }[];
  units: readonly { id: string; name: string; brand: string; year?: number }[];
}

/** The catalog from the brands and vehicles data (only the fields naming needs, small enough for an island prop). */
export function vehicleCatalog(
  brands: readonly { slug: string; name: string }[],
  units: readonly { id: string; name: string; brand: string; year?: number }[],
): VehicleCatalog {
  return {
    brands: brands.map(({ slug, name }) => ({ slug, name })),
    units: units.map(({ id, name, brand, year }) => ({ id, name, brand, ...(year ? { year } : {}) })),
  };
}

export interface VehicleDescription {
  /** What the visitor and the dealer read, e.g. "Denago EV City". */
  label: string;
  make?: string;
  model: string;
  year?: number;
}

/** Slugs sometimes abbreviate the brand (evo-d5-maverick-4-plus-sky-blue). */
const BRAND_ALIASES: Readonly<Record<string, string>> = { evo: 'evolution' };
const UPPER_WORDS = new Set(['xxl', 'lsv', 'utv']);

function titleWord(word: string): string {
  if (/\d/.test(word) || word.length <= 2 || UPPER_WORDS.has(word)) return word.toUpperCase();
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** "denago-ev-city" → Denago EV City; a unit id on the lot → that unit's name and year. */
export function describeVehicle(ref: string, catalog: VehicleCatalog): VehicleDescription {
  const brandName = (slug: string) => catalog.brands.find((b) => b.slug === slug)?.name;
  const unit = catalog.units.find((u) => u.id === ref);
  if (unit) {
    const make = brandName(unit.brand);
    const model = make && unit.name.startsWith(`${make} `) ? unit.name.slice(make.length + 1) : unit.name;
    return { label: unit.name, make, model, year: unit.year };
  }
  const slug = ref.toLowerCase();
  const candidates = [...catalog.brands.map((b) => [b.slug, b.slug] as const), ...Object.entries(BRAND_ALIASES)];
  const match = candidates.find(([prefix]) => slug.startsWith(`${prefix}-`));
  const rest = match ? slug.slice(match[0].length + 1) : slug;
  const model = rest.split('-').filter(Boolean).map(titleWord).join(' ');
  const make = match ? brandName(match[1]) : undefined;
  return { label: make ? `${make} ${model}` : model, make, model };
}
