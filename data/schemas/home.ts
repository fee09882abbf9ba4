import { z } from 'zod';
import { imageSrc, nonEmpty, schemaRef, slug } from './common.ts';

export const schema = z.strictObject({
  ...schemaRef,
  hero: z.strictObject({ heading: nonEmpty, text: nonEmpty, image: imageSrc }),
  whyChoose: z.array(z.strictObject({ title: nonEmpty, text: nonEmpty, icon: z.enum(['award', 'wrench', 'percent', 'leaf']) })).length(4),
  /** The three featured carts (SPEC 2.3); each links to /vehicles/{model}. */
  featured: z.array(z.strictObject({ model: slug, name: nonEmpty, price: z.number().positive(), image: imageSrc, description: nonEmpty })).length(3),
  about: z.strictObject({ heading: nonEmpty, text: nonEmpty }),
});

export type Home = z.infer<typeof schema>;
