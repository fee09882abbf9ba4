import { z } from 'zod';
import { nonEmpty, schemaRef, slug } from './common.ts';

/**
 * The buying guide, /golf-cart-buying-guide (docs/product.md §Guides): the dealer's advice, one
 * section per choice a buyer makes. Each section's figures (units on the lot, battery warranties,
 * financing terms) and links are computed from the data; the words are the editor's.
 */

const paragraphs = z.array(nonEmpty).min(1).describe('Paragraphs of advice, in your own words; the page adds the figures from the lot and the links');

const Section = z.strictObject({
  heading: nonEmpty.max(80),
  text: paragraphs,
});

export const schema = z.strictObject({
  ...schemaRef,
  title: nonEmpty.max(70).describe('The page title in the browser tab and in search results (the site name is added)'),
  heading: nonEmpty.max(80).describe('The heading at the top of the page'),
  description: nonEmpty.max(170).describe('The summary search engines show under the title'),
  intro: nonEmpty.describe('The paragraph under the heading'),
  published: z.iso.date().describe('The day the guide was first published (YYYY-MM-DD)'),
  updated: z.iso.date().describe('The day you last changed its advice (YYYY-MM-DD); the page is dated by this or by the latest check of the facts it shows'),
  streetLegal: Section.extend({
    facts: z
      .array(slug)
      .min(1)
      .describe('Facts of data/street-use.json shown in this section (with their sources and checked dates), by their ids, e.g. "lsv-state-equipment"'),
  }).describe('Golf cart or street-legal LSV, and what an LSV must carry'),
  newOrUsed: Section.describe('New, used or demo; the page adds how many used and demo units are on the lot'),
  battery: Section.describe("Battery types and their warranty; the page adds the lot's battery types and warranty years"),
  liftedOrStandard: Section.describe('Lifted or standard height; the page adds the lifted units on the lot'),
  seats: Section.describe('How many seats; the page adds a link per seat count with its units'),
  paying: Section.describe('Financing and trade-in; the page adds the estimate terms of data/finance.json and the links to the forms'),
});

export type BuyingGuide = z.infer<typeof schema>;
