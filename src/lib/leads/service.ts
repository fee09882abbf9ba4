import { z } from 'zod/mini';
import type { HoursLine } from '../../../data/schemas/dealer.ts';
import { CART_MESSAGES, CART_SPECS, cartMake, makeOther, needsMakeName, optionalCartYear } from './cart-fields.ts';
import { formatPrice, formatTime } from '../format.ts';
import {
  fail,
  issueErrors,
  oneOf,
  optionalText,
  PERSON_FIELDS,
  PERSON_ROWS,
  PERSON_SPECS,
  personShape,
  someOf,
  type Errors,
  type FormResult,
  type FormSpec,
  type Option,
} from './form.ts';
import { dateParts, deliveryFee, wallClock, wallClockAt, type DeliveryPlace, type DeliveryTerms } from '../rentals/quote.ts';

/**
 * The service appointment request (docs/product.md §Services): the cart, what is wrong, two
 * preferred days and a time within the service department's hours, and drop-off at the shop or
 * pick-up in the visitor's town, with the pick-up fee worked out from the town's distance by the
 * same arithmetic as a rental delivery. One set of rules for the island and the function.
 */

export const SERVICE_FIELDS = [
  'make',
  'makeOther',
  'model',
  'year',
  'problems',
  'note',
  'day1',
  'day2',
  'time',
  'handoff',
  'town',
  'address',
  ...PERSON_FIELDS,
] as const;

export const SERVICE_PROBLEMS: readonly Option[] = [
  { value: 'battery', label: 'Battery' },
  { value: 'charging', label: 'Charging' },
  { value: 'brakes', label: 'Brakes' },
  { value: 'lights', label: 'Lights' },
  { value: 'tires', label: 'Tires' },
  { value: 'steering', label: 'Steering' },
  { value: 'other', label: 'Something else' },
];

export const HANDOFFS: readonly Option[] = [
  { value: 'drop-off', label: 'I drop the cart off at the shop' },
  { value: 'pick-up', label: 'Pick it up from me (fee by distance)' },
];

/** What a request is checked against: the service hours (data/dealer.json), the towns and their distances, the pick-up terms. */
export interface ServiceOptions {
  hours: readonly HoursLine[];
  places: readonly DeliveryPlace[];
  pickup: DeliveryTerms;
  bookAheadDays: number;
  timeZone: string;
}

export const SERVICE_MESSAGES = {
  ...CART_MESSAGES,
  problems: 'Choose at least one thing that is wrong',
  note: 'Tell us what is wrong',
  noteLong: 'Note must be at most 2000 characters',
  day1: 'Choose the day you would like best',
  day2: 'Choose a second day that is not the first one',
  dayPast: 'Choose a day from tomorrow on',
  dayFar: (days: number) => `Choose a day within the next ${days} days`,
  dayClosed: (weekday: string, note: string) => `${weekday}: ${note.toLowerCase()}. Choose another day, or call us`,
  time: 'Choose a time',
  timeOutside: (weekday: string, opens: string, closes: string) =>
    `On ${weekday} the shop takes carts from ${formatTime(opens)} to ${formatTime(closes)}: choose a time in those hours, or another day`,
  handoff: 'Choose drop-off or pick-up',
  town: 'Choose the town we pick the cart up in',
  address: 'Street address is required for pick-up',
  addressLong: 'Street address must be at most 200 characters',
} as const;

export const NOTE_MAX = 2000;
export const ADDRESS_MAX = 200;
/** Appointments start on the half hour; the last one is this long before closing. */
const SLOT_MINUTES = 30;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const minutes = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};
const clock = (total: number) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/** The service hours of a weekday: open from/to, or the note of a day without hours ("Emergency only"). */
export function hoursOn(hours: readonly HoursLine[], weekday: string): { opens: string; closes: string } | { note: string } {
  const line = hours.find((candidate) => (candidate.days as readonly string[]).includes(weekday));
  if (!line) return { note: 'Closed' };
  return 'note' in line ? { note: line.note } : { opens: line.opens, closes: line.closes };
}

