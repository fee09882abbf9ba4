import json from '../../../data/street-use.json';
import { schema } from '../../../data/schemas/street-use.ts';
import { parseDataFile } from '../data-file.ts';
import { checkedFacts, latestCheck } from '../guides/street-use.ts';
import { buildDay } from './build-day.ts';

/** New Jersey's street-use facts, each with its source and checked date (docs/product.md §Guides). */
export const streetUse = parseDataFile('street-use.json', schema, json);

const { guide } = streetUse;

/** The guide's comparison, row by row, each fact with its source and whether it is due for a new check. */
export const comparison = guide.comparison.map((row) => ({
  topic: row.topic,
  golfCart: checkedFacts(row.golfCart, streetUse, buildDay),
  lsv: checkedFacts(row.lsv, streetUse, buildDay),
}));

/** What a buyer must do after buying an LSV, in order. */
export const afterBuying = checkedFacts(guide.afterBuying, streetUse, buildDay);

/** The day the guide last changed: the latest check of the facts it shows. */
export const guideModified = latestCheck([...comparison.flatMap((row) => [...row.golfCart, ...row.lsv]), ...afterBuying]);
