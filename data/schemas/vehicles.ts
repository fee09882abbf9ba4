import { z } from 'zod';
import { imageSrc, nonEmpty, schemaRef, slug } from './common.ts';

export const VehicleCategory = z.enum(['ranger', 'maverick', 'forester', 'turfman', 'rover']);

/** A unit on the lot (SPEC 3 "Vehicle"); the API serves exactly this shape. */
export const Vehicle = z.strictObject({
  id: slug.describe('Used in the address /vehicles/{id}; must not equal a model slug'),
  name: nonEmpty,
  description: nonEmpty,
  brand: z.enum(['denago', 'evolution']),
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
    .catchall(z.union([z.string(), z.number()])),
  /** Optional fields of the alternate listing shape (SPEC 3). */
  condition: z.enum(['new', 'used', 'custom']).optional(),
  year: z.number().int().min(2000).max(2100).optional(),
  model: nonEmpty.optional(),
  featured: z.boolean().optional(),
});

export const schema = z.strictObject({ ...schemaRef, vehicles: z.array(Vehicle) });

export type Vehicle = z.infer<typeof Vehicle>;
export type VehicleCategory = z.infer<typeof VehicleCategory>;