/** The times the form offers: every half hour from the earliest opening to the last slot before the latest closing. */
export function serviceTimes(hours: readonly HoursLine[]): Option[] {
  const open = hours.filter((line): line is Extract<HoursLine, { opens: string }> => 'opens' in line);
  if (open.length === 0) return [];
  const first = Math.min(...open.map((line) => minutes(line.opens)));
  const last = Math.max(...open.map((line) => minutes(line.closes))) - SLOT_MINUTES;
  const times: Option[] = [];
  for (let at = first; at <= last; at += SLOT_MINUTES) times.push({ value: clock(at), label: formatTime(clock(at)) });
  return times;
}

/** "Saturday" for "2026-06-06". */
export function weekdayOf(date: string): string {
  const wall = wallClock(date, '12:00');
  return wall === undefined ? '' : (WEEKDAYS[new Date(wall).getUTCDay()] ?? '');
}

/** The pick-up fee for a town: the rental delivery arithmetic on the service pick-up terms. */
export function pickupFee(place: DeliveryPlace, terms: DeliveryTerms): number {
  return deliveryFee(place.miles, terms);
}

/** "Bass River Township (38 mi, pick-up $168)": the fee is in the choice itself, with or without JavaScript. */
export function placeLabel(place: DeliveryPlace, terms: DeliveryTerms): string {
  const fee = pickupFee(place, terms);
  // With several stores a straight-line figure says so (docs/decisions/store-distances.md).
  return `${place.name} (${place.measure === 'straight' ? 'about ' : ''}${place.miles} mi, pick-up ${fee > 0 ? formatPrice(fee) : 'free'})`;
}

export function serviceSchema(now: number) {
  return z.object({
    make: cartMake,
    makeOther,
    model: optionalText(80, CART_MESSAGES.modelLong),
    year: optionalCartYear(now),
    problems: someOf(
      SERVICE_PROBLEMS.map((problem) => problem.value),
      SERVICE_MESSAGES.problems,
    ),
    note: optionalText(NOTE_MAX, SERVICE_MESSAGES.noteLong),
    day1: z.string({ error: SERVICE_MESSAGES.day1 }).check(z.regex(DATE, SERVICE_MESSAGES.day1)),
    day2: optionalText(10, SERVICE_MESSAGES.day2),
    time: z.string({ error: SERVICE_MESSAGES.time }).check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, SERVICE_MESSAGES.time)),
    handoff: oneOf(['drop-off', 'pick-up'], SERVICE_MESSAGES.handoff),
    town: optionalText(80, SERVICE_MESSAGES.town),
    address: optionalText(ADDRESS_MAX, SERVICE_MESSAGES.addressLong),
    ...personShape,
  });
}

export type ServiceInput = z.infer<ReturnType<typeof serviceSchema>>;

export interface ServiceRequest {
  input: ServiceInput;
  days: string[];
  place?: DeliveryPlace;
  fee: number;
}

