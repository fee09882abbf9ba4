import { z } from 'zod';
import type { ImportMapping } from '../../../data/schemas/import.ts';
import type { SourceRow } from './rows.ts';

/**
 * The first DMS adapter: records as its `POST get-carts` answers them (docs/product.md §Import).
 * Only the fields the import reads are described; the rest of a record is ignored. A field a
 * record lacks is left to the row checks, which name it.
 */
const loose = <T extends z.ZodType>(type: T) => type.nullish().catch(undefined);

export const DmsRecord = z.looseObject({
  _id: z.union([z.string(), z.number()]).transform(String),
  cartType: loose(z.looseObject({ make: loose(z.string()), model: loose(z.string()), year: loose(z.union([z.number(), z.string()])) })),
  cartAttributes: loose(
    z.looseObject({
      cartColor: loose(z.string()),
      seatColor: loose(z.string()),
      passengers: loose(z.union([z.number(), z.string()])),
      isLifted: loose(z.boolean()),
    }),
  ),
  battery: loose(
    z.looseObject({ type: loose(z.string()), year: loose(z.union([z.number(), z.string()])), ampHours: loose(z.union([z.number(), z.string()])) }),
  ),
  cartLocation: loose(z.looseObject({ locationId: loose(z.union([z.string(), z.number()])) })),
  title: loose(z.looseObject({ isStreetLegal: loose(z.boolean()) })),
  rfsStatus: loose(z.looseObject({ isRFS: loose(z.boolean()) })),
  advertising: loose(z.looseObject({ needOnWebsite: loose(z.boolean()) })),
  retailPrice: loose(z.union([z.number(), z.string()])),
  vinNo: loose(z.string()),
  serialNo: loose(z.string()),
  stockNo: loose(z.union([z.string(), z.number()])),
  isUsed: loose(z.boolean()),
  isInStock: loose(z.boolean()),
  isInBoneyard: loose(z.boolean()),
  imageUrls: loose(z.array(z.string())),
});
export type DmsRecord = z.infer<typeof DmsRecord>;

/** One page of `get-carts`: an array of records, or an object holding one under a usual key. */
export function pageRecords(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object') {
    for (const key of ['carts', 'data', 'results', 'items', 'records']) {
      const value = (body as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value;
      if (value && typeof value === 'object' && Array.isArray((value as Record<string, unknown>).carts)) return (value as { carts: unknown[] }).carts;
    }
  }
  return undefined;
}

/** Why the website leaves a DMS unit out under the dealer's publish rules, or undefined when it shows it. */
export function withheldReason(record: DmsRecord, rules: ImportMapping['publish']): string | undefined {
  if (rules.readyForSale && record.rfsStatus?.isRFS !== true) return 'not ready for sale';
  if (rules.onWebsite && record.advertising?.needOnWebsite !== true) return 'not marked for the website';
  if (rules.inStock && record.isInStock !== true) return 'not in stock';
  if (rules.notInBoneyard && record.isInBoneyard === true) return 'in the boneyard';
  if (rules.withPhoto && !(record.imageUrls ?? []).some((address) => address.trim() !== '')) return 'no photo';
  return undefined;
}

/** A DMS record as a source row (its columns named by the record's own field paths). */
export function dmsRow(record: DmsRecord): SourceRow {
  const row: SourceRow = { ref: `record ${record._id}`, values: {}, columns: {}, facts: {} };
  const set = (field: keyof SourceRow['values'], column: string, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    row.values[field] = value;
    row.columns[field] = column;
  };
  set('vin', 'vinNo', record.vinNo);
  set('serialNumber', 'serialNo', record.serialNo);
  set('stockNumber', 'stockNo', record.stockNo);
  set('year', 'cartType.year', record.cartType?.year);
  set('make', 'cartType.make', record.cartType?.make);
  set('model', 'cartType.model', record.cartType?.model);
  set('exteriorColor', 'cartAttributes.cartColor', record.cartAttributes?.cartColor);
  set('seatColor', 'cartAttributes.seatColor', record.cartAttributes?.seatColor);
  set('price', 'retailPrice', record.retailPrice);
  set('photos', 'imageUrls', record.imageUrls);
  set('condition', 'isUsed', record.isUsed == null ? undefined : record.isUsed ? 'used' : 'new');
  set('location', 'cartLocation.locationId', record.cartLocation?.locationId);
  const ampHours = Number(record.battery?.ampHours);
  row.facts = {
    lifted: record.cartAttributes?.isLifted ?? undefined,
    streetLegal: record.title?.isStreetLegal ?? undefined,
    batteryType: record.battery?.type ?? undefined,
    capacityAh: Number.isFinite(ampHours) && ampHours > 0 ? ampHours : undefined,
    isUsed: record.isUsed ?? undefined,
    // A DMS without stock numbers: a new unit's stock number is the end of its record id.
    stockNumber: record._id.slice(-10).toUpperCase(),
  };
  return row;
}
