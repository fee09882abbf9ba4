import json from '../../../data/models.json';
import { schema } from '../../../data/schemas/models.ts';
import { parseDataFile } from '../data-file.ts';

export const { series, models, compareDefault } = parseDataFile('models.json', schema, json);
export type { Model, ModelBrand, ModelSpecs, Series, SpecKey } from '../../../data/schemas/models.ts';
