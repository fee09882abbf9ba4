import { z } from 'zod';
import { nonEmpty, schemaRef } from './common.ts';

export const MunicipalityType = z.enum(['township', 'borough', 'city']);

const Municipality = z.strictObject({
  name: nonEmpty.describe('The name without its type, e.g. "Bass River"'),
  type: MunicipalityType,
});

export const schema = z.strictObject({
  ...schemaRef,
  county: z.strictObject({ name: nonEmpty, state: z.string().length(2) }),
  municipalities: z.array(Municipality).min(1),
});

export type Municipality = z.infer<typeof Municipality>;
export type MunicipalityType = z.infer<typeof MunicipalityType>;
