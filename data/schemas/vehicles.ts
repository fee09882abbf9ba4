import { z } from 'zod';
import { imageSrc, nonEmpty, schemaRef, slug } from './common.ts';

export const VehicleBrand = z.enum(['denago', 'evolution']);
export const VehicleCategory = z.enum(['ranger', 'maverick', 'forester', 'turfman', 'rover']);

/** A unit on the lot (docs/product.md §Units); the API serves exactly this shape. */
export const Vehicle = z.strictObject({
  id: slug.max(80).describe('Used in the address /vehicles/{id}; must not equal a model slug or "not-found"'),
  name: nonEmpty,
  description: nonEmpty,
  brand: VehicleBrand,
  category: VehicleCategory,
  price: z.number().positive().describe('USD, whole dollars'),
  images: z.array(imageSrc).describe('First image is the main image; empty shows a placeholder'),
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
  /** Optional fields of the alternate listing shape (docs/product.md §Units). */
  condition: z.enum(['new', 'used', 'custom']).optional(),
  year: z.number().int().min(2000).max(2100).optional(),
  model: nonEmpty.optional(),
  featured: z.boolean().optional(),
});

/** The inventory price filter (docs/product.md §Inventory): under `under`, `under` to `over` inclusive, over `over`. */
export const PriceBands = z
  .strictObject({
    under: z.number().int().positive().describe('Upper edge of the lowest band (exclusive), USD'),
    over: z.number().int().positive().describe('Lower edge of the highest band (exclusive), USD'),
  })
  .refine((bands) => bands.over > bands.under, { message: '"over" must be greater than "under"', path: ['over'] });

export const schema = z.strictObject({
  ...schemaRef,
  priceBands: PriceBands,
  vehicles: z.array(Vehicle).superRefine((vehicles, ctx) => {
    const seen = new Set<string>();
    vehicles.forEach((vehicle, index) => {
      if (seen.has(vehicle.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `the id "${vehicle.id}" is used by another vehicle` });
      seen.add(vehicle.id);
    });
  }),
});

export type Vehicle = z.infer<typeof Vehicle>;
export type VehicleBrand = z.infer<typeof VehicleBrand>;
export type VehicleCategory = z.infer<typeof VehicleCategory>;
export type PriceBands = z.infer<typeof PriceBands>;
