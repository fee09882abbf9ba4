import { addDays, daysBetween } from './build-clock.ts';

/**
 * Units on the lot over time (docs/product.md §Units): which are listed, which sold unit
 * still has its page, where a gone unit's address leads, and what to show instead. Pure.
 */

export type UnitStatus = 'available' | 'on-hold' | 'sold';

export interface LotUnit {
  id: string;
  brand: string;
  /** None while an imported unit waits for an editor (docs/product.md §Import). */
  category?: string | undefined;
  price: number;
  status: UnitStatus;
  soldDate?: string | undefined;
  model?: string | undefined;
}

/**
 * - listed: available or on hold: in the grid, the API, the sitemap, catalogues and feeds;
 * - sold-page: sold within the last `soldPageDays` days: page 200 with a Sold notice, noindex;
 * - gone: sold longer ago: no page, the address answers 301.
 */
export type UnitStage = 'listed' | 'sold-page' | 'gone';

export function unitStage(unit: Pick<LotUnit, 'status' | 'soldDate'>, today: string, soldPageDays: number): UnitStage {
  if (unit.status !== 'sold') return 'listed';
  if (!unit.soldDate) return 'gone';
  return daysBetween(unit.soldDate, today) <= soldPageDays ? 'sold-page' : 'gone';
}

export const isListed = (unit: Pick<LotUnit, 'status'>) => unit.status !== 'sold';

/**
 * The lot's own order, which the inventory's Featured sort and the town pages' first carts
 * follow (docs/product.md §Inventory): featured units first, then the newest on the lot, then
 * by id, so every build orders the same files the same way.
 */
export function sortLot<U extends { id: string; featured?: boolean | undefined; listedDate: string }>(units: readonly U[]): U[] {
  return [...units].sort(
    (a, b) => Number(b.featured ?? false) - Number(a.featured ?? false) || b.listedDate.localeCompare(a.listedDate) || a.id.localeCompare(b.id),
  );
}

/** The model page of a unit: the model of its brand with its model name, if there is one. */
export function modelSlugOf(unit: Pick<LotUnit, 'brand' | 'model'>, models: readonly { slug: string; brand: string; name: string }[]): string | undefined {
  if (!unit.model) return undefined;
  const name = unit.model.trim().toLowerCase();
  return models.find((model) => model.brand === unit.brand && model.name.toLowerCase() === name)?.slug;
}

/** Where the address of a unit without a page leads: its model page, or the inventory. */
export function retiredTarget(modelSlug: string | undefined): string {
  return modelSlug ? `/vehicles/${modelSlug}` : '/new-inventory';
}

/**
 * Up to `limit` available units like a sold one: the same category or the same brand, nearest
 * in price first (on a tie, the same category first, then the cheaper).
 */
export function similarUnits<U extends LotUnit>(sold: LotUnit, units: readonly U[], limit = 3): U[] {
  // Two units without a category are not of the same one.
  const sameCategory = (unit: LotUnit) => sold.category !== undefined && unit.category === sold.category;
  return units
    .filter((unit) => unit.id !== sold.id && unit.status === 'available' && (sameCategory(unit) || unit.brand === sold.brand))
    .map((unit) => ({ unit, distance: Math.abs(unit.price - sold.price), sameCategory: sameCategory(unit) ? 0 : 1 }))
    .sort((a, b) => a.distance - b.distance || a.sameCategory - b.sameCategory || a.unit.price - b.unit.price)
    .slice(0, limit)
    .map(({ unit }) => unit);
}

/**
 * What a unit's page and card say of it when no editor has written a description yet (an
 * imported unit, docs/product.md §Import): the facts the feed gave, e.g.
 * "2026 Evolution D5 Maverick 4 Plus in Sky Blue."
 */
export function plainDescription(unit: { year: number; name: string; exteriorColor: string; description?: string | undefined }): string {
  return unit.description ?? `${unit.year} ${unit.name} in ${unit.exteriorColor}.`;
}

/**
 * The first day after `today` on which the lot's pages change by date alone (docs/product.md
 * §Publishing): a sold unit's page gives way to its 301 the day after its `soldPageDays` are
 * over. Null when no date is ahead. The daily rebuild deploys on that day and on no other.
 */
export function nextDatedChange(units: readonly Pick<LotUnit, 'status' | 'soldDate'>[], today: string, soldPageDays: number): string | null {
  let next: string | null = null;
  for (const unit of units) {
    if (unit.status !== 'sold' || !unit.soldDate) continue;
    const day = addDays(unit.soldDate, soldPageDays + 1);
    if (day > today && (next === null || day < next)) next = day;
  }
  return next;
}
