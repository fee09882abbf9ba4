import json from '../../../data/collections.json';
import { schema } from '../../../data/schemas/collections.ts';
import { assertCollectionPaths, collectionRules, type CollectionRule } from '../inventory/collections.ts';
import { DataFileError, parseDataFile } from '../data-file.ts';
import { listedVehicles, unitModelSlug, type ListedVehicle } from './lot.ts';
import { models, series } from './models.ts';
import { brandName, priceBands } from './vehicles.ts';

const data = parseDataFile('collections.json', schema, json);

const unknown = data.series.flatMap((entry, index) =>
  series.some((s) => s.slug === entry.series) ? [] : [`  • data/collections.json → series[${index}].series: no series "${entry.series}" in data/models.json`],
);
if (unknown.length > 0) throw new DataFileError(`Invalid data file data/collections.json:\n${unknown.join('\n')}`);

const seriesOfModel = new Map(models.map((model) => [model.slug, model.series]));
const seriesOf = (unit: ListedVehicle) => {
  const model = unitModelSlug(unit);
  return model ? seriesOfModel.get(model) : undefined;
};

export interface Collection extends CollectionRule {
  /** Its listed units, in the lot's order. */
  units: ListedVehicle[];
  /** Model pages to offer when it has no unit. */
  modelSlugs: string[];
}

const rules = collectionRules(data, priceBands.under, series, brandName, data.series);
assertCollectionPaths(rules);

/** Every collection page (docs/product.md §Collections), with its units. */
export const collections: Collection[] = rules.map((rule) => ({
  ...rule,
  units: listedVehicles.filter((unit) => rule.matches({ ...unit, series: seriesOf(unit) })),
  modelSlugs: rule.models?.(models) ?? [],
}));

/** The collections a unit belongs to, in link order. */
export function collectionsOf(unit: { id: string }): Collection[] {
  return collections.filter((collection) => collection.units.some((member) => member.id === unit.id));
}

/** Collections without a unit: their pages say so and are noindex, so they stay out of the sitemap. */
export const emptyCollectionPaths: ReadonlySet<string> = new Set(collections.filter((c) => c.units.length === 0).map((c) => c.path));
