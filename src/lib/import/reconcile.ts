import type { ImportField, ImportMapping } from '../../../data/schemas/import.ts';
import type { Model } from '../../../data/schemas/models.ts';
import { lotIssues, schema as unitSchema, unitId, type VehicleCategory } from '../../../data/schemas/units.ts';
import { readFeedUnit, storeOf, type FeedUnit, type ImportStore, type Rejection } from './feed-unit.ts';
import { headerKey, type SourceRow } from './rows.ts';

/**
 * The import's one decision (docs/product.md §Import): given the feed's rows and the unit files
 * as they are, what changes. Pure: the CLI and the scheduled function read the feed and the
 * files, call this, and write or commit the files it answers.
 *
 * - A row is the same unit as a file by VIN, then serial number, then stock number; the unit
 *   keeps its file and address.
 * - The feed owns identity, year, make, model, colour, price, status and photos; everything
 *   else in a file is an editor's and is never touched.
 * - A listed unit the feed misses is marked sold only when the previous successful pull missed
 *   it too; a sold unit that comes back is restored.
 * - Every unit is checked by the build's own schema; a bad row is rejected and the rest go on.
 * - No rows, or a pull that would leave out more of the listed lot than the dealer's limit,
 *   changes nothing.
 */

export type ChangeKind = 'added' | 'changed' | 'sold' | 'restored';

export interface Change {
  kind: ChangeKind;
  id: string;
  /** The row or record it came from (none for a unit sold because the feed missed it). */
  ref?: string;
  /** The fields whose value changed. */
  fields: string[];
}

export type Outcome = 'imported' | 'held-back' | 'failed';

export interface Plan {
  outcome: Outcome;
  /** Why a run was held back or failed. */
  reason?: string;
  changes: Change[];
  unchanged: number;
  rejected: Rejection[];
  /** Listed units this pull missed for the first time: sold if the next successful pull misses them too. */
  missed: string[];
  /** The new text of every file that changes, by unit id (empty unless the outcome is "imported"). */
  files: Record<string, string>;
  listedBefore: number;
  listedAfter: number;
}

export interface ReconcileInput {
  rows: readonly SourceRow[];
  /** The unit files as they are: id → the file's JSON. */
  units: Readonly<Record<string, unknown>>;
  models: readonly Model[];
  /** Brand slug → the brand's name (data/brands.json). */
  brandNames: Readonly<Record<string, string>>;
  mapping: ImportMapping;
  /** The day of the run, YYYY-MM-DD. */
  today: string;
  /** Units the previous successful pull missed. */
  missedBefore: readonly string[];
  /** Ids a new unit must not take: the removed units of data/lot.json, whose addresses redirect. */
  reservedIds?: readonly string[];
  /** The site's stores (data/stores/): a row's location code picks one when there are several. */
  stores?: readonly ImportStore[];
}

type UnitJson = Record<string, unknown>;

/** The order of a unit file's fields, as the schema (and so the admin) lists them. */
const FIELD_ORDER = Object.keys(unitSchema.shape);

