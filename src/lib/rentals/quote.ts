/**
 * The rental quote (docs/product.md §Rentals): the cheapest cover of the requested 24-hour
 * periods with the plans of a cart group, per cart, plus the delivery fee, once per
 * reservation. Pure arithmetic on figures passed in (data/rentals.json, data/towns.json), so
 * the reservation island, the /api/reserve function and the tests share it.
 */

export interface QuotePlan {
  key: string;
  /** "Weekly", "3 Day": the breakdown names plans in lower case ("weekly + 3 day"). */
  title: string;
  /** How many periods the plan covers. */
  days: number;
  /** Whole US dollars for the plan. */
  price: number;
}

export interface QuoteGroup {
  id: string;
  name: string;
  plans: readonly QuotePlan[];
}

/** Where a delivered cart goes: a municipality (or the county as a whole) and its distance. */
export interface DeliveryPlace {
  slug: string;
  name: string;
  /** One-way driving miles from the showroom (with several stores: from the store that delivers). */
  miles: number;
  /** With several stores: how `miles` was measured, by road or in a straight line (docs/decisions/store-distances.md). */
  measure?: Measure;
  /** With several stores: the distance from each store, the nearest first. */
  stores?: readonly { store: string; miles: number; measure: Measure }[];
}

/** "road": an editor's driving figure; "straight": the straight line between coordinates. */
export type Measure = 'road' | 'straight';

/** With several stores, the store a reservation is for: it delivers, or the carts are picked up there. */
export interface QuoteStore {
  slug: string;
  name: string;
}

export interface DeliveryTerms {
  feePerMile: number;
  includedMiles: number;
}

export interface PlanLine {
  key: string;
  title: string;
  days: number;
  price: number;
  count: number;
}

/** The plans one cart is rented on: what they cover and cost. */
export interface Cover {
  lines: PlanLine[];
  days: number;
  price: number;
}

/**
 * The cheapest combination of plans covering at least `periods` periods. Early returns earn no
 * refund, so a longer combination that costs less wins (6 days of a 4 Seater: weekly, $1050).
 * On equal prices the shorter cover, then the one with fewer plans, is quoted.
 */
export function cheapestCover(plans: readonly QuotePlan[], periods: number): Cover {
  if (!Number.isInteger(periods) || periods < 1) throw new RangeError(`periods must be a whole number of at least 1, got ${periods}`);
  const usable = plans.filter((plan) => plan.days > 0);
  if (usable.length === 0) throw new RangeError('no plans to quote with');
  const longest = Math.max(...usable.map((plan) => plan.days));
  const limit = periods + longest - 1;
  // best[d]: the cheapest way to cover exactly d periods (price, then number of plans).
  const best: ({ price: number; count: number; plan: number } | undefined)[] = [{ price: 0, count: 0, plan: -1 }];
  for (let d = 1; d <= limit; d++) {
    let choice: { price: number; count: number; plan: number } | undefined;
    usable.forEach((plan, index) => {
      const before = best[d - plan.days];
      if (d < plan.days || !before) return;
      const candidate = { price: before.price + plan.price, count: before.count + 1, plan: index };
      if (!choice || candidate.price < choice.price || (candidate.price === choice.price && candidate.count < choice.count)) choice = candidate;
    });
    best[d] = choice;
  }
  let days = -1;
  for (let d = periods; d <= limit; d++) {
    const entry = best[d];
    const chosen = days < 0 ? undefined : best[days];
    if (entry && (!chosen || entry.price < chosen.price)) days = d;
  }
  const total = best[days];
  if (!total) throw new RangeError(`no combination of plans covers ${periods} periods`);

  const counts = new Map<number, number>();
  for (let d = days; d > 0;) {
    const step = best[d];
    const plan = step ? usable[step.plan] : undefined;
    if (!step || !plan) break;
    counts.set(step.plan, (counts.get(step.plan) ?? 0) + 1);
    d -= plan.days;
  }
  const lines = [...counts].map(([index, count]) => ({ ...pickPlan(usable[index]), count })).sort((a, b) => b.days - a.days);
  return { lines, days, price: total.price };
}

