import { z } from 'zod';
import { vinProblem } from '../../src/lib/leads/vin.ts';
import { imageSrc, nonEmpty, schemaRef, slug } from './common.ts';

export const VehicleBrand = z.enum(['denago', 'evolution']);
export const VehicleCategory = z.enum(['ranger', 'maverick', 'forester', 'turfman', 'rover']);

export const UnitStatus = z.enum(['available', 'on-hold', 'sold']);
/** "custom" (a new cart built out by the shop) is kept from the alternate listing shape. */
export const UnitCondition = z.enum(['new', 'used', 'demo', 'custom']);
export const BatteryType = z.enum(['lithium', 'lead-acid', 'agm']);

/** A calendar date as editors write it: 2026-11-20. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD, e.g. "2026-11-20"')
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, 'is not a real calendar date');

const vin = z
  .string()
  .trim()
  .toUpperCase()
  .superRefine((value, ctx) => {
    const problem = vinProblem(value);
    if (problem === 'format') ctx.addIssue({ code: 'custom', message: 'must be 17 characters: digits and capital letters except I, O and Q' });
    if (problem === 'check-digit')
      ctx.addIssue({ code: 'custom', message: `the check digit (9th character) does not match the rest of the VIN "${value}": check for a typo` });
  });

export const Battery = z.strictObject({
  type: BatteryType,
  voltage: z.number().int().positive().describe('Pack voltage, e.g. 48'),
  capacityAh: z.number().positive().describe('Capacity in amp-hours, e.g. 105'),
  warrantyYears: z.number().int().min(0).max(20).describe('Battery warranty in years; 0 for none'),
});

/** The six specifications a unit states once they are known (docs/product.md §Units): all six or none. */
export const Specifications = z.strictObject({
  topSpeed: nonEmpty.describe('e.g. "25 mph"'),
  range: nonEmpty.describe('e.g. "35-45 mi"'),
  seatingCapacity: z.number().int().positive(),
  batteryType: nonEmpty.describe('As the page shows it, e.g. "Lithium ion"'),
  chargingTime: nonEmpty.describe('e.g. "6-8 h"'),
  payload: nonEmpty.describe('e.g. "800 lbs"'),
});

/** A specification beyond the six, as the unit page lists it (a list, not a map, so the admin keeps its order and leaves it out when empty). */
export const MoreSpecification = z.strictObject({
  label: nonEmpty.describe('e.g. "Ground clearance"'),
  value: nonEmpty.describe('e.g. "6 in"'),
});

/** A photo of the unit with its text alternative; the first is the main photo. */
export const UnitPhoto = z.strictObject({
  src: imageSrc.describe('Photos go under /images/units/{id}/'),
  alt: z.string().trim().optional().describe('What the photo shows, for screen readers; empty reads the unit name'),
});

/**
 * One unit on the lot: the file data/units/{id}.json, whose name is the unit's id and address
 * /vehicles/{id} (docs/product.md §Units). The fields are in the order the admin shows them:
 * what changes every day (status, price) first.
 */
const UnitFields = z.strictObject({
  ...schemaRef,
  status: UnitStatus,
  soldDate: isoDate
    .optional()
    .describe('The day the unit was sold (the admin fills in the day it is saved as sold); the page stays up, marked Sold, for 30 days after it'),
  price: z.number().positive().describe('USD, whole dollars'),
  name: nonEmpty,
  description: nonEmpty
    .optional()
    .describe('What the page says of the unit; an imported unit comes without one until an editor writes it (the page then reads its year, name and colour)'),
  photos: z.array(UnitPhoto).default([]).describe('The first photo is the main one; none shows a placeholder'),
  brand: VehicleBrand,
  model: nonEmpty.optional().describe('Model name without the brand as in data/models.json, e.g. "D5 Maverick 4 Plus": links the unit to its model page'),
  category: VehicleCategory.optional().describe(
    'The series the lot files it under; an imported unit whose model is not in data/models.json comes without one until an editor picks it (it is then in no category filter or collection)',
  ),
  year: z.number().int().min(2000).max(2100),
  condition: UnitCondition,
  isNew: z.boolean(),
  inStock: z.boolean().describe('On the lot now (false: on order or in transit)'),
  store: slug.optional().describe("The store whose lot the unit is on (the name of its file in data/stores/); left out, the unit is on the main store's lot"),
  featured: z.boolean().optional().describe('Only a featured unit names it; the admin leaves it out when it is off'),
  /** What a dealer keeps of a unit (docs/product.md §Units). */
  stockNumber: nonEmpty.max(20).describe("The dealer's stock number; unique on the lot"),
  vin: vin.optional().describe('17-character VIN (street-legal LSVs have one); its check digit is verified'),
  serialNumber: nonEmpty.max(40).optional().describe('Manufacturer serial number of a cart without a VIN'),
  exteriorColor: nonEmpty,
  seatColor: nonEmpty,
  lifted: z.boolean(),
  streetLegal: z.boolean().describe('true: a low-speed vehicle titled with a VIN; false: a golf cart'),
  battery: Battery,
  features: z.array(nonEmpty).default([]),
  specifications: Specifications.optional().describe(
    'The six specifications; an imported unit whose model is not in data/models.json comes without them until an editor writes them (the page then leaves them out)',
  ),
  moreSpecifications: z
    .array(MoreSpecification)
    .default([])
    .describe('Any other specification, as label and value, e.g. "Ground clearance" and "6 in"; the page lists them after the six, in this order'),
  listedDate: isoDate.describe('The day the unit was put on the lot'),
});

