import type { ImportField, ImportMapping } from '../../../data/schemas/import.ts';
import type { UnitCondition, UnitStatus, VehicleBrand } from '../../../data/schemas/units.ts';
import { VehicleBrand as BrandEnum } from '../../../data/schemas/units.ts';
import { feedPhoto } from './remote-images.ts';
import { headerKey, type SourceRow } from './rows.ts';

/** A row the import leaves out: where it is, which column and why (docs/product.md §Import). */
export interface Rejection {
  ref: string;
  column: string;
  reason: string;
}

/** What the feed says of one unit once its values are read: the fields it owns (docs/product.md §Import). */
export interface FeedUnit {
  ref: string;
  columns: SourceRow['columns'];
  vin?: string;
  serialNumber?: string;
  stockNumber: string;
  /** False when the feed has no stock numbers and one was made up for a new unit: an existing unit keeps its own. */
  ownStockNumber: boolean;
  year: number;
  brand: VehicleBrand;
  /** The model as the feed writes it (without or with the make). */
  model: string;
  exteriorColor?: string;
  seatColor?: string;
  price: number;
  photos: string[];
  status?: UnitStatus;
  condition?: UnitCondition;
  /** The feed's location code (the store's code in the dealer's system). */
  location?: string;
  facts: NonNullable<SourceRow['facts']>;
}

export type FeedUnitResult = { ok: true; unit: FeedUnit } | { ok: false; rejection: Rejection };

const text = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined;
  const result = String(value).trim();
  return result === '' ? undefined : result;
};

