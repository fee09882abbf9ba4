import { DataFileError } from '../data-file.ts';
import { estimatePayment, type PaymentEstimate } from '../finance/payments.ts';
import { modelSlugOf, retiredTarget, unitStage, type UnitStage } from '../units/units.ts';
import { finance } from './finance.ts';
import { models } from './models.ts';
import { severalStores, storeBySlug } from './stores.ts';
import { storePath } from '../stores/stores.ts';
import type { UnitLot } from '../inventory/vehicles-client.ts';
import { removedUnits, soldPageDays, units, vehicles, type Vehicle } from './vehicles.ts';

/**
 * The units joined with the models and the finance terms (docs/product.md §Units, §Payments).
 * A promotion or a removed unit naming a model or unit that does not exist stops the build.
 */

const modelSlugs = new Set(models.map((model) => model.slug));
const unitIds = new Set(units.map((unit) => unit.id));
const problems = [
  ...finance.promotions.flatMap((promotion, index) =>
    'model' in promotion
      ? modelSlugs.has(promotion.model)
        ? []
        : [`  • data/finance.json → promotions[${index}].model: no model "${promotion.model}" in data/models.json`]
      : unitIds.has(promotion.unit)
        ? []
        : [`  • data/finance.json → promotions[${index}].unit: no unit "${promotion.unit}" in data/units/ (no file data/units/${promotion.unit}.json)`],
  ),
  ...removedUnits.flatMap((unit, index) =>
    unit.model && !modelSlugs.has(unit.model) ? [`  • data/lot.json → removed[${index}].model: no model "${unit.model}" in data/models.json`] : [],
  ),
];
if (problems.length > 0) throw new DataFileError(`Invalid data (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.join('\n')}`);

/** The model page slug of a unit, if its model has a page. */
export function unitModelSlug(unit: Pick<Vehicle, 'brand' | 'model'>): string | undefined {
  return modelSlugOf(unit, models);
}

/** Where a unit is, as its card and page say it: only when there are several stores (docs/product.md §Stores). */
export function unitLot(unit: Pick<Vehicle, 'store'>): UnitLot | undefined {
  const store = severalStores ? storeBySlug.get(unit.store) : undefined;
  return store ? { store: store.slug, city: store.address.city, path: storePath(store) } : undefined;
}

/** The estimated monthly payment of a unit (finance defaults or its promotion). */
export function unitPayment(unit: Pick<Vehicle, 'id' | 'price' | 'brand' | 'model'>): PaymentEstimate {
  return estimatePayment(unit.price, finance, unit.id, unitModelSlug(unit));
}

/** A listed unit as /api/vehicles serves it: the data plus its estimated payment. */
export type ListedVehicle = Vehicle & { estimatedPayment: PaymentEstimate; lot?: UnitLot };

export const listedVehicles: ListedVehicle[] = vehicles.map((vehicle) => {
  const lot = unitLot(vehicle);
  return { ...vehicle, estimatedPayment: unitPayment(vehicle), ...(lot ? { lot } : {}) };
});

export interface LotAt {
  /** Sold units that still have their page on `today`. */
  soldPages: Vehicle[];
  /** Unit addresses that answer 301: units sold too long ago and removed units. */
  redirects: { id: string; to: string }[];
}

/** What the lot looks like on the build day. */
export function lotAt(today: string): LotAt {
  const stage = (unit: Vehicle): UnitStage => unitStage(unit, today, soldPageDays);
  return {
    soldPages: units.filter((unit) => stage(unit) === 'sold-page'),
    redirects: [
      ...units.filter((unit) => stage(unit) === 'gone').map((unit) => ({ id: unit.id, to: retiredTarget(unitModelSlug(unit)) })),
      ...removedUnits.map((unit) => ({ id: unit.id, to: retiredTarget(unit.model) })),
    ],
  };
}

export { finance };
