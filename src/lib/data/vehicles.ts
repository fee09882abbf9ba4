// Gathered from data/units/*.json by src/integrations/unit-files.ts (docs/decisions/data-loader.md).
import unitFiles from '../../../.generated/unit-files.json';
import lotJson from '../../../data/lot.json';
import { schema as lotSchema } from '../../../data/schemas/lot.ts';
import { lotIssues, schema as unitSchema, unitId, VehicleBrand, VehicleCategory, type UnitFile, type Vehicle } from '../../../data/schemas/units.ts';
import { DataFileError, formatJsonPath, parseDataFile, parseDataFiles } from '../data-file.ts';
import { feedPhoto } from '../import/remote-images.ts';
import { isListed, plainDescription, sortLot } from '../units/units.ts';
import { brands } from './brands.ts';
import { importMapping } from './import.ts';
import { stores } from './stores.ts';

/** "Ground clearance" → "groundClearance": the API's key for a specification the editor labelled. */
function specificationKey(label: string): string {
  const words = label
    .trim()
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return words.map((word, index) => (index === 0 ? word.charAt(0).toLowerCase() + word.slice(1) : word.charAt(0).toUpperCase() + word.slice(1))).join('');
}

/** A unit file as the site and the API use it (data/schemas/units.ts `Vehicle`). */
function toVehicle(id: string, unit: UnitFile, mainStore: string | undefined): Vehicle {
  const { $schema: _schema, photos, specifications, moreSpecifications, store, ...fields } = unit;
  const alts = photos.map((photo) => photo.alt ?? '');
  return {
    id,
    ...fields,
    description: plainDescription(fields),
    // One meaning of in stock (docs/product.md §Units): on the lot and for sale now. A unit on
    // hold or sold is not in stock, whatever the file says of it being on the lot.
    inStock: fields.inStock && fields.status === 'available',
    // A unit that names no store is on the main store's lot (docs/product.md §Stores).
    store: store ?? mainStore ?? '',
    images: photos.map((photo) => photo.src),
    ...(alts.some(Boolean) ? { imageAlts: alts } : {}),
    specifications: {
      ...specifications,
      ...Object.fromEntries(moreSpecifications.map(({ label, value }) => [specificationKey(label), value])),
    },
  };
}

/** What the lot asks of a unit's `store`: a store that exists, when it names one (docs/product.md §Stores). */
function storeIssues(files: readonly { id: string; store: string | undefined }[], storeSlugs: readonly string[]): string[] {
  const choices = storeSlugs.map((slug) => `"${slug}"`).join(', ');
  return files.flatMap(({ id, store }) =>
    store === undefined || storeSlugs.includes(store)
      ? []
      : [
          `  • data/units/${id}.json → store: there is no store "${store}" (no file data/stores/${store}.json): one of ${choices}, or leave it out for the main store's lot`,
        ],
  );
}

/**
 * What the lot asks of a unit's photos: a photo at an address is on one of the import settings'
 * photo hosts, the only hosts the image CDN may fetch from (docs/product.md §Import).
 */
function photoIssues(files: readonly { id: string; photos: readonly { src: string }[] }[], photoHosts: readonly string[]): string[] {
  return files.flatMap(({ id, photos }) =>
    photos.flatMap((photo, index) => {
      const checked = feedPhoto(photo.src, photoHosts);
      return checked.ok ? [] : [`  • data/units/${id}.json → photos[${index}].src: ${checked.reason}; or upload the photo under /images/units/`];
    }),
  );
}

/**
 * The lot from its files: each unit file (name → JSON, as gathered from data/units/) and
 * data/lot.json, validated one by one and then together; a unit's store, when it names one, must
 * be one of `storeSlugs` (the files of data/stores/, the main store first), and a unit that names
 * none is on the main store's lot; each photo at an address on one of `photoHosts` (the import
 * settings'). Every problem of every file stops the build in one DataFileError naming the file,
 * the JSON path and what to do (docs/product.md §Units).
 */
export function parseLot(
  files: Readonly<Record<string, unknown>>,
  lotFile: unknown,
  storeSlugs: readonly string[] = stores.map((store) => store.slug),
  photoHosts: readonly string[] = importMapping.photoHosts,
) {
  const lot = parseDataFile('lot.json', lotSchema, lotFile);
  const names = Object.keys(files);
  const idProblems = names.flatMap((name) => {
    const result = unitId.safeParse(name.replace(/\.json$/, ''));
    return result.success ? [] : [`  • data/units/${name}: the file name is the unit's id and address /vehicles/{id}: it ${result.error.issues[0]!.message}`];
  });
  if (idProblems.length > 0) throw new DataFileError(`Invalid unit file name${idProblems.length === 1 ? '' : 's'}:\n${idProblems.join('\n')}`);
  const parsed = parseDataFiles(Object.entries(files).map(([name, json]) => ({ file: `units/${name}`, schema: unitSchema, json })));
  const units = parsed.map((unit, index) => toVehicle(names[index]!.replace(/\.json$/, ''), unit, storeSlugs[0]));
  const listedIds = new Set(units.map((unit) => unit.id));
  const problems = [
    ...storeIssues(
      parsed.map((unit, index) => ({ id: names[index]!.replace(/\.json$/, ''), store: unit.store })),
      storeSlugs,
    ),
    ...lotIssues(units).map((issue) => `  • data/units/${issue.id}.json → ${formatJsonPath(issue.path)}: ${issue.message}`),
    ...photoIssues(
      parsed.map((unit, index) => ({ id: names[index]!.replace(/\.json$/, ''), photos: unit.photos })),
      photoHosts,
    ),
    ...lot.removed.flatMap((unit, index) =>
      listedIds.has(unit.id)
        ? [`  • data/lot.json → removed[${index}].id: "${unit.id}" still has its file data/units/${unit.id}.json: keep it in one place only`]
        : [],
    ),
  ];
  if (problems.length > 0) throw new DataFileError(`Invalid lot (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.join('\n')}`);
  return { units: sortLot(units), ...lot };
}

const lot = parseLot(unitFiles, lotJson);

/** Every unit in data/units/, sold ones included, in the lot's order (src/lib/units/units.ts `sortLot`). */
export const units = lot.units;
/** The lot as the site lists it: available and on-hold units. Sold units leave every list. */
export const vehicles = units.filter(isListed);
export const { priceBands, removed: removedUnits, soldPageDays } = lot;

/** The brands and categories a unit can have, in filter order (docs/product.md §Inventory). */
export const vehicleBrands = VehicleBrand.options;
export const vehicleCategories = VehicleCategory.options;

/** "evolution" → "Evolution" (the name in data/brands.json). */
export function brandName(slug: string): string {
  return brands.find((brand) => brand.slug === slug)?.name ?? slug;
}

export type { Vehicle, VehicleBrand, VehicleCategory, UnitStatus, Battery } from '../../../data/schemas/units.ts';
export type { PriceBands, RemovedUnit } from '../../../data/schemas/lot.ts';
