import { z } from 'zod';
import { PHOTO_HOST, photoHostProblem } from '../../src/lib/import/remote-images.ts';
import { nonEmpty, schemaRef, slug, url } from './common.ts';
import { BatteryType, VehicleCategory } from './units.ts';
import { DEALER_TIME_ZONE } from '../../src/lib/units/build-clock.ts';

/**
 * How the lot is imported from the dealer's own system (docs/product.md §Import): where the feed
 * is, how its columns are named, which of its units are published and what its location codes
 * mean. The dealer edits it in the admin; the import reads it on every run.
 */

/** The unit fields a spreadsheet column can fill, in the order the admin lists them. */
export const IMPORT_FIELDS = [
  'vin',
  'serialNumber',
  'stockNumber',
  'year',
  'make',
  'model',
  'exteriorColor',
  'seatColor',
  'price',
  'photos',
  'status',
  'condition',
  'location',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

const aliases = (...names: string[]) => z.array(nonEmpty).min(1).default(names);

/** Each field's column headers as dealers write them; matched ignoring case, spaces and punctuation. */
export const Columns = z
  .strictObject({
    vin: aliases('VIN', 'VIN #', 'VIN No'),
    serialNumber: aliases('Serial', 'Serial #', 'Serial No', 'Serial Number'),
    stockNumber: aliases('Stock #', 'Stock No', 'Stock Number', 'Stock'),
    year: aliases('Year', 'Model Year'),
    make: aliases('Make', 'Brand', 'Manufacturer'),
    model: aliases('Model'),
    exteriorColor: aliases('Color', 'Colour', 'Exterior Color', 'Body Color'),
    seatColor: aliases('Seat Color', 'Seat Colour'),
    price: aliases('Price', 'Retail Price', 'Sale Price'),
    photos: aliases('Photos', 'Images', 'Image URLs', 'Photo URLs'),
    status: aliases('Status'),
    condition: aliases('Condition', 'New/Used'),
    location: aliases('Location', 'Store', 'Location Code'),
  })
  .describe('Column headers for each field, as the spreadsheet writes them');

/** Which of the DMS's units the website shows (all that apply must hold). */
export const PublishRules = z.strictObject({
  readyForSale: z.boolean().default(true).describe('Only units the DMS marks ready for sale'),
  onWebsite: z.boolean().default(true).describe('Only units the DMS marks for the website'),
  inStock: z.boolean().default(true).describe('Only units in stock'),
  notInBoneyard: z.boolean().default(true).describe('Leave out units in the boneyard'),
  withPhoto: z.boolean().default(true).describe('Only units with at least one photo'),
});

/** What a new unit gets when neither the feed nor its model says (an editor can change it after). */
export const NewUnitDefaults = z.strictObject({
  seatColor: nonEmpty.default('Black'),
  lifted: z.boolean().default(false),
  streetLegal: z.boolean().default(false),
  battery: z
    .strictObject({
      type: BatteryType.default('lithium'),
      voltage: z.number().int().positive().default(48),
      capacityAh: z.number().positive().default(105),
      warrantyYears: z.number().int().min(0).max(20).default(5),
    })
    .prefault({}),
  batteryType: nonEmpty.default('Lithium').describe('The specification "Battery type" when the model does not give one'),
  chargingTime: nonEmpty.default('6-8 h').describe('The specification "Charging time" when the model does not give one'),
});

export const ImportSource = z.enum(['spreadsheet', 'dms']);

export const schema = z
  .strictObject({
    ...schemaRef,
    enabled: z.boolean().default(false).describe('On: the scheduled import runs at the times below; off: only `npm run import` does'),
    source: ImportSource.describe('"spreadsheet": a CSV or .xlsx file at an address; "dms": the dealer management system\'s API'),
    url: url.optional().describe('The feed: a spreadsheet address (a Google Sheet published as CSV, a .csv or .xlsx file) or the DMS API base address'),
    pageSize: z.number().int().min(1).max(100).default(100).describe('DMS records asked per page (at most 100)'),
    times: z
      .array(z.string().regex(/^([01]\d|2[0-3]):00$/, 'must be a whole hour written HH:00, e.g. "06:00"'))
      .default(['06:00', '12:00', '18:00', '23:00'])
      .describe("When the scheduled import runs, in the dealer's time zone"),
    timeZone: nonEmpty.default(DEALER_TIME_ZONE),
    maxShrinkPercent: z
      .number()
      .min(0)
      .max(100)
      .default(20)
      .describe('An import that would shrink the listed lot by more than this share is held back and the dealer is told'),
    columns: Columns.prefault({}),
    photoSeparator: nonEmpty.default('|').describe('What separates photo addresses in one spreadsheet cell (line breaks always do)'),
    makes: z
      .record(nonEmpty, slug)
      .default({})
      .describe('A make as the feed writes it → a brand slug, when it is not the brand\'s own name (e.g. "EVolution" → "evolution")'),
    categories: z.record(slug, VehicleCategory).default({}).describe("A model series → the lot's category, for a new unit"),
    photoHosts: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .regex(PHOTO_HOST, 'must be a host name such as "photos.dms.example", never an IP address')
          .refine((host) => photoHostProblem(host) === undefined, 'must be a host on the internet, not a local name (localhost, .local, .internal…)'),
      )
      .default([])
      .describe(
        'The only hosts the feed\'s photos may come from, e.g. "photos.dms.example": a photo on any other host rejects its row, and the image CDN fetches from these alone',
      ),
    locations: z.record(nonEmpty, slug).default({}).describe("The feed's location code → the store whose lot the unit is on"),
    publish: PublishRules.prefault({}),
    defaults: NewUnitDefaults.prefault({}),
  })
  .superRefine((mapping, ctx) => {
    if (mapping.enabled && !mapping.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'the scheduled import needs the feed address' });
  });

export type ImportMapping = z.infer<typeof schema>;