/** A unit file's text as the admin writes it (JSON.stringify, 2 spaces), its fields in schema order. */
export function unitFileText(unit: UnitJson): string {
  const ordered: UnitJson = {};
  for (const key of FIELD_ORDER) if (unit[key] !== undefined) ordered[key] = unit[key];
  for (const key of Object.keys(unit)) if (!(key in ordered) && unit[key] !== undefined) ordered[key] = unit[key];
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

const identityKeys = (vin?: unknown, serial?: unknown, stock?: unknown) => ({
  vin: typeof vin === 'string' && vin.trim() ? vin.trim().toUpperCase() : undefined,
  serial: typeof serial === 'string' || typeof serial === 'number' ? String(serial).trim().toUpperCase() || undefined : undefined,
  stock: typeof stock === 'string' || typeof stock === 'number' ? String(stock).trim().toUpperCase() || undefined : undefined,
});

/** Which unit field a schema problem is in → the feed column to name. */
const COLUMN_OF_FIELD: Record<string, ImportField> = {
  vin: 'vin',
  serialNumber: 'serialNumber',
  stockNumber: 'stockNumber',
  year: 'year',
  brand: 'make',
  model: 'model',
  exteriorColor: 'exteriorColor',
  seatColor: 'seatColor',
  price: 'price',
  photos: 'photos',
  status: 'status',
  condition: 'condition',
  location: 'location',
};

function columnName(feed: FeedUnit, mapping: ImportMapping, field: string): string {
  const importField = COLUMN_OF_FIELD[field];
  if (!importField) return field;
  return feed.columns[importField] ?? mapping.columns[importField][0]!;
}

/** "D5 Maverick 4 Plus", "Evolution D5 Maverick 4 Plus" or the model's slug → the model. */
export function findModel(models: readonly Model[], brand: string, brandName: string, written: string): Model | undefined {
  const key = headerKey(written);
  return models.find(
    (model) => model.brand === brand && (headerKey(model.name) === key || headerKey(`${brandName} ${model.name}`) === key || headerKey(model.slug) === key),
  );
}

function slugify(textValue: string): string {
  return textValue
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function photosFrom(feed: FeedUnit, old: unknown): { src: string; alt?: string }[] {
  const oldPhotos = Array.isArray(old) ? (old as { src?: unknown; alt?: unknown }[]) : [];
  return feed.photos.map((src) => {
    const alt = oldPhotos.find((photo) => photo.src === src)?.alt;
    return typeof alt === 'string' ? { src, alt } : { src };
  });
}

/** The feed's fields over an existing file: only what the feed owns, nothing of the editor's. */
function mergeFeed(file: UnitJson, feed: FeedUnit, model: Model | undefined, brandName: string, store: string | undefined, today: string): UnitJson {
  const next: UnitJson = { ...file };
  if (store) next.store = store;
  if (feed.vin) next.vin = feed.vin;
  if (feed.serialNumber) next.serialNumber = feed.serialNumber;
  if (feed.ownStockNumber) next.stockNumber = feed.stockNumber;
  next.year = feed.year;
  next.brand = feed.brand;
  next.model = model?.name ?? modelWithoutMake(feed.model, brandName);
  if (feed.exteriorColor) next.exteriorColor = feed.exteriorColor;
  if (feed.seatColor) next.seatColor = feed.seatColor;
  next.price = feed.price;
  if (feed.photos.length > 0) next.photos = photosFrom(feed, file.photos);
  const status = feed.status ?? (file.status === 'sold' ? 'available' : file.status);
  next.status = status;
  if (status === 'sold') next.soldDate = file.status === 'sold' && typeof file.soldDate === 'string' ? file.soldDate : today;
  else delete next.soldDate;
  return next;
}

const BATTERY_WORDS: Record<string, 'lithium' | 'lead-acid' | 'agm'> = {
  lithium: 'lithium',
  lithiumion: 'lithium',
  li: 'lithium',
  lifepo4: 'lithium',
  leadacid: 'lead-acid',
  lead: 'lead-acid',
  agm: 'agm',
};

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** "Evolution Classic 4 Pro" of Evolution → "Classic 4 Pro": the model as written, without its make. */
export function modelWithoutMake(written: string, brandName: string): string {
  const words = written.trim().split(/\s+/);
  const makeWords = brandName.trim().split(/\s+/).length;
  const rest = words.slice(makeWords).join(' ');
  return rest && headerKey(words.slice(0, makeWords).join(' ')) === headerKey(brandName) ? rest : words.join(' ');
}

/**
 * A new unit's file from the feed and its model (docs/product.md §Import). What neither knows waits
 * for an editor: the description always; with no model in data/models.json (or a series without a
 * category in the settings) also the category, the specifications and the features, which the
 * file then leaves out rather than guess. Seat colour, lifted, street legal and the battery come
 * from the feed, else from the dealer's own defaults in the import settings.
 */
function newUnit(
  feed: FeedUnit,
  model: Model | undefined,
  category: VehicleCategory | undefined,
  brandName: string,
  mapping: ImportMapping,
  store: string | undefined,
  today: string,
): UnitJson {
  const defaults = mapping.defaults;
  const condition = feed.condition ?? (feed.facts.isUsed ? 'used' : 'new');
  const batteryType = BATTERY_WORDS[headerKey(feed.facts.batteryType ?? '')] ?? defaults.battery.type;
  const modelName = model?.name ?? modelWithoutMake(feed.model, brandName);
  return {
    $schema: '../schemas/units.schema.json',
    status: feed.status ?? 'available',
    ...(feed.status === 'sold' ? { soldDate: today } : {}),
    price: feed.price,
    name: `${brandName} ${modelName}`,
    photos: feed.photos.map((src) => ({ src })),
    brand: feed.brand,
    model: modelName,
    ...(category ? { category } : {}),
    year: feed.year,
    condition,
    isNew: condition === 'new',
    inStock: true,
    stockNumber: feed.stockNumber,
    ...(feed.vin ? { vin: feed.vin } : {}),
    ...(feed.serialNumber ? { serialNumber: feed.serialNumber } : {}),
    exteriorColor: feed.exteriorColor,
    seatColor: feed.seatColor ?? defaults.seatColor,
    lifted: feed.facts.lifted ?? defaults.lifted,
    streetLegal: feed.vin ? (feed.facts.streetLegal ?? defaults.streetLegal) : false,
    battery: { ...defaults.battery, type: batteryType, ...(feed.facts.capacityAh ? { capacityAh: feed.facts.capacityAh } : {}) },
    features: model ? [...model.features] : [],
    ...(model
      ? {
          specifications: {
            topSpeed: model.specs.topSpeed,
            range: model.specs.range,
            seatingCapacity: model.specs.seats,
            batteryType: model.specs.batteryType ? capitalised(model.specs.batteryType) : defaults.batteryType,
            chargingTime: model.specs.chargingTime ?? defaults.chargingTime,
            payload: model.specs.payload,
          },
        }
      : {}),
    moreSpecifications: [],
    listedDate: today,
    ...(store ? { store } : {}),
  };
}

export function reconcile(input: ReconcileInput): Plan {
  const { mapping, today } = input;
  const listedBefore = Object.values(input.units).filter((unit) => (unit as UnitJson).status !== 'sold').length;
  const empty = (outcome: Outcome, reason: string, rejected: Rejection[] = []): Plan => ({
    outcome,
    reason,
    changes: [],
    unchanged: 0,
    rejected,
    missed: [...input.missedBefore],
    files: {},
    listedBefore,
    listedAfter: listedBefore,
  });
  if (input.rows.length === 0) return empty('failed', 'the feed has no units to publish: nothing was changed');

  // Existing units by identity.
  const byVin = new Map<string, string>();
  const bySerial = new Map<string, string>();
  const byStock = new Map<string, string>();
  for (const [id, json] of Object.entries(input.units)) {
    const unit = json as UnitJson;
    const keys = identityKeys(unit.vin, unit.serialNumber, unit.stockNumber);
    if (keys.vin) byVin.set(keys.vin, id);
    if (keys.serial) bySerial.set(keys.serial, id);
    if (keys.stock) byStock.set(keys.stock, id);
  }
  const match = (keys: ReturnType<typeof identityKeys>) =>
    (keys.vin && byVin.get(keys.vin)) || (keys.serial && bySerial.get(keys.serial)) || (keys.stock && byStock.get(keys.stock)) || undefined;

  // A unit whose row is in the pull is not missing from it, even when its row is rejected.
  const seen = new Set<string>();
  for (const row of input.rows) {
    const id = match(identityKeys(row.values.vin, row.values.serialNumber, row.values.stockNumber));
    if (id) seen.add(id);
  }

  const rejected: Rejection[] = [];
  const feedUnits: FeedUnit[] = [];
  for (const row of input.rows) {
    const result = readFeedUnit(row, mapping, input.brandNames);
    if (result.ok) feedUnits.push(result.unit);
    else rejected.push(result.rejection);
  }

  // The same VIN, serial or stock number twice in one pull: every row that shares it is rejected.
  const duplicates = new Set<FeedUnit>();
  for (const [field, label] of [
    ['vin', 'VIN'],
    ['serialNumber', 'serial number'],
    ['stockNumber', 'stock number'],
  ] as const) {
    const groups = new Map<string, FeedUnit[]>();
    for (const feed of feedUnits) {
      const value = field === 'stockNumber' && !feed.ownStockNumber ? undefined : feed[field]?.toUpperCase();
      if (value) groups.set(value, [...(groups.get(value) ?? []), feed]);
    }
    for (const [value, group] of groups) {
      if (group.length < 2) continue;
      for (const feed of group) {
        if (duplicates.has(feed)) continue;
        duplicates.add(feed);
        const others = group.filter((other) => other !== feed).map((other) => other.ref);
        rejected.push({ ref: feed.ref, column: columnName(feed, mapping, field), reason: `the ${label} ${value} is also on ${others.join(', ')}` });
      }
    }
  }

  const changes: Change[] = [];
  const next: Record<string, UnitJson> = {};
  const changeOf = new Map<string, { feed: FeedUnit; change?: Change }>();
  const takenIds = new Set([...Object.keys(input.units), ...input.models.map((model) => model.slug), ...(input.reservedIds ?? [])]);
  let unchanged = 0;

  for (const feed of feedUnits) {
    if (duplicates.has(feed)) continue;
    const brandName = input.brandNames[feed.brand] ?? feed.brand;
    const model = findModel(input.models, feed.brand, brandName, feed.model);
    const id = match(identityKeys(feed.vin, feed.serialNumber, feed.ownStockNumber ? feed.stockNumber : undefined));
    const reject = (field: string, reason: string) => rejected.push({ ref: feed.ref, column: columnName(feed, mapping, field), reason });

    if (id && changeOf.has(id)) {
      reject('stockNumber', `is the same unit as ${changeOf.get(id)!.feed.ref} (data/units/${id}.json)`);
      continue;
    }
    const store = storeOf(feed.location, mapping, input.stores ?? []);
    if (!store.ok) {
      reject('location', store.reason);
      continue;
    }
    let candidate: UnitJson;
    let unitIdValue: string;
    if (id) {
      const file = input.units[id] as UnitJson;
      candidate = mergeFeed(file, feed, model, brandName, store.store, today);
      unitIdValue = id;
    } else {
      if (feed.status === 'sold') continue; // Sold before it was ever listed: nothing to add.
      // The category of a unit of the same model already on the lot, else of the model's series
      // in the settings; none is guessed (docs/decisions/imported-unit-without-model.md).
      const category = model
        ? ((
            Object.values(input.units).find((unit) => (unit as UnitJson).model === model.name && (unit as UnitJson).brand === model.brand) as
              UnitJson | undefined
          )?.category ?? mapping.categories[model.series])
        : undefined;
      if (!feed.exteriorColor) {
        reject('exteriorColor', 'a new unit needs its colour');
        continue;
      }
      candidate = newUnit(feed, model, category as VehicleCategory | undefined, brandName, mapping, store.store, today);
      const modelSlug = model?.slug ?? `${feed.brand}-${modelWithoutMake(feed.model, brandName)}`;
      const base = slugify(`${modelSlug}-${feed.exteriorColor}-${feed.stockNumber}`).slice(0, 76).replace(/-+$/, '');
      unitIdValue = base;
      for (let n = 2; takenIds.has(unitIdValue) || !unitId.safeParse(unitIdValue).success; n += 1) unitIdValue = `${base}-${n}`;
    }
    const parsed = unitSchema.safeParse(candidate);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? '');
      reject(field, `${field ? `${field}: ` : ''}${issue.message}`);
      continue;
    }
    takenIds.add(unitIdValue);
    seen.add(unitIdValue);
    const before = id ? (input.units[id] as UnitJson) : undefined;
    if (before && sameJson(unitFileText(before), unitFileText(candidate))) {
      unchanged += 1;
      changeOf.set(unitIdValue, { feed });
      continue;
    }
    const fields = before ? Object.keys({ ...before, ...candidate }).filter((key) => !sameJson(before[key], candidate[key])) : [];
    const kind: ChangeKind = !before
      ? 'added'
      : before.status === 'sold' && candidate.status !== 'sold'
        ? 'restored'
        : candidate.status === 'sold'
          ? 'sold'
          : 'changed';
    const change: Change = { kind, id: unitIdValue, ref: feed.ref, fields };
    changes.push(change);
    changeOf.set(unitIdValue, { feed, change });
    next[unitIdValue] = candidate;
  }

  // The lot as it would be must not repeat a stock number or VIN across files.
  const lot = { ...input.units, ...next };
  const lotUnits = Object.entries(lot).map(([id, unit]) => ({
    id,
    stockNumber: String((unit as UnitJson).stockNumber ?? ''),
    vin: (unit as UnitJson).vin as string | undefined,
  }));
  for (const issue of lotIssues(lotUnits)) {
    const entry = changeOf.get(issue.id);
    if (!entry?.change) continue;
    rejected.push({ ref: entry.feed.ref, column: columnName(entry.feed, mapping, issue.path[0]!), reason: issue.message });
    changes.splice(changes.indexOf(entry.change), 1);
    delete next[issue.id];
    changeOf.delete(issue.id);
  }

  // Listed units the pull missed: sold at the second miss in a row.
  const missed: string[] = [];
  let absent = 0;
  for (const [id, json] of Object.entries(input.units)) {
    const unit = json as UnitJson;
    if (unit.status === 'sold' || seen.has(id)) continue;
    absent += 1;
    if (!input.missedBefore.includes(id)) {
      missed.push(id);
      continue;
    }
    const sold: UnitJson = { ...unit, status: 'sold', soldDate: typeof unit.listedDate === 'string' && unit.listedDate > today ? unit.listedDate : today };
    next[id] = sold;
    changes.push({ kind: 'sold', id, fields: ['status', 'soldDate'] });
  }

  const listedAfter = Object.values({ ...input.units, ...next }).filter((unit) => (unit as UnitJson).status !== 'sold').length;
  const plan: Plan = { outcome: 'imported', changes, unchanged, rejected, missed, files: {}, listedBefore, listedAfter };

  // The shrink guard counts every listed unit the pull leaves out, sold now or on the next miss.
  const leftOut = absent + changes.filter((change) => change.kind === 'sold' && change.ref).length;
  if (listedBefore > 0 && (leftOut / listedBefore) * 100 > mapping.maxShrinkPercent) {
    return {
      ...plan,
      outcome: 'held-back',
      reason: `the feed leaves out ${leftOut} of the ${listedBefore} units listed now (${Math.round((leftOut / listedBefore) * 100)} %, more than the limit of ${mapping.maxShrinkPercent} %): nothing was changed`,
    };
  }
  plan.files = Object.fromEntries(Object.entries(next).map(([id, unit]) => [id, unitFileText(unit)]));
  return plan;
}
