import { z } from 'zod';
import { imageSrc, nonEmpty, schemaRef, slug } from './common.ts';

export const schema = z.strictObject({
  ...schemaRef,
  hero: z.strictObject({ heading: nonEmpty, text: nonEmpty, image: imageSrc }),
  whyChoose: z.array(z.strictObject({ title: nonEmpty, text: nonEmpty, icon: z.enum(['award', 'wrench', 'percent', 'leaf']) })).length(4),
  /** The three featured carts (docs/product.md §Home) by model slug; name, price, image and text come from data/models.json. */
  featured: z.array(slug).length(3).describe('Model slugs from data/models.json; each card links to /vehicles/{slug}'),
  about: z.strictObject({ heading: nonEmpty, text: nonEmpty }),
});

export type Home = z.infer<typeof schema>;