/** The file of one unit, with the rules that tie its fields together. */
export const schema = UnitFields.superRefine((unit, ctx) => {
  if (!unit.vin && !unit.serialNumber) ctx.addIssue({ code: 'custom', path: ['vin'], message: 'a unit needs a "vin" or a "serialNumber"' });
  if (unit.streetLegal && !unit.vin) ctx.addIssue({ code: 'custom', path: ['vin'], message: 'a street-legal unit (LSV) needs its VIN' });
  if (unit.status === 'sold' && !unit.soldDate) ctx.addIssue({ code: 'custom', path: ['soldDate'], message: 'a sold unit needs its "soldDate" (YYYY-MM-DD)' });
  if (unit.status !== 'sold' && unit.soldDate)
    ctx.addIssue({
      code: 'custom',
      path: ['soldDate'],
      message: `only a sold unit has a "soldDate" (this one is "${unit.status}"): remove it or set "status": "sold"`,
    });
  if (unit.soldDate && unit.soldDate < unit.listedDate) ctx.addIssue({ code: 'custom', path: ['soldDate'], message: 'must not be before "listedDate"' });
  const labels = unit.moreSpecifications.map((specification) => specification.label.toLowerCase());
  labels.forEach((label, index) => {
    if (labels.indexOf(label) !== index)
      ctx.addIssue({ code: 'custom', path: ['moreSpecifications', index, 'label'], message: `"${unit.moreSpecifications[index]!.label}" is listed twice` });
  });
});

/** A unit's id: the name of its file in data/units/, and its address /vehicles/{id}. */
export const unitId = slug.max(80);

export type UnitFile = z.infer<typeof schema>;

/**
 * A unit as the site and /api/vehicles use it: the file's fields with its id, the photos as
 * `images` (the API's shape, docs/product.md §Units) and every specification in one object.
 */
export type Vehicle = Omit<UnitFile, '$schema' | 'photos' | 'moreSpecifications' | 'specifications' | 'description' | 'store'> & {
  id: string;
  description: string;
  /** The store whose lot it is on: the file's, or the only store's (docs/product.md §Stores). */
  store: string;
  images: string[];
  imageAlts?: string[];
  /** The six (when the file states them) and the editor's others; `{}` while none is known. */
  specifications: Partial<NonNullable<UnitFile['specifications']>> & Record<string, string | number>;
};

/** What the lot must not repeat across files: an id, a stock number, a VIN (docs/product.md §Units). */
export function lotIssues(units: readonly Pick<Vehicle, 'id' | 'stockNumber' | 'vin'>[]): { id: string; path: string[]; message: string }[] {
  const issues: { id: string; path: string[]; message: string }[] = [];
  const stockNumbers = new Map<string, string>();
  const vins = new Map<string, string>();
  for (const unit of units) {
    const stock = unit.stockNumber.toUpperCase();
    const holder = stockNumbers.get(stock);
    if (holder) issues.push({ id: unit.id, path: ['stockNumber'], message: `the stock number "${unit.stockNumber}" is already used by "${holder}"` });
    else stockNumbers.set(stock, unit.id);
    const vinHolder = unit.vin ? vins.get(unit.vin) : undefined;
    if (vinHolder) issues.push({ id: unit.id, path: ['vin'], message: `the VIN is already used by "${vinHolder}"` });
    else if (unit.vin) vins.set(unit.vin, unit.id);
  }
  return issues;
}

export type VehicleBrand = z.infer<typeof VehicleBrand>;
export type VehicleCategory = z.infer<typeof VehicleCategory>;
export type UnitStatus = z.infer<typeof UnitStatus>;
export type UnitCondition = z.infer<typeof UnitCondition>;
export type Battery = z.infer<typeof Battery>;
