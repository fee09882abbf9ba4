import { z } from 'zod';
import { nonEmpty, schemaRef, slug, url } from './common.ts';

/**
 * What New Jersey's sources say about driving golf carts and low-speed vehicles (LSVs) on public
 * roads (docs/product.md §Guides): every fact names its source and the day an editor last
 * checked it there; a fact without either stops the build.
 */

/** The day an editor last read a statement on its source's own page. */
export const checkedDate = z.iso
  .date()
  .describe(
    'The day an editor last read this on the source itself (YYYY-MM-DD). Twelve months later the page shows "last checked" and the build warns: check it again and update the date.',
  );

const Source = z.strictObject({
  id: slug.describe('A short name the facts cite it by, e.g. "mvc-lsv"'),
  title: nonEmpty.describe('The title of the page or document, as it gives it'),
  publisher: nonEmpty.describe('Who publishes it, e.g. "New Jersey Motor Vehicle Commission"'),
  url: url.describe('Its address, where a buyer can read it'),
});

const Fact = z.strictObject({
  id: slug.describe('A short name the pages use to show it, e.g. "lsv-roads"'),
  text: nonEmpty.describe('What the source says, in plain words and nothing more. A sentence that stands alone: it may be shown on its own'),
  source: slug.describe('The id of the source that says it (one of the sources above)'),
  checked: checkedDate,
});

const factIds = (what: string) => z.array(slug).describe(`${what}, by their ids`);

const Row = z.strictObject({
  topic: nonEmpty.describe('What the row compares, e.g. "Public roads"'),
  golfCart: factIds('What the sources say of golf carts on this topic').min(1),
  lsv: factIds('What the sources say of LSVs on this topic').min(1),
});

/** The guide page, /street-legal-golf-carts-nj. */
const Guide = z.strictObject({
  title: nonEmpty.max(70).describe('The page title in the browser tab and in search results (the site name is added)'),
  heading: nonEmpty.max(80).describe('The heading at the top of the page'),
  description: nonEmpty.max(170).describe('The summary search engines show under the title'),
  intro: nonEmpty.describe('The paragraph under the heading'),
  published: z.iso.date().describe('The day the guide was first published (YYYY-MM-DD); the day it changed is the latest checked date of its facts'),
  comparison: z.array(Row).min(1).describe('Golf cart and LSV side by side, one row per topic'),
  afterBuying: factIds('What a buyer must do after buying an LSV, in order').min(1),
  unsettled: z
    .array(nonEmpty)
    .default([])
    .describe('What the sources leave open or contradict, in your own words: the page lists it under "What we could not confirm" and states no rule for it'),
});

const onlyTown = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].every((m) => m[1] === 'town');
const townTemplate = (what: string) =>
  nonEmpty.refine(onlyTown, 'the only placeholder here is {town}').describe(`${what}; {town} is replaced by the town's name`);

/** The street-use block of every town page (docs/product.md §Towns): the state rule, the clerk, the town's own rules. */
const TownPage = z.strictObject({
  rule: townTemplate('The state rule as it applies to a town ("your town" on the county page). Say only what the facts it rests on say'),
  ruleFacts: factIds('The facts the rule restates: their sources and checked dates are shown with it').min(1),
  noRecord: townTemplate('Shown when no ordinance of the town is recorded in data/towns.json'),
  askClerk: townTemplate("The line that sends the buyer to the town's clerk"),
  county: nonEmpty.describe("Shown on the county page in place of the town's lines: it sends the buyer to their own town's clerk"),
});

export const schema = z
  .strictObject({
    ...schemaRef,
    sources: z.array(Source).min(1).describe('Where the facts come from'),
    facts: z.array(Fact).min(1).describe('Each statement the pages make about street use, with its source and the day it was checked'),
    guide: Guide,
    townPage: TownPage,
  })
  .superRefine((data, ctx) => {
    const sourceIds = data.sources.map((source) => source.id);
    sourceIds.forEach((id, index) => {
      if (sourceIds.indexOf(id) !== index) ctx.addIssue({ code: 'custom', path: ['sources', index, 'id'], message: `the source id "${id}" is used twice` });
    });
    const factIdList = data.facts.map((fact) => fact.id);
    data.facts.forEach((fact, index) => {
      if (factIdList.indexOf(fact.id) !== index)
        ctx.addIssue({ code: 'custom', path: ['facts', index, 'id'], message: `the fact id "${fact.id}" is used twice` });
      if (!sourceIds.includes(fact.source)) {
        ctx.addIssue({ code: 'custom', path: ['facts', index, 'source'], message: `no source "${fact.source}" in sources (${sourceIds.join(', ')})` });
      }
    });
    const cited = (ids: readonly string[], path: (string | number)[]) =>
      ids.forEach((id, n) => {
        if (!factIdList.includes(id)) ctx.addIssue({ code: 'custom', path: [...path, n], message: `no fact "${id}" in facts` });
      });
    data.guide.comparison.forEach((row, index) => {
      cited(row.golfCart, ['guide', 'comparison', index, 'golfCart']);
      cited(row.lsv, ['guide', 'comparison', index, 'lsv']);
    });
    cited(data.guide.afterBuying, ['guide', 'afterBuying']);
    cited(data.townPage.ruleFacts, ['townPage', 'ruleFacts']);
  });

export type StreetUse = z.infer<typeof schema>;
export type StreetUseSource = z.infer<typeof Source>;
export type StreetUseFact = z.infer<typeof Fact>;
