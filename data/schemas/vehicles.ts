import { z } from 'zod';
import { vinProblem } from '../../src/lib/vin.ts';
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

/** A unit on the lot (docs/product.md §Units); the API serves this shape. */
const VehicleFields = z.strictObject({
  id: slug.max(80).describe('Used in the address /vehicles/{id}; must not equal a model slug or "not-found"'),
  name: nonEmpty,
  description: nonEmpty,
  brand: VehicleBrand,
  category: VehicleCategory,
  price: z.number().positive().describe('USD, whole dollars'),
  images: z.array(imageSrc).describe('First image is the main image; empty shows a placeholder. Photos go under /images/units/{id}/'),
  imageAlts: z.array(z.string().trim()).optional().describe('Alt text of each image, in the order of "images"; an empty or missing one reads the unit name'),
  inStock: z.boolean(),
  isNew: z.boolean(),
  features: z.array(nonEmpty),
  specifications: z
    .looseObject({
      topSpeed: nonEmpty,
      range: nonEmpty,
      seatingCapacity: z.number().int().positive(),
      batteryType: nonEmpty,
      chargingTime: nonEmpty,
      payload: nonEmpty,
    })
    .catchall(z.union([z.string(), z.number()]))
    .describe('Every key is listed on the vehicle page; add any other as "camelCaseName": "value"'),
  /** Fields of the alternate listing shape (docs/product.md §Units); condition and year are required of a unit. */
  condition: UnitCondition,
  year: z.number().int().min(2000).max(2100),
  model: nonEmpty.optional().describe('Model name without the brand as in data/models.json, e.g. "D5 Maverick 4 Plus": links the unit to its model page'),
  featured: z.boolean().optional(),
  /** What a dealer keeps of a unit (docs/product.md §Units). */
  stockNumber: nonEmpty.max(20).describe("The dealer's stock number; unique on the lot"),
  vin: vin.optional().describe('17-character VIN (street-legal LSVs have one); its check digit is verified'),
  serialNumber: nonEmpty.max(40).optional().describe('Manufacturer serial number of a cart without a VIN'),
  exteriorColor: nonEmpty,
  seatColor: nonEmpty,
  lifted: z.boolean(),
  streetLegal: z.boolean().describe('true: a low-speed vehicle titled with a VIN; false: a golf cart'),
  battery: Battery,
  status: UnitStatus,
  listedDate: isoDate.describe('The day the unit was put on the lot'),
  soldDate: isoDate.optional().describe('Required when status is "sold": the page stays up, marked Sold, for 30 days after it'),
});

export const Vehicle = VehicleFields.superRefine((unit, ctx) => {
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
});

/** A unit taken out of the data: its address keeps answering 301 (docs/product.md §Units). */
export const RemovedUnit = z.strictObject({
  id: slug.describe('The id the unit had: /vehicles/{id} redirects'),
  model: slug.optional().describe('Slug of its model page in data/models.json; without it the address redirects to the inventory'),
});

/** The inventory price filter (docs/product.md §Inventory): under `under`, `under` to `over` inclusive, over `over`. */
export const PriceBands = z
  .strictObject({
    under: z.number().int().positive().describe('Upper edge of the lowest band (exclusive), USD'),
    over: z.number().int().positive().describe('Lower edge of the highest band (exclusive), USD'),
  })
  .refine((bands) => bands.over > bands.under, { message: '"over" must be greater than "under"', path: ['over'] });

export const schema = z
  .strictObject({
    ...schemaRef,
    priceBands: PriceBands,
    vehicles: z.array(Vehicle).superRefine((vehicles, ctx) => {
      const seen = new Set<string>();
      const stockNumbers = new Map<string, string>();
      const vins = new Map<string, string>();
      vehicles.forEach((vehicle, index) => {
        if (seen.has(vehicle.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `the id "${vehicle.id}" is used by another vehicle` });
        seen.add(vehicle.id);
        const stock = vehicle.stockNumber.toUpperCase();
        const holder = stockNumbers.get(stock);
        if (holder)
          ctx.addIssue({ code: 'custom', path: [index, 'stockNumber'], message: `the stock number "${vehicle.stockNumber}" is already used by "${holder}"` });
        else stockNumbers.set(stock, vehicle.id);
        const vinHolder = vehicle.vin ? vins.get(vehicle.vin) : undefined;
        if (vinHolder) ctx.addIssue({ code: 'custom', path: [index, 'vin'], message: `the VIN is already used by "${vinHolder}"` });
        else if (vehicle.vin) vins.set(vehicle.vin, vehicle.id);
      });
    }),
    soldPageDays: z.number().int().min(0).max(365).default(30).describe('How many days after its sold date a sold unit keeps its page (then 301)'),
    removed: z.array(RemovedUnit).default([]).describe('Units taken out of the data; their addresses redirect to the model page or the inventory'),
  })
  .superRefine((file, ctx) => {
    const ids = new Set(file.vehicles.map((vehicle) => vehicle.id));
    file.removed.forEach((unit, index) => {
      if (ids.has(unit.id))
        ctx.addIssue({ code: 'custom', path: ['removed', index, 'id'], message: `"${unit.id}" is still listed in "vehicles": keep it in one list only` });
    });
  });

export type Vehicle = z.infer<typeof Vehicle>;
export type VehicleBrand = z.infer<typeof VehicleBrand>;
export type VehicleCategory = z.infer<typeof VehicleCategory>;
export type PriceBands = z.infer<typeof PriceBands>;
export type UnitStatus = z.infer<typeof UnitStatus>;
export type UnitCondition = z.infer<typeof UnitCondition>;
export type Battery = z.infer<typeof Battery>;
export type RemovedUnit = z.infer<typeof RemovedUnit>;
