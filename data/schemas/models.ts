import { z } from 'zod';
import { imageSrc, nonEmpty, schemaRef, slug, url } from './common.ts';

/** A figure as the model page prints it, e.g. "25 mph", "40-50 mi", "1,200 lbs". */
const Figure = nonEmpty;

/**
 * The technical specifications of a model (docs/product.md §Models).
 * Each figure is text exactly as the model table shows it; a figure the table leaves out is left out here.
 */
export const ModelSpecs = z.strictObject({
  topSpeed: Figure.describe('e.g. "25 mph" or "25+ mph"'),
  range: Figure.describe('e.g. "40-50 mi" or "up to 50 mi"'),
  seats: z.number().int().positive().describe('Seating capacity'),
  chargingTime: Figure.optional().describe('e.g. "6-8 h"; leave out when not given'),
  payload: Figure.describe('e.g. "1,200 lbs"'),
  motor: Figure.optional().describe('Motor type, e.g. "AC" or "48V"'),
  dimensions: Figure.optional().describe('Length x width x height, e.g. "142x58x74 in"'),
  wheelbase: Figure.optional().describe('e.g. "94 in"'),
  groundClearance: Figure.optional().describe('e.g. "7 in"'),
  towing: Figure.optional().describe('Towing capacity, e.g. "1,500 lbs"'),
  batteryType: Figure.optional().describe('e.g. "lithium ion"'),
  bedSize: Figure.optional().describe('Cargo bed, e.g. "48x32 in"'),
  chargingPort: Figure.optional().describe('e.g. "110V"'),
  certification: Figure.optional().describe('e.g. "NEV certified for roads up to 35 mph"'),
  warranty: Figure.optional().describe('e.g. "2-year limited"'),
  brakes: Figure.optional().describe('e.g. "hydraulic disc"'),
  tires: Figure.optional(),
  suspension: Figure.optional(),
});

export type ModelSpecs = z.infer<typeof ModelSpecs>;
export type SpecKey = keyof ModelSpecs;

export const SPEC_KEYS = ModelSpecs.keyof().options;

const Brand = z.enum(['denago', 'evolution']);

/** What the MSRP strip of a newer page says (docs/product.md §Models: fixed text In Stock). */
export const Availability = z.enum(['In Stock', 'Pre-order', 'Out of Stock']);

const Series = z.strictObject({
  slug,
  brand: Brand,
  name: nonEmpty.describe('e.g. "D5 Maverick Series"'),
  description: nonEmpty,
});

export const Model = z.strictObject({
  slug: slug.describe('The page address /vehicles/{slug}; must not equal an inventory unit id'),
  brand: Brand,
  series: slug.describe('The slug of one of the series listed in this file'),
  name: nonEmpty.describe('Model name without the brand, e.g. "EV City"'),
  blurb: nonEmpty.describe('One or two sentences under the name; also the card text'),
  image: imageSrc,
  gallery: z
    .array(imageSrc)
    .optional()
    .describe('More photos after "image"; with any, the model page shows them in a gallery. Photos go under /images/models/{slug}/'),
  highlights: z.array(ModelSpecs.keyof()).length(4).describe('The four specifications shown as tiles at the top of the page'),
  features: z.array(nonEmpty).min(1),
  specs: ModelSpecs,
  msrp: z.number().int().positive().optional().describe('Manufacturer suggested retail price in USD, where the model table gives one'),
  featuredPrice: z.number().int().positive().optional().describe('The price the home page features for a model without an MSRP; never shown as MSRP'),
  deliveryTime: nonEmpty.optional().describe('e.g. "2-3 weeks"'),
  availability: Availability.optional().describe('Availability the newer pages print beside the MSRP'),
  isNew: z.boolean().describe('Newer page: NEW badge and the MSRP / availability / delivery strip; older pages show hours and the service-area card'),
  detailsUrl: url.optional().describe("The manufacturer's page for this model (View More Details)"),
});

export type Model = z.infer<typeof Model>;
export type ModelBrand = z.infer<typeof Brand>;
export type Series = z.infer<typeof Series>;
export type Availability = z.infer<typeof Availability>;

export const schema = z
  .strictObject({
    ...schemaRef,
    series: z.array(Series).min(1),
    models: z.array(Model).min(1),
    compareDefault: z.array(slug).min(2).max(4).describe('The models /compare shows when the address names none'),
  })
  .superRefine((data, ctx) => {
    const seriesBySlug = new Map(data.series.map((s) => [s.slug, s]));
    const seen = new Set<string>();
    data.models.forEach((model, index) => {
      const at = (...path: PropertyKey[]) => ['models', index, ...path];
      if (seen.has(model.slug)) ctx.addIssue({ code: 'custom', path: at('slug'), message: `"${model.slug}" is used by another model` });
      seen.add(model.slug);
      const series = seriesBySlug.get(model.series);
      if (!series) ctx.addIssue({ code: 'custom', path: at('series'), message: `no series "${model.series}" in the series list` });
      else if (series.brand !== model.brand)
        ctx.addIssue({ code: 'custom', path: at('series'), message: `series "${model.series}" belongs to ${series.brand}, not ${model.brand}` });
      model.highlights.forEach((key, i) => {
        if (model.specs[key] === undefined) ctx.addIssue({ code: 'custom', path: at('highlights', i), message: `"${key}" is not given in specs` });
      });
      if (new Set(model.highlights).size !== model.highlights.length)
        ctx.addIssue({ code: 'custom', path: at('highlights'), message: 'lists the same specification twice' });
      if (model.isNew) {
        for (const field of ['msrp', 'availability', 'deliveryTime'] as const) {
          if (model[field] === undefined)
            ctx.addIssue({ code: 'custom', path: at(field), message: 'a newer page (isNew) needs this field for its MSRP strip' });
        }
      }
      if (model.msrp !== undefined && model.featuredPrice !== undefined)
        ctx.addIssue({ code: 'custom', path: at('featuredPrice'), message: 'leave out featuredPrice when the model has an MSRP (the MSRP is featured)' });
    });
    data.compareDefault.forEach((slug, index) => {
      if (!seen.has(slug)) ctx.addIssue({ code: 'custom', path: ['compareDefault', index], message: `no model "${slug}"` });
    });
    if (new Set(data.compareDefault).size !== data.compareDefault.length)
      ctx.addIssue({ code: 'custom', path: ['compareDefault'], message: 'lists the same model twice' });
  });

export type ModelsFile = z.infer<typeof schema>;
