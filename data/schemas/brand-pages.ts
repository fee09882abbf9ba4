import { z } from 'zod';
import { imageSrc, nonEmpty, schemaRef, sitePath, slug } from './common.ts';

const Seo = z.strictObject({ title: nonEmpty, description: nonEmpty, keywords: z.array(nonEmpty).optional() });
const Hero = z.strictObject({ eyebrow: nonEmpty, heading: nonEmpty, text: nonEmpty, image: imageSrc, imageAlt: nonEmpty });

/** A prefilled contact link (/contact?interest=…&vehicle=…&message=…). */
const ContactPrefill = z.strictObject({
  interest: z.enum(['sales', 'service', 'parts', 'general']).default('sales'),
  vehicle: slug.optional(),
  message: z.string().trim().min(10).optional(),
});
/** A button: either a page of this site or the contact form, prefilled. */
const Action = z.union([z.strictObject({ label: nonEmpty, href: sitePath }), z.strictObject({ label: nonEmpty, contact: ContactPrefill })]);

const Denago = z.strictObject({
  seo: Seo,
  hero: Hero,
  about: z.strictObject({ heading: nonEmpty, paragraphs: z.array(nonEmpty).min(1) }),
  features: z.strictObject({ heading: nonEmpty, items: z.array(z.strictObject({ title: nonEmpty, text: nonEmpty })).min(1) }),
  models: z.strictObject({
    heading: nonEmpty,
    status: nonEmpty.describe('What the models section says, e.g. "Coming Soon"'),
    text: nonEmpty,
    action: Action,
    secondary: Action.optional(),
  }),
});

const Evolution = z.strictObject({
  seo: Seo,
  hero: Hero,
  series: z.strictObject({
    heading: nonEmpty,
    items: z.array(z.strictObject({ title: nonEmpty, tag: nonEmpty, text: nonEmpty, action: Action })).length(3),
  }),
  featured: z.strictObject({
    heading: nonEmpty,
    items: z
      .array(
        z.strictObject({
          name: nonEmpty,
          text: nonEmpty,
          image: imageSrc,
          /** A "starting at" price in USD, or "Contact for pricing". */
          price: z.discriminatedUnion('kind', [
            z.strictObject({ kind: z.literal('from'), startingAt: z.number().positive().describe('USD, shown as "Starting at $24,999"') }),
            z.strictObject({ kind: z.literal('contact') }),
          ]),
          action: Action,
        }),
      )
      .length(2),
  }),
  inventory: z.strictObject({ heading: nonEmpty, text: nonEmpty }),
});

export const schema = z.strictObject({ ...schemaRef, denago: Denago, evolution: Evolution });

export type BrandPages = z.infer<typeof schema>;
export type BrandAction = z.infer<typeof Action>;
