import json from '../../../data/publishing.json';
import { schema } from '../../../data/schemas/publishing.ts';
import { parseDataFile } from '../data-file.ts';

export const publishing = parseDataFile('publishing.json', schema, json);
export type { Plan, PublishingSettings } from '../../../data/schemas/publishing.ts';
