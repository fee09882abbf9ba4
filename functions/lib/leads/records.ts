import { z } from 'zod';

/**
 * What a lead from each form stores beside the visitor's contact fields (docs/product.md §Leads):
 * the unit it is about, the trade-in, the service appointment, the parts request, the question
 * about a unit, and the photos. Checked again whenever a lead is read back from Blobs.
 */

/** A unit on the lot as it was when the lead came in (its price may change later). */
export const unitSnapshotSchema = z.object({
  id: z.string(),
  name: z.string(),
  stockNumber: z.string(),
  vin: z.string().optional(),
  serialNumber: z.string().optional(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  price: z.number(),
  condition: z.string(),
  exteriorColor: z.string().optional(),
});

/** A cart the visitor owns: make (or the make they typed), model, year. */
const ownCart = z.object({
  make: z.string(),
  model: z.string().optional(),
  year: z.number().int().optional(),
});

export const tradeRecordSchema = ownCart.extend({
  model: z.string(),
  year: z.number().int(),
  serial: z.string().optional(),
  /** "vin" when the serial is a 17-character VIN with a valid check digit. */
  serialKind: z.enum(['vin', 'serial']).optional(),
  battery: z.string(),
  batteryAge: z.string(),
  lifted: z.boolean(),
  condition: z.string(),
  note: z.string().optional(),
});

export const serviceRecordSchema = z.object({
  cart: ownCart,
  problems: z.array(z.string()).min(1),
  note: z.string().optional(),
  /** "2026-06-05", the showroom's calendar. */
  days: z.array(z.string()).min(1).max(2),
  /** "10:30". */
  time: z.string(),
  handoff: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('drop-off') }),
    z.object({
      kind: z.literal('pick-up'),
      town: z.object({ slug: z.string(), name: z.string() }),
      miles: z.number().nonnegative(),
      address: z.string(),
      fee: z.number().int().nonnegative(),
    }),
  ]),
});

export const partsRecordSchema = z.object({
  part: z.string(),
  partNumber: z.string().optional(),
  quantity: z.number().int().positive(),
  cart: ownCart,
  note: z.string().optional(),
});

export const questionRecordSchema = z.object({
  topic: z.string(),
  /** A day the visitor would like (a test drive), "2026-06-05". */
  day: z.string().optional(),
  note: z.string().optional(),
});

/** A visitor's photo stored with the lead (photos/<lead id>/<n> in the leads store). */
export const photoRecordSchema = z.object({
  n: z.number().int().nonnegative(),
  name: z.string(),
  type: z.string(),
  bytes: z.number().int().nonnegative(),
  /** What was taken out before it was stored: EXIF, XMP, text … */
  removed: z.array(z.string()),
});

export type UnitSnapshot = z.infer<typeof unitSnapshotSchema>;
export type TradeRecord = z.infer<typeof tradeRecordSchema>;
export type ServiceRecord = z.infer<typeof serviceRecordSchema>;
export type PartsRecord = z.infer<typeof partsRecordSchema>;
export type QuestionRecord = z.infer<typeof questionRecordSchema>;
export type PhotoRecord = z.infer<typeof photoRecordSchema>;
