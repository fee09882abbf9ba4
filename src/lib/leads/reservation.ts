// zod's tree-shakable API, as the contact inquiry: the reservation island ships it.
import { z } from 'zod/mini';
import { formatPrice } from '../format.ts';
import { MESSAGES } from './inquiry.ts';
import { PERSON_ROWS, PERSON_SPECS, personShape, type FormSpec } from './form.ts';
import {
  cartsText,
  coverText,
  dateParts,
  daysText,
  quoteRental,
  rentalPeriods,
  wallClock,
  wallClockAt,
  type DeliveryPlace,
  type DeliveryTerms,
  type Quote,
  type QuoteGroup,
  type QuoteStore,
} from '../rentals/quote.ts';

/**
 * The rental reservation request (docs/product.md §Rentals): ONE set of rules, used by the
 * island on /rentals and by the /api/reserve function. Checking a request also quotes it.
 */

/** The form's fields, in the order the form shows them (and errors are reported). */
export const RESERVATION_FIELDS = [
  'group',
  'quantity',
  'pickupDate',
  'pickupTime',
  'returnDate',
  'returnTime',
  'delivery',
  'store',
  'address',
  'firstName',
  'lastName',
  'email',
  'phone',
  'note',
  'adult',
] as const;
export type ReservationField = (typeof RESERVATION_FIELDS)[number];

/** The delivery choice that means "I collect the carts at the showroom". */
export const SHOWROOM = 'showroom';

export const RESERVATION_LABELS: Readonly<Record<ReservationField, string>> = {
  group: 'Cart type',
  quantity: 'Number of carts',
  pickupDate: 'Pick-up date',
  pickupTime: 'Pick-up time',
  returnDate: 'Return date',
  returnTime: 'Return time',
  delivery: 'Pickup or delivery',
  store: 'Store',
  address: 'Delivery street address',
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  note: 'Note (optional)',
  adult: 'The driver is 21 or older and holds a valid driver’s license',
};

export const NOTE_MAX = 2000;
export const ADDRESS_MAX = 200;

export function reservationMessages(limits: ReservationLimits) {
  return {
    group: 'Choose a cart type',
    quantity: `Number of carts must be 1 to ${limits.maxCarts}`,
    pickupDate: 'Pick-up date is required',
    pickupTime: 'Pick-up time is required',
    returnDate: 'Return date is required',
    returnTime: 'Return time is required',
    pickupPast: 'Pick-up must be in the future',
    pickupFar: `Pick-up must be within ${limits.bookAheadDays} days from today`,
    returnBefore: 'Return must be after pick-up',
    tooLong: `Rentals can be requested for up to ${limits.maxPeriods} days; call us for longer`,
    delivery: 'Choose pickup at the showroom or a delivery town',
    store: 'Choose one of our stores',
    address: 'Street address is required for delivery',
    addressLong: `Street address must be at most ${ADDRESS_MAX} characters`,
    note: `Note must be at most ${NOTE_MAX} characters`,
    adult: 'Please confirm the driver is 21 or older with a valid license',
    ...MESSAGES,
  } as const;
}

export interface ReservationLimits {
  maxCarts: number;
  maxPeriods: number;
  bookAheadDays: number;
  timeZone: string;
}

/** The figures a request is checked and quoted against (src/lib/data/reservation.ts). */
export interface ReservationOptions {
  groups: readonly QuoteGroup[];
  places: readonly DeliveryPlace[];
  /** With several stores, the stores a visitor may rent from, the main store first (docs/product.md §Stores); none with one. */
  stores?: readonly (QuoteStore & { city: string })[];
  terms: DeliveryTerms;
  incrementHours: number;
  limits: ReservationLimits;
}

const pattern = (message: string, regex: RegExp) => z.string({ error: message }).check(z.trim(), z.regex(regex, message));
const oneOf = (values: readonly string[], message: string) => z.string({ error: message }).check(z.refine((value) => values.includes(value), message));