/** Checks a request (form fields, JSON or the island's state) against the hours and places; `now` decides "tomorrow". */
export function validateService(input: unknown, options: ServiceOptions, now: number): FormResult<ServiceRequest> {
  const parsed = serviceSchema(now).safeParse(input);
  const errors: Errors = parsed.success ? {} : issueErrors(parsed.error.issues);
  const raw = (name: string) => {
    const value = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[name] : undefined;
    return typeof value === 'string' ? value.trim() : '';
  };
  if (needsMakeName(input)) errors.makeOther ??= CART_MESSAGES.makeOther;
  const problems = parsed.success ? parsed.data.problems : [];
  if (problems.includes('other') && !raw('note')) errors.note ??= SERVICE_MESSAGES.note;

  // Days: from tomorrow, within the booking window, on a day the shop has hours; the time within them.
  const today = dateParts(wallClockAt(now, options.timeZone)).date;
  const last = dateParts((wallClock(today, '12:00') ?? 0) + options.bookAheadDays * 86_400_000).date;
  const time = raw('time');
  const checkDay = (field: 'day1' | 'day2', day: string) => {
    if (!DATE.test(day) || wallClock(day, '12:00') === undefined)
      return void (errors[field] ??= field === 'day1' ? SERVICE_MESSAGES.day1 : SERVICE_MESSAGES.day2);
    if (day <= today) return void (errors[field] ??= SERVICE_MESSAGES.dayPast);
    if (day > last) return void (errors[field] ??= SERVICE_MESSAGES.dayFar(options.bookAheadDays));
    const weekday = weekdayOf(day);
    const hours = hoursOn(options.hours, weekday);
    if ('note' in hours) return void (errors[field] ??= SERVICE_MESSAGES.dayClosed(weekday, hours.note));
    if (/^\d{2}:\d{2}$/.test(time) && !(minutes(time) >= minutes(hours.opens) && minutes(time) <= minutes(hours.closes) - SLOT_MINUTES)) {
      errors.time ??= SERVICE_MESSAGES.timeOutside(weekday, hours.opens, hours.closes);
    }
  };
  const day1 = raw('day1');
  const day2 = raw('day2');
  if (day1) checkDay('day1', day1);
  if (day2) {
    if (day2 === day1) errors.day2 ??= SERVICE_MESSAGES.day2;
    else checkDay('day2', day2);
  }

  // Pick-up: a town we know and a street address.
  const pickUp = raw('handoff') === 'pick-up';
  const place = pickUp ? options.places.find((candidate) => candidate.slug === raw('town')) : undefined;
  if (pickUp && !place) errors.town ??= SERVICE_MESSAGES.town;
  if (pickUp && !raw('address')) errors.address ??= SERVICE_MESSAGES.address;

  if (!parsed.success || Object.keys(errors).length > 0) return fail(SERVICE_FIELDS, errors);
  return {
    ok: true,
    value: { input: parsed.data, days: [day1, ...(day2 ? [day2] : [])], ...(place ? { place } : {}), fee: place ? pickupFee(place, options.pickup) : 0 },
  };
}

export const serviceForm = (options: ServiceOptions, now: number): FormSpec => ({
  prefix: 'service',
  fields: [
    ...CART_SPECS(now).map((spec) =>
      spec.name === 'model' ? { ...spec, label: 'Model (optional)' } : spec.name === 'year' ? { ...spec, label: 'Year (optional)' } : spec,
    ),
    { name: 'problems', kind: 'checkboxes', label: 'What is wrong?', options: SERVICE_PROBLEMS, hint: 'Choose all that apply.' },
    { name: 'note', kind: 'textarea', label: 'Tell us more (needed for something else)', rows: 4, maxLength: NOTE_MAX },
    { name: 'day1', kind: 'date', label: 'Preferred day', required: true },
    { name: 'day2', kind: 'date', label: 'Second choice (optional)' },
    {
      name: 'time',
      kind: 'select',
      label: 'Time',
      options: [{ value: '', label: 'Choose a time' }, ...serviceTimes(options.hours)],
      hint: 'Within the service hours of the day you choose.',
    },
    { name: 'handoff', kind: 'radios', label: 'Drop-off or pick-up', options: HANDOFFS },
    {
      name: 'town',
      kind: 'select',
      label: 'Pick-up town',
      options: [
        { value: '', label: 'Only for pick-up: choose the town' },
        ...options.places.map((place) => ({ value: place.slug, label: placeLabel(place, options.pickup) })),
      ],
    },
    { name: 'address', kind: 'text', label: 'Pick-up street address', autoComplete: 'address-line1', maxLength: ADDRESS_MAX, hint: 'Only for pick-up.' },
    ...PERSON_SPECS,
  ],
  sections: [
    { legend: 'Your cart', rows: [['make', 'makeOther'], ['model', 'year'], 'problems', 'note'] },
    { legend: 'When and where', rows: [['day1', 'day2'], 'time', 'handoff', ['town', 'address']] },
    { legend: 'Your details', rows: PERSON_ROWS },
  ],
});
