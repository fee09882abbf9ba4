import { z } from 'zod';
import { slugify } from '../../src/lib/format.ts';
import { imageSrc, nonEmpty, schemaRef, slug, url } from './common.ts';
import { Phone } from './dealer.ts';
import { checkedDate } from './street-use.ts';

export const MunicipalityType = z.enum(['township', 'borough', 'city']);

/** "Bass River" + "township" → "bass-river-township": how town pages and neighbour lists name a municipality. */
export const municipalityKey = (m: { name: string; type: string }) => slugify(`${m.name} ${m.type}`);

const aliases = z.array(slug).describe('Extra spellings that redirect to this page, without "-golf-carts": "mt-holly" answers /mt-holly-golf-carts').optional();

/** An editor-owned figure: the rental delivery fee is charged on it (docs/product.md §Rentals). */
const deliveryMiles = z
  .number()
  .nonnegative()
  .max(200)
  .describe('One-way driving distance in miles from the showroom (the main store of data/stores/); rental delivery fees are charged on it');

/** The dealer's own words about a place: the one part of a town page the data cannot compute. */
const localText = nonEmpty
  .optional()
  .describe(
    'What you know first-hand about golf carts in this town: the communities, parks or lakes your customers drive to, the carts you deliver and service there, local rules you help with. Paragraphs separated by a blank line. Left empty, the page has no local text yet (the build lists those towns).',
  );

/** The municipality's centre: with several stores, the store nearest to it serves it (docs/decisions/store-distances.md). */
const geo = z
  .strictObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
  .describe("The municipality's centre; with several stores, the nearest store serves the town");

/** Editor-owned figures from the other stores; a store without one is measured in a straight line. */
const drivingMiles = z
  .array(
    z.strictObject({
      store: slug.describe('The store, by its file name in data/stores/ (e.g. "medford")'),
      miles: z.number().nonnegative().max(200).describe('One-way driving distance in miles from that store'),
    }),
  )
  .optional()
  .describe(
    'With several stores: the one-way driving miles from stores other than the main one. A store left out is measured in a straight line from the coordinates, and pages say so.',
  );

/** The municipal clerk, whom a town page sends buyers to about the town's own road rules (docs/product.md §Towns). */
const clerk = z
  .strictObject({
    phone: Phone.optional(),
    email: z.email().optional(),
    url: url.optional().describe("The clerk's page on the town's own site"),
  })
  .refine((c) => c.phone || c.email || c.url, "give the clerk's phone, e-mail or page, or leave the clerk out")
  .optional()
  .describe("The municipal clerk's contact, from the town's own site; shown beside the line that sends buyers to the clerk");

/** A town's own rule on golf carts or LSVs, recorded by an editor from the ordinance itself (docs/product.md §Towns). */
const Ordinance = z.strictObject({
  number: nonEmpty.describe('How the town numbers it, e.g. "Ordinance 2024-12" or "Chapter 100, § 100-4"'),
  title: nonEmpty.describe('Its title, as the town gives it'),
  says: nonEmpty.describe('What it says about golf carts or LSVs on its roads, in plain words and nothing more'),
  url: url.describe('Where a buyer can read it (the town code, e.g. on ecode360.com)'),
  checked: checkedDate,
});

const ordinances = z
  .array(Ordinance)
  .optional()
  .describe(
    "The town's own rules on golf carts or LSVs, each read in the ordinance itself. A general ordinance on motor-driven vehicles is not one: record only what names golf carts or LSVs",
  );

const Municipality = z.strictObject({
  name: nonEmpty.describe('The name without its type, e.g. "Bass River"'),
  type: MunicipalityType,
  deliveryMiles,
  geo,
  drivingMiles,
  note: nonEmpty.describe('One or two sentences about driving a golf cart in this town, shown in the page intro'),
  neighbours: z.array(slug).min(1).describe('Bordering municipalities of the county, by name and type in lowercase with hyphens, e.g. "bordentown-township"'),
  localText,
  aliases,
  clerk,
  ordinances,
});

const County = z.strictObject({
  name: nonEmpty,
  state: z.string().length(2),
  deliveryMiles: deliveryMiles.describe('Miles quoted for a rental delivered "elsewhere in the county", when the visitor names no municipality'),
  note: nonEmpty.describe('Shown in the intro of the county page'),
  localText,
  aliases,
});

const TownPage = z.strictObject({
  brands: z.array(slug).min(1).describe('The brand grid of every town page, by slug of data/brands.json, in this order'),
  popularCarts: z.number().int().min(0).describe('How many vehicles (the first of data/vehicles.json) the Popular Golf Carts block shows'),
  backgrounds: z.array(imageSrc).min(1).describe('Hero backgrounds; each page picks one by a stable hash of its address'),
  localService: nonEmpty.describe('The "Local service" contact card; {town} and {county} are replaced by the names'),
  whyChooseUs: z
    .array(nonEmpty)
    .min(1)
    .describe('Bullets of the why-choose-us block; {town}, {county} and {financing} (the financing offer of data/dealer.json) are filled in'),
});

export const schema = z
  .strictObject({
    ...schemaRef,
    county: County,
    townPage: TownPage,
    municipalities: z.array(Municipality).min(1),
  })
  .superRefine((data, ctx) => {
    const keys = data.municipalities.map(municipalityKey);
    data.municipalities.forEach((m, index) => {
      const key = keys[index];
      if (keys.indexOf(key ?? '') !== index) {
        ctx.addIssue({ code: 'custom', path: ['municipalities', index], message: `"${m.name}" (${m.type}) is listed twice` });
      }
      m.neighbours.forEach((neighbour, n) => {
        const path = ['municipalities', index, 'neighbours', n];
        if (neighbour === key) ctx.addIssue({ code: 'custom', path, message: 'a town cannot be its own neighbour' });
        else if (!keys.includes(neighbour)) {
          ctx.addIssue({ code: 'custom', path, message: `no municipality "${neighbour}" in this file (write name and type, e.g. "bass-river-township")` });
        }
      });
    });
  });

export type Municipality = z.infer<typeof Municipality>;
export type MunicipalityType = z.infer<typeof MunicipalityType>;
export type County = z.infer<typeof County>;
export type Ordinance = z.infer<typeof Ordinance>;
export type Clerk = NonNullable<z.infer<typeof clerk>>;
