import { z } from 'zod';
import { formatPrice } from './format.ts';
import { DEFAULT_SORT, matchesFilters, priceBandValues, STREET_LEGAL, type PriceEdges } from './inventory/filter.ts';

/**
 * E-mail alerts (docs/product.md §Alerts), the pure part: what an alert asks for, how two
 * published lots differ, which differences an alert wants to hear about, and how an alert is
 * named. The functions store and send (functions/lib/alerts/); nothing here does I/O.
 */

/** The inventory filters an arrivals alert keeps (the sort does not narrow anything). */
export const alertFiltersSchema = z.strictObject({
  search: z.string().max(100),
  brand: z.string().max(40),
  category: z.string().max(40),
  price: z.string().max(40),
  street: z.string().max(10),
});
export type AlertFilters = z.infer<typeof alertFiltersSchema>;

export const NO_FILTERS: Readonly<AlertFilters> = { search: '', brand: 'all', category: 'all', price: 'all', street: '' };

/**
 * - arrivals: a unit that comes on the lot (or back to available) matching the filters and, when
 *   set, of one model (the model page, or "one like it" on a sold unit's page);
 * - price: one unit's price drops (or it sells);
 * - free: one unit on hold becomes available again (or it sells).
 */
export const alertSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('arrivals'), filters: alertFiltersSchema, model: z.string().max(80).optional() }),
  z.strictObject({ kind: z.literal('price'), unit: z.string().max(80) }),
  z.strictObject({ kind: z.literal('free'), unit: z.string().max(80) }),
]);
export type Alert = z.infer<typeof alertSchema>;

export function sameAlert(a: Alert, b: Alert): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A unit as the last deploy published it: what matching reads and what an alert's card shows. */
export const publishedUnitSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  brand: z.string(),
  /** None while an imported unit waits for an editor to pick it. */
  category: z.string().optional(),
  /** The model page slug, when the unit's model has one. */
  model: z.string().optional(),
  price: z.number(),
  status: z.enum(['available', 'on-hold', 'sold']),
  streetLegal: z.boolean(),
  stockNumber: z.string(),
  /** The main photo as data/ names it (a path on the site). */
  image: z.string().optional(),
  imageAlt: z.string().optional(),
  /** The estimated monthly payment and the terms behind it (available units). */
  payment: z.object({ monthly: z.number(), terms: z.string() }).optional(),
});
export type PublishedUnit = z.infer<typeof publishedUnitSchema>;

export const CHANGE_KINDS = ['new', 'price-drop', 'back', 'sold'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const lotChangeSchema = z.object({
  kind: z.enum(CHANGE_KINDS),
  unit: publishedUnitSchema,
  /** The price before, when it was higher. */
  was: z.number().optional(),
});
export type LotChange = z.infer<typeof lotChangeSchema>;

/** One name per change, so the same change met twice (a replayed deploy) counts once. */
export function changeKey(change: LotChange): string {
  return `${change.kind}:${change.unit.id}:${change.unit.price}`;
}

/**
 * What changed between two published lots, in the order of `after`:
 * - new: a unit that was not on the lot and is available (one that arrives on hold is "back" once freed);
 * - back: a unit on hold or sold that is available again (with `was` when its price went down meanwhile);
 * - price-drop: an available unit whose price went down;
 * - sold: a unit that was for sale (available or on hold) and is sold, or gone from the data.
 */
export function compareLots(before: readonly PublishedUnit[], after: readonly PublishedUnit[]): LotChange[] {
  const previous = new Map(before.map((unit) => [unit.id, unit]));
  const changes: LotChange[] = [];
  for (const unit of after) {
    const old = previous.get(unit.id);
    const lower = old && unit.price < old.price ? { was: old.price } : {};
    if (!old) {
      if (unit.status === 'available') changes.push({ kind: 'new', unit });
    } else if (unit.status === 'available' && old.status !== 'available') {
      changes.push({ kind: 'back', unit, ...lower });
    } else if (unit.status === 'available' && old.status === 'available' && unit.price < old.price) {
      changes.push({ kind: 'price-drop', unit, was: old.price });
    } else if (unit.status === 'sold' && old.status !== 'sold') {
      changes.push({ kind: 'sold', unit });
    }
  }
  const present = new Set(after.map((unit) => unit.id));
  for (const unit of before) if (!present.has(unit.id) && unit.status !== 'sold') changes.push({ kind: 'sold', unit: { ...unit, status: 'sold' } });
  return changes;
}

/** Whether an alert wants to hear about a change (docs/product.md §Alerts). */
export function alertMatches(alert: Alert, change: LotChange, edges: PriceEdges): boolean {
  if (alert.kind === 'arrivals') {
    if (change.kind !== 'new' && change.kind !== 'back') return false;
    if (alert.model && change.unit.model !== alert.model) return false;
    return matchesFilters(change.unit, { ...alert.filters, sort: DEFAULT_SORT }, edges);
  }
  if (change.unit.id !== alert.unit) return false;
  if (change.kind === 'sold') return true;
  return alert.kind === 'price' ? change.kind === 'price-drop' || (change.kind === 'back' && change.was !== undefined) : change.kind === 'back';
}

/** Whether the alert has done its work once the change is sent: its unit sold, or came free. */
export function alertEndsWith(alert: Alert, change: LotChange): boolean {
  if (alert.kind === 'arrivals' || change.unit.id !== alert.unit) return false;
  return change.kind === 'sold' || (alert.kind === 'free' && change.kind === 'back');
}

/** How the site names brands, categories, models and units, for an alert's title. */
export interface AlertNames {
  brand: (slug: string) => string;
  category: (slug: string) => string;
  model: (slug: string) => string | undefined;
  unit: (id: string) => { name: string; stockNumber: string } | undefined;
}

/**
 * An alert's title. E-mails never repeat what the visitor typed (docs/product.md §Alerts): the
 * search words are shown only on the pages the subscriber's own links open (`withSearch`).
 */
export function alertTitle(alert: Alert, names: AlertNames, edges: PriceEdges, { withSearch = false } = {}): string {
  if (alert.kind !== 'arrivals') {
    const unit = names.unit(alert.unit);
    const cart = unit ? `${unit.name} (stock #${unit.stockNumber})` : 'a cart that has left the lot';
    return alert.kind === 'price' ? `Price drops: ${cart}` : `When it comes free: ${cart}`;
  }
  const model = alert.model ? names.model(alert.model) : undefined;
  const parts = filterWords(alert.filters, names, edges, withSearch);
  if (model) return `New arrivals: ${model}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
  return parts.length > 0 ? `New carts: ${parts.join(', ')}` : 'New carts on the lot';
}

function filterWords(filters: AlertFilters, names: AlertNames, edges: PriceEdges, withSearch: boolean): string[] {
  const bands = priceBandValues(edges);
  const price =
    filters.price === bands.under
      ? `under ${formatPrice(edges.under)}`
      : filters.price === bands.between
        ? `${formatPrice(edges.under)} to ${formatPrice(edges.over)}`
        : filters.price === bands.over
          ? `over ${formatPrice(edges.over)}`
          : undefined;
  const search = filters.search.trim();
  return [
    filters.brand !== 'all' ? names.brand(filters.brand) : undefined,
    filters.category !== 'all' ? `${names.category(filters.category)} series` : undefined,
    price,
    filters.street === STREET_LEGAL ? 'street legal' : undefined,
    search ? (withSearch ? `matching “${search}”` : 'matching your search words') : undefined,
  ].filter((part): part is string => part !== undefined);
}
