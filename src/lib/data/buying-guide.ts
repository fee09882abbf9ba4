import json from '../../../data/buying-guide.json';
import { schema } from '../../../data/schemas/buying-guide.ts';
import { DataFileError, parseDataFile } from '../data-file.ts';
import { checkedFacts, latestCheck } from '../guides/street-use.ts';
import { buildDay } from './build-day.ts';
import { streetUse } from './street-use.ts';

/** The buying guide's texts (docs/product.md §Guides). */
export const buyingGuide = parseDataFile('buying-guide.json', schema, json);

const unknown = buyingGuide.streetLegal.facts.flatMap((id, index) =>
  streetUse.facts.some((fact) => fact.id === id) ? [] : [`  • data/buying-guide.json → streetLegal.facts[${index}]: no fact "${id}" in data/street-use.json`],
);
if (unknown.length > 0) throw new DataFileError(`Invalid data file data/buying-guide.json:\n${unknown.join('\n')}`);

/** The street-use facts its street-legal section shows, with their sources and checks. */
export const streetLegalFacts = checkedFacts(buyingGuide.streetLegal.facts, streetUse, buildDay);

/** The day the guide last changed: its advice's date or the latest check of the facts it shows. */
export const buyingGuideModified = latestCheck([{ checked: buyingGuide.updated }, ...streetLegalFacts]);