export function reservationSchema(options: ReservationOptions) {
  const m = reservationMessages(options.limits);
  return z.object({
    group: oneOf(
      options.groups.map((g) => g.id),
      m.group,
    ),
    // A form sends "2"; JSON may send 2.
    quantity: z.pipe(
      z.transform((value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value)),
      z.int({ error: m.quantity }).check(z.gte(1, m.quantity), z.lte(options.limits.maxCarts, m.quantity)),
    ),
    pickupDate: pattern(m.pickupDate, /^\d{4}-\d{2}-\d{2}$/),
    pickupTime: pattern(m.pickupTime, /^([01]\d|2[0-3]):[0-5]\d$/),
    returnDate: pattern(m.returnDate, /^\d{4}-\d{2}-\d{2}$/),
    returnTime: pattern(m.returnTime, /^([01]\d|2[0-3]):[0-5]\d$/),
    delivery: oneOf([SHOWROOM, ...options.places.map((p) => p.slug)], m.delivery),
    // With several stores: a store's slug, or "" for the nearest to the delivery town (the main store for pickup).
    store: options.stores ? z._default(oneOf(['', ...options.stores.map((store) => store.slug)], m.store), '') : z.optional(z.string()),
    address: z._default(z.string({ error: m.address }).check(z.trim(), z.maxLength(ADDRESS_MAX, m.addressLong)), ''),
    // The visitor's contact fields, with the inquiry's rules and cleaning (docs/product.md §Inquiry).
    ...personShape,
    note: z._default(z.string({ error: m.note }).check(z.trim(), z.maxLength(NOTE_MAX, m.note)), ''),
    // A checked box posts "on"; JSON sends true.
    adult: z.pipe(
      z.transform((value: unknown) => value === true || value === 'on' || value === 'true'),
      z.literal(true, { error: m.adult }),
    ),
  });
}

export type ReservationInput = z.infer<ReturnType<typeof reservationSchema>>;
export type ReservationErrors = Partial<Record<ReservationField, string>>;

/** A checked request: what the visitor asked for, resolved against the data, and its quote. */
export interface Reservation {
  input: ReservationInput;
  /** "2026-06-01T10:00", the showroom's wall clock. */
  pickUp: string;
  dropOff: string;
  place?: DeliveryPlace;
  /** With several stores: the store that delivers or where the carts are picked up. */
  store?: QuoteStore;
  quote: Quote;
}

export type ReservationResult = { ok: true; reservation: Reservation } | { ok: false; errors: ReservationErrors; error: string };

const DAY_MS = 86_400_000;

/**
 * Checks a request (JSON body, form fields or the island's state) and quotes it. `now` decides
 * what "in the past" means, read on the showroom's clock.
 */
export function validateReservation(input: unknown, options: ReservationOptions, now: number): ReservationResult {
  const m = reservationMessages(options.limits);
  const errors: ReservationErrors = {};
  const parsed = reservationSchema(options).safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && isReservationField(field) && !errors[field]) errors[field] = issue.message;
    }
  }
  const data = parsed.success ? parsed.data : undefined;
  const raw = (name: string) =>
    typeof input === 'object' && input !== null && name in input ? String((input as Record<string, unknown>)[name] ?? '').trim() : '';

  // Dates: checked even when another field is wrong, so every problem shows at once.
  const pickUp = wallClock(raw('pickupDate'), raw('pickupTime'));
  const dropOff = wallClock(raw('returnDate'), raw('returnTime'));
  // The patterns passed but the day does not exist (2026-02-30).
  if (pickUp === undefined && !errors.pickupDate && !errors.pickupTime) errors.pickupDate = m.pickupDate;
  if (dropOff === undefined && !errors.returnDate && !errors.returnTime) errors.returnDate = m.returnDate;
  let periods = 0;
  if (pickUp !== undefined) {
    const today = wallClockAt(now, options.limits.timeZone);
    if (pickUp < today) errors.pickupDate ??= m.pickupPast;
    else if (pickUp > today + options.limits.bookAheadDays * DAY_MS) errors.pickupDate ??= m.pickupFar;
  }
  if (pickUp !== undefined && dropOff !== undefined) {
    periods = rentalPeriods(pickUp, dropOff, options.incrementHours);
    if (periods < 1) errors.returnDate ??= m.returnBefore;
    else if (periods > options.limits.maxPeriods) errors.returnDate ??= m.tooLong;
  }
  const { place, store } = rentalStore(
    options,
    raw('store'),
    data && data.delivery !== SHOWROOM ? options.places.find((p) => p.slug === data.delivery) : undefined,
  );
  // Delivery needs a street address, whatever else is wrong.
  if (options.places.some((p) => p.slug === raw('delivery')) && !raw('address')) errors.address ??= m.address;

  const listed = RESERVATION_FIELDS.filter((field) => errors[field]);
  const group = data ? options.groups.find((g) => g.id === data.group) : undefined;
  if (listed.length > 0 || !data || !group || pickUp === undefined || dropOff === undefined) {
    return { ok: false, errors, error: errors[listed[0] ?? 'group'] ?? m.group };
  }
  const quote = quoteRental({ group, periods, quantity: data.quantity, place, store }, options.terms);
  const at = (wall: number) => {
    const { date, time } = dateParts(wall);
    return `${date}T${time}`;
  };
  return { ok: true, reservation: { input: data, pickUp: at(pickUp), dropOff: at(dropOff), ...(place ? { place } : {}), ...(store ? { store } : {}), quote } };
}

