import { z } from 'zod';
import { imageSrc, nonEmpty, schemaRef, sitePath, slug } from './common.ts';

const Brand = z.strictObject({
  slug,
  name: nonEmpty,
  tagline: nonEmpty,
  logo: imageSrc,
  /** The brand's own page on this site, for the brands the dealer sells. */
  page: sitePath.optional(),
});

export const schema = z.strictObject({ ...schemaRef, brands: z.array(Brand).min(1) });

export type Brand = z.infer<typeof Brand>;
