import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Field } from '@sveltia/cms';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { cmsConfig } from './cms-config.ts';
import { adminSchemas } from './site-config.ts';

// The stores in the admin (docs/product.md §Stores): a collection of their own, and a unit's
// store a choice among them once there are several.
const root = join(import.meta.dirname, '..', '..', '..');
const options = { repo: 'dealer/site', branch: 'main', siteUrl: 'https://www.dealer.test' };
type Collection = { name: string; folder?: string; fields: Field[] } & Record<string, unknown>;
const collections = (storeCount: number) => cmsConfig(adminSchemas, { ...options, storeCount }).collections as unknown as Collection[];
const storeField = (storeCount: number) =>
  collections(storeCount)
    .find((collection) => collection.name === 'units')!
    .fields.find((field) => field.name === 'store');

describe('the stores in the admin', () => {
  it('are the files of data/stores/, after the units, each new one pointing at its JSON Schema', () => {
    const [units, stores] = collections(1);
    expect(units?.name).toBe('units');
    expect(stores).toMatchObject({ name: 'stores', folder: 'data/stores', format: 'json', extension: 'json', identifier_field: 'name' });
    expect(stores?.fields.map((field) => field.name)).toEqual([
      '$schema',
      'name',
      'storeCode',
      'address',
      'geo',
      'phones',
      'texts',
      'hours',
      'inboxes',
      'main',
      'googlePlaceId',
    ]);
    expect(stores?.fields[0]).toMatchObject({ widget: 'hidden', default: '../schemas/stores.schema.json' });
    // Whether its number takes texts (docs/product.md §Text us): a switch that may stay unset, which the schema reads as off.
    expect(stores?.fields.find((field) => field.name === 'texts')).toMatchObject({ widget: 'boolean', required: false });
  });

  it("offer a unit's store as a choice among the stores when there are several, and as its slug when there is one", () => {
    expect(storeField(1)).toMatchObject({ widget: 'string', required: false });
    expect(storeField(2)).toMatchObject({ widget: 'relation', collection: 'stores', value_field: '{{slug}}', search_fields: ['name'] });
    // Left empty, the unit is on the main store's lot: adding a store does not make every unit incomplete.
    expect(storeField(2)).toMatchObject({ required: false });
  });

  it('is a valid Sveltia CMS configuration with several stores', () => {
    const schema = JSON.parse(readFileSync(join(root, 'node_modules', '@sveltia', 'cms', 'schema', 'sveltia-cms.json'), 'utf8')) as object;
    const validate = new Ajv({ allErrors: true, strict: false, logger: false }).compile(schema);
    validate(JSON.parse(JSON.stringify(cmsConfig(adminSchemas, { ...options, storeCount: 2 }))));
    expect(validate.errors?.map((error) => `${error.instancePath} ${error.message}`) ?? []).toEqual([]);
  });
});