/**
 * With several stores, the store a request is for and the delivery place measured from it
 * (docs/product.md §Stores): the store the visitor chose, else for a delivery the store nearest
 * to the town, else (pickup) the main store. With one store, the place as it is.
 */
export function rentalStore(
  options: Pick<ReservationOptions, 'stores'>,
  chosen: string | undefined,
  place: DeliveryPlace | undefined,
): { place?: DeliveryPlace; store?: QuoteStore } {
  const stores = options.stores;
  if (!stores) return place ? { place } : {};
  const picked = stores.find((store) => store.slug === chosen);
  const distance = place ? (place.stores?.find((entry) => entry.store === picked?.slug) ?? place.stores?.[0]) : undefined;
  const found = stores.find((store) => store.slug === distance?.store) ?? picked ?? stores[0];
  const store = found ? { slug: found.slug, name: found.name } : undefined;
  if (!place) return store ? { store } : {};
  const measured = distance ? { slug: place.slug, name: place.name, miles: distance.miles, measure: distance.measure } : place;
  return { place: measured, ...(store ? { store } : {}) };
}

/**
 * The quote alone, for the island's live estimate while the visitor types: undefined until the
 * cart type, the number of carts, both dates and times and the delivery choice make sense.
 */
export function liveQuote(values: Partial<Record<ReservationField, string>>, options: ReservationOptions): Quote | undefined {
  const group = options.groups.find((g) => g.id === values.group);
  const quantity = Number(values.quantity);
  const pickUp = wallClock(values.pickupDate ?? '', values.pickupTime ?? '');
  const dropOff = wallClock(values.returnDate ?? '', values.returnTime ?? '');
  if (!group || !Number.isInteger(quantity) || quantity < 1 || quantity > options.limits.maxCarts || pickUp === undefined || dropOff === undefined)
    return undefined;
  const periods = rentalPeriods(pickUp, dropOff, options.incrementHours);
  if (periods < 1 || periods > options.limits.maxPeriods) return undefined;
  const town = values.delivery === SHOWROOM ? undefined : options.places.find((p) => p.slug === values.delivery);
  if (values.delivery !== SHOWROOM && !town) return undefined;
  const { place, store } = rentalStore(options, values.store, town);
  return quoteRental({ group, periods, quantity, place, store }, options.terms);
}

/** "2 carts × 6 days, 4 Seater": the request in a few words, for subjects and summaries. */
export function reservationSummary(quote: Pick<Quote, 'quantity' | 'periods' | 'group'>): string {
  return `${cartsText(quote.quantity)} × ${daysText(quote.periods)}, ${quote.group.name}`;
}

const whenFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "2026-06-05T10:00" (the showroom's wall clock) → "Fri, Jun 5, 2026, 10:00 AM". */
export function whenText(wall: string): string {
  const [date = '', time = ''] = wall.split('T');
  const ms = wallClock(date, time);
  return ms === undefined ? wall : whenFormat.format(ms);
}

/**
 * "Delivery to Medford Township and pickup (9 miles one way)" or "Pickup at the showroom"; with
 * several stores the store too, and a straight-line distance said to be one
 * ("Delivery from Medford showroom to Shamong Township and pickup (about 9 miles in a straight line)").
 */
export function deliveryLabel(quote: Pick<Quote, 'delivery' | 'store'>): string {
  if (quote.delivery.kind === 'pickup') return quote.store ? `Pickup at ${quote.store.name}` : 'Pickup at the showroom';
  const { name, miles, measure } = quote.delivery.place;
  const distance = `${miles} mile${miles === 1 ? '' : 's'}`;
  if (!quote.store) return `Delivery to ${name} and pickup (${distance} one way)`;
  return `Delivery from ${quote.store.name} to ${name} and pickup (${measure === 'straight' ? `about ${distance} in a straight line` : `${distance} one way`})`;
}

/**
 * The quote as label/amount lines, the same wherever it is shown (the island, the function's
 * page, the dealer's e-mail): plans per cart, rental, delivery, estimated total.
 */
export function quoteLines(quote: Quote): [label: string, value: string][] {
  return [
    [`Plans per cart (${daysText(quote.periods)})`, `${coverText(quote.cover)}: ${formatPrice(quote.cover.price)}`],
    [`Rental, ${cartsText(quote.quantity)} × ${formatPrice(quote.cover.price)}`, formatPrice(quote.rental)],
    [deliveryLabel(quote), quote.deliveryFee > 0 ? formatPrice(quote.deliveryFee) : 'Free'],
    ['Estimated total', formatPrice(quote.total)],
  ];
}

/** Said wherever a quote is shown (docs/product.md §Rentals). */
export const ESTIMATE_NOTE = 'This quote is an estimate until we confirm availability.';

function isReservationField(name: string): name is ReservationField {
  return (RESERVATION_FIELDS as readonly string[]).includes(name);
}

/** The trip: what "Get quote" checks without any personal details (docs/product.md §Rentals). */
export const TRIP_FIELDS = ['group', 'quantity', 'pickupDate', 'pickupTime', 'returnDate', 'returnTime', 'delivery', 'store', 'address'] as const;

/** The reservation form's fields and layout, for the island and the pages without JavaScript. */
export function reservationForm(options: ReservationOptions): FormSpec {
  return {
    prefix: 'reserve',
    fields: [
      { name: 'group', kind: 'select', label: RESERVATION_LABELS.group, options: options.groups.map((g) => ({ value: g.id, label: g.name })) },
      {
        name: 'quantity',
        kind: 'select',
        label: RESERVATION_LABELS.quantity,
        options: Array.from({ length: options.limits.maxCarts }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
      },
      { name: 'pickupDate', kind: 'date', label: RESERVATION_LABELS.pickupDate, required: true },
      { name: 'pickupTime', kind: 'time', label: RESERVATION_LABELS.pickupTime, required: true, step: 900 },
      { name: 'returnDate', kind: 'date', label: RESERVATION_LABELS.returnDate, required: true },
      { name: 'returnTime', kind: 'time', label: RESERVATION_LABELS.returnTime, required: true, step: 900 },
      {
        name: 'delivery',
        kind: 'select',
        label: RESERVATION_LABELS.delivery,
        options: [
          { value: SHOWROOM, label: options.stores ? 'Pickup at a store (free)' : 'Pickup at the showroom (free)' },
          { group: 'Delivery to', options: options.places.map((p) => ({ value: p.slug, label: `${p.name} (${placeDistance(p, options)})` })) },
        ],
      },
      ...storeChoice(options),
      {
        name: 'address',
        kind: 'text',
        label: RESERVATION_LABELS.address,
        autoComplete: 'address-line1',
        maxLength: ADDRESS_MAX,
        hint: 'Only for delivery: where we bring the carts and collect them.',
      },
      ...PERSON_SPECS,
      { name: 'note', kind: 'textarea', label: RESERVATION_LABELS.note, rows: 3, maxLength: NOTE_MAX },
      { name: 'adult', kind: 'checkbox', label: RESERVATION_LABELS.adult },
    ],
    sections: [
      {
        legend: 'Your rental',
        rows: [['group', 'quantity'], ['pickupDate', 'pickupTime'], ['returnDate', 'returnTime'], 'delivery', ...(options.stores ? ['store'] : []), 'address'],
      },
      { legend: 'Your details', rows: [...PERSON_ROWS, 'note', 'adult'] },
    ],
  };
}

/** "9 mi"; with several stores "9 mi from Medford", or "about 9 mi from Medford" in a straight line. */
function placeDistance(place: DeliveryPlace, options: Pick<ReservationOptions, 'stores'>): string {
  const nearest = place.stores?.[0];
  const store = options.stores?.find((candidate) => candidate.slug === nearest?.store);
  if (!nearest || !store) return `${place.miles} mi`;
  return `${nearest.measure === 'straight' ? 'about ' : ''}${nearest.miles} mi from ${store.city}`;
}

/** With several stores, the store the visitor rents from (docs/product.md §Stores); none with one. */
function storeChoice(options: Pick<ReservationOptions, 'stores'>): FormSpec['fields'] {
  const [main] = options.stores ?? [];
  if (!options.stores || !main) return [];
  return [
    {
      name: 'store',
      kind: 'select',
      label: RESERVATION_LABELS.store,
      options: [
        { value: '', label: 'Nearest to the delivery town' },
        ...options.stores.map((store) => ({ value: store.slug, label: `${store.name}, ${store.city}` })),
      ],
      hint: `A delivery comes from the store nearest the town unless you choose one; for pickup, choose where you collect the carts (${main.name} if you leave this).`,
    },
  ];
}

/** The trip alone checked and quoted: the quote a visitor gets before giving any personal details. */
export function validateTrip(input: unknown, options: ReservationOptions, now: number): { ok: true; quote: Quote } | { ok: false; errors: ReservationErrors } {
  const result = validateReservation(input, options, now);
  if (result.ok) return { ok: true, quote: result.reservation.quote };
  const errors: ReservationErrors = {};
  for (const field of TRIP_FIELDS) if (result.errors[field]) errors[field] = result.errors[field];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const values = typeof input === 'object' && input !== null ? (input as Partial<Record<ReservationField, string>>) : {};
  const quote = liveQuote(values, options);
  return quote ? { ok: true, quote } : { ok: false, errors: { group: reservationMessages(options.limits).group } };
}