/** "$12,995.00", "12995", 12995 → 12995; anything else → undefined. */
export function parsePrice(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const raw = text(value);
  if (!raw) return undefined;
  const cleaned = raw.replace(/^(US)?\$\s*|\s*(USD)$/i, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  return Number(cleaned);
}

const STATUS_WORDS: Record<string, UnitStatus> = {
  available: 'available',
  instock: 'available',
  forsale: 'available',
  active: 'available',
  onhold: 'on-hold',
  hold: 'on-hold',
  pending: 'on-hold',
  deposit: 'on-hold',
  sold: 'sold',
};

const CONDITION_WORDS: Record<string, UnitCondition> = {
  new: 'new',
  used: 'used',
  preowned: 'used',
  demo: 'demo',
  custom: 'custom',
};

/** A make as the feed writes it → the brand, through the mapping's "makes" or the brand's own name. */
export function brandOf(make: string, mapping: Pick<ImportMapping, 'makes'>, brandNames: Readonly<Record<string, string>>): VehicleBrand | undefined {
  const key = headerKey(make);
  const mapped = Object.entries(mapping.makes).find(([name]) => headerKey(name) === key)?.[1];
  const candidate = mapped ?? BrandEnum.options.find((slug) => headerKey(slug) === key || headerKey(brandNames[slug] ?? '') === key);
  const parsed = BrandEnum.safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
}

/** Photo addresses of one cell or DMS list, in the feed's order, without blanks or repeats. */
export function photoList(value: unknown, separator: string): string[] {
  const parts = Array.isArray(value) ? value.map(String) : (text(value) ?? '').split(/\r?\n/).flatMap((line) => line.split(separator));
  return [...new Set(parts.map((part) => part.trim()).filter(Boolean))];
}

/**
 * The listed photo hosts the rows' photos are on, each once: the hosts whose addresses a run
 * checks before it publishes a photo (functions/lib/import/photo-hosts.ts).
 */
export function feedPhotoHosts(rows: readonly SourceRow[], mapping: Pick<ImportMapping, 'photoSeparator' | 'photoHosts'>): string[] {
  const hosts = new Set<string>();
  for (const row of rows)
    for (const address of photoList(row.values.photos, mapping.photoSeparator)) {
      const photo = feedPhoto(address, mapping.photoHosts);
      if (photo.ok && !photo.src.startsWith('/')) hosts.add(new URL(photo.src).hostname);
    }
  return [...hosts];
}

/** Reads one source row's values, or names the first column whose value cannot be used. */
export function readFeedUnit(row: SourceRow, mapping: ImportMapping, brandNames: Readonly<Record<string, string>>): FeedUnitResult {
  const column = (field: ImportField) => row.columns[field] ?? mapping.columns[field][0]!;
  const reject = (field: ImportField, reason: string): FeedUnitResult => ({ ok: false, rejection: { ref: row.ref, column: column(field), reason } });
  const values = row.values;

  const vin = text(values.vin)?.toUpperCase();
  const serialNumber = text(values.serialNumber);
  if (!vin && !serialNumber) return reject('vin', 'a unit needs a VIN or a serial number');
  const ownStockNumber = text(values.stockNumber);
  const stockNumber = ownStockNumber ?? row.facts?.stockNumber;
  if (!stockNumber) return reject('stockNumber', 'the stock number is missing');
  const yearText = text(values.year);
  const year = yearText && /^\d{4}$/.test(yearText) ? Number(yearText) : Number.NaN;
  if (!Number.isInteger(year)) return reject('year', yearText ? `"${yearText}" is not a year` : 'the year is missing');
  const make = text(values.make);
  if (!make) return reject('make', 'the make is missing');
  const brand = brandOf(make, mapping, brandNames);
  if (!brand) return reject('make', `"${make}" is not a brand the site lists (${BrandEnum.options.join(', ')}): name it under "makes" in the import settings`);
  const model = text(values.model);
  if (!model) return reject('model', 'the model is missing');
  const price = parsePrice(values.price);
  if (price === undefined) return reject('price', text(values.price) ? `"${text(values.price)}" is not a price` : 'the price is missing');

  // Photos only from the dealer's listed hosts (src/lib/import/remote-images.ts).
  const photos = new Set<string>();
  for (const address of photoList(values.photos, mapping.photoSeparator)) {
    const photo = feedPhoto(address, mapping.photoHosts);
    if (!photo.ok) return reject('photos', photo.reason);
    photos.add(photo.src);
  }

  let status: UnitStatus | undefined;
  const statusText = text(values.status);
  if (statusText) {
    status = STATUS_WORDS[headerKey(statusText)];
    if (!status) return reject('status', `"${statusText}" is not a status (available, on hold or sold)`);
  }
  let condition: UnitCondition | undefined;
  const conditionText = text(values.condition);
  if (conditionText) {
    condition = CONDITION_WORDS[headerKey(conditionText)];
    if (!condition) return reject('condition', `"${conditionText}" is not a condition (new, used, demo or custom)`);
  }
  return {
    ok: true,
    unit: {
      ref: row.ref,
      columns: row.columns,
      ...(vin ? { vin } : {}),
      ...(serialNumber ? { serialNumber } : {}),
      stockNumber,
      ownStockNumber: ownStockNumber !== undefined,
      year,
      brand,
      model,
      exteriorColor: text(values.exteriorColor),
      seatColor: text(values.seatColor),
      price,
      photos: [...photos],
      status,
      condition,
      location: text(values.location),
      facts: row.facts ?? {},
    },
  };
}

/** A store as the import knows it: its slug (file name) and its code in the dealer's systems. */
export interface ImportStore {
  slug: string;
  storeCode: string;
}

/**
 * The store a unit is on, from the feed's location code (docs/product.md §Stores, §Import): the
 * code mapped under `locations` in the import settings, else the store whose `storeCode` it is.
 * With one store every unit is on it and no store is written (the unit file's default); with
 * several, a row without a location writes none either (a new unit is on the main store's lot,
 * a listed one stays where it is), and a code that names no store rejects the row.
 */
export function storeOf(
  location: string | undefined,
  mapping: Pick<ImportMapping, 'locations'>,
  stores: readonly ImportStore[],
): { ok: true; store?: string } | { ok: false; reason: string } {
  if (stores.length <= 1) return { ok: true };
  if (!location) return { ok: true };
  const mapped = mapping.locations[location];
  const store = mapped
    ? stores.find((candidate) => candidate.slug === mapped)
    : stores.find((candidate) => candidate.storeCode.toUpperCase() === location.toUpperCase());
  if (store) return { ok: true, store: store.slug };
  return {
    ok: false,
    reason: mapped
      ? `the location "${location}" is mapped to "${mapped}", which is no store in data/stores/`
      : `the location "${location}" is no store's code: map it to a store under "locations" in the import settings`,
  };
}