function pickPlan(plan: QuotePlan | undefined): Omit<PlanLine, 'count'> {
  if (!plan) throw new RangeError('unknown plan');
  return { key: plan.key, title: plan.title, days: plan.days, price: plan.price };
}

/** "weekly + 3 day", "2 × weekly + daily": the plans of one cart, longest first. */
export function coverText(cover: Pick<Cover, 'lines'>): string {
  return cover.lines.map((line) => `${line.count > 1 ? `${line.count} × ` : ''}${line.title.toLowerCase()}`).join(' + ');
}

/** $6 a mile beyond the first 10 miles of the one-way distance, rounded to whole dollars. */
export function deliveryFee(miles: number, terms: DeliveryTerms): number {
  return Math.round(Math.max(0, miles - terms.includedMiles) * terms.feePerMile);
}

// ---------------------------------------------------------------------------------------------
// Dates and periods. Pick-up and return are wall-clock times at the showroom ("2026-06-01",
// "10:00"); periods are counted on the wall clock, so a daylight-saving change never adds one.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const HOUR_MS = 3_600_000;

/** "2026-06-01" + "10:00" → a timestamp of that wall-clock time (read as UTC), or undefined. */
export function wallClock(date: string, time: string): number | undefined {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return undefined;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const ms = Date.UTC(year, month - 1, day, Number(t[1]), Number(t[2]));
  const check = new Date(ms);
  // 2026-02-30 is not a date.
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? ms : undefined;
}

/** The wall-clock time in a time zone at an instant, on the same scale as wallClock(). */
export function wallClockAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0);
}

/** The wall-clock scale back to "YYYY-MM-DD" and "HH:MM". */
export function dateParts(wall: number): { date: string; time: string } {
  const iso = new Date(wall).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Started periods count whole: 24 hours is 1 period, 25 hours is 2. 0 when return is not after pick-up. */
export function rentalPeriods(pickUp: number, dropOff: number, incrementHours: number): number {
  if (dropOff <= pickUp) return 0;
  return Math.ceil((dropOff - pickUp) / (incrementHours * HOUR_MS));
}

// ---------------------------------------------------------------------------------------------

export interface QuoteInput {
  group: QuoteGroup;
  periods: number;
  quantity: number;
  /** undefined: pickup at the showroom (free). */
  place?: DeliveryPlace;
  /** With several stores: the store that delivers or where the carts are picked up. */
  store?: QuoteStore;
}

export interface Quote {
  group: { id: string; name: string };
  /** With several stores: the store that delivers or where the carts are picked up. */
  store?: QuoteStore;
  periods: number;
  quantity: number;
  /** The plans of each cart. */
  cover: Cover;
  /** "weekly + 3 day per cart". */
  breakdown: string;
  /** Every cart's plans together. */
  rental: number;
  delivery: { kind: 'pickup' } | { kind: 'delivery'; place: DeliveryPlace; billableMiles: number };
  deliveryFee: number;
  total: number;
}

export function quoteRental(input: QuoteInput, terms: DeliveryTerms): Quote {
  const { group, periods, quantity, place, store } = input;
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError(`quantity must be a whole number of at least 1, got ${quantity}`);
  const cover = cheapestCover(group.plans, periods);
  const rental = cover.price * quantity;
  const fee = place ? deliveryFee(place.miles, terms) : 0;
  return {
    group: { id: group.id, name: group.name },
    ...(store ? { store } : {}),
    periods,
    quantity,
    cover,
    breakdown: `${coverText(cover)} per cart`,
    rental,
    delivery: place ? { kind: 'delivery', place, billableMiles: Math.max(0, place.miles - terms.includedMiles) } : { kind: 'pickup' },
    deliveryFee: fee,
    total: rental + fee,
  };
}

/** "1 day", "10 days". */
export function daysText(days: number): string {
  return `${days} day${days === 1 ? '' : 's'}`;
}

/** "2 carts", "1 cart". */
export function cartsText(quantity: number): string {
  return `${quantity} cart${quantity === 1 ? '' : 's'}`;
}
