// The admin and the schemas agree (docs/decisions/admin-from-schemas.md): every field of every data
// file is in the admin with a widget for its kind of value, and the admin asks for what the build
// asks for (required, pattern, limits, choices). Checked against the JSON Schemas `npm run schemas`
// writes beside each zod schema, and against zod itself with the real data files.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CmsConfig, Field } from '@sveltia/cms';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { PHOTO_TRANSFORMATION, UNIT_SLUG, WIDEST_IMAGE } from '../../src/lib/admin/cms-config.ts';
import type { JsonSchema } from '../../src/lib/admin/cms-fields.ts';
import { adminConfig, adminSchemas } from '../../src/lib/admin/site-config.ts';
import { repositoryOfUrl } from '../../src/lib/settings/github.ts';
import { changesOnSave } from '../../src/lib/admin/unit-save.ts';
import { IMAGE_SLOTS } from '../../src/lib/images.ts';

const root = join(import.meta.dirname, '..', '..');
const config = adminConfig as unknown as Omit<CmsConfig, 'collections'> & {
  collections: (Record<string, unknown> & { name: string; fields?: Field[]; files?: { name: string; file: string; fields: Field[] }[] })[];
};
const jsonSchema = (name: string) => JSON.parse(readFileSync(join(root, 'data', 'schemas', `${name}.schema.json`), 'utf8')) as JsonSchema;
const schemaNames = readdirSync(join(root, 'data', 'schemas'))
  .filter((file) => file.endsWith('.ts') && file !== 'common.ts')
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();

/** The fields the admin has for data/<name>.json (or each file of data/<name>/). */
function adminFields(name: string): Field[] | undefined {
  const folder = config.collections.find((collection) => collection.name === name && 'folder' in collection);
  if (folder) return folder.fields;
  return config.collections.flatMap((collection) => collection.files ?? []).find((file) => file.file === `data/${name}.json`)?.fields;
}

type Kind = 'text' | 'number' | 'boolean' | 'list' | 'object' | 'choice';
/** What kind of value a JSON Schema node holds, read from the JSON Schema alone. */
function kindOf(node: JsonSchema): Kind {
  const branches = node.anyOf ?? node.oneOf;
  if (branches) return branches.every((branch) => branch.type === 'object') ? 'object' : kindOf(branches[0] ?? {});
  if (node.enum) return 'choice';
  if (node.type === 'integer' || node.type === 'number') return 'number';
  if (node.type === 'array') return node.items?.enum ? 'choice' : 'list';
  return (node.type as Kind | 'string') === 'string' ? 'text' : (node.type as Kind);
}
const WIDGETS: Record<Kind, string[]> = {
  text: ['string', 'text', 'image', 'datetime', 'hidden'],
  number: ['number'],
  boolean: ['boolean'],
  list: ['list'],
  object: ['object', 'keyvalue'],
  choice: ['select'],
};

/** The properties of an object node, a union of objects counting every branch's. */
function propertiesOf(node: JsonSchema): { properties: Record<string, JsonSchema>; required: Set<string>; discriminator?: string } {
  const branches = (node.anyOf ?? node.oneOf ?? [node]).filter((branch) => branch.type === 'object');
  const properties: Record<string, JsonSchema> = {};
  for (const branch of branches) Object.assign(properties, branch.properties);
  const required = new Set(Object.keys(properties).filter((key) => branches.every((branch) => branch.required?.includes(key))));
  const discriminator =
    branches.length > 1 ? Object.keys(properties).find((key) => branches.every((branch) => branch.properties?.[key]?.const !== undefined)) : undefined;
  return { properties, required, ...(discriminator ? { discriminator } : {}) };
}

/** Every disagreement between a JSON Schema node and the admin's field for it, as "path: what". */
function disagreements(path: string, node: JsonSchema, field: Field & Record<string, unknown>, required: boolean): string[] {
  const problems: string[] = [];
  const say = (what: string) => problems.push(`${path}: ${what}`);
  if (field.widget === 'hidden') return path.endsWith('$schema') ? [] : [`${path}: hidden`];
  const kind = kindOf(node);
  if (!WIDGETS[kind].includes(String(field.widget))) say(`widget ${String(field.widget)} for ${kind}`);
  if ((field.required !== false) !== required) say(`required ${field.required !== false} in the admin, ${required} in the schema`);
  const branches = node.anyOf ?? node.oneOf;
  const text = branches ? undefined : node;
  if (text?.pattern !== (field.pattern as [string, string] | undefined)?.[0])
    say(`pattern ${String((field.pattern as string[] | undefined)?.[0])} ≠ ${text?.pattern}`);
  if (text?.maxLength !== field.maxlength) say(`maxlength ${String(field.maxlength)} ≠ ${text?.maxLength}`);
  if (kind === 'choice') {
    const values = (node.enum ?? node.items?.enum ?? []).map(String);
    const options = ((field.options as { value: unknown }[] | undefined) ?? []).map((option) => String(option.value));
    if (options.join('|') !== values.join('|')) say(`choices ${options.join(', ')} ≠ ${values.join(', ')}`);
  }
  if (kind === 'number') {
    const step = node.type === 'integer' ? 1 : 0.01;
    if ((field.value_type === 'int') !== (node.type === 'integer')) say(`value type ${String(field.value_type)} for ${String(node.type)}`);
    const min = field.min as number | undefined;
    const max = field.max as number | undefined;
    // The admin's bounds are the first and last values the schema accepts at the field's step.
    if (
      node.minimum !== undefined
        ? min !== node.minimum
        : node.exclusiveMinimum !== undefined
          ? !(min! > node.exclusiveMinimum && min! - step <= node.exclusiveMinimum)
          : min !== undefined
    )
      say(`min ${String(min)} for ${JSON.stringify({ minimum: node.minimum, exclusiveMinimum: node.exclusiveMinimum })}`);
    if (node.maximum !== undefined ? max !== node.maximum : node.exclusiveMaximum !== undefined ? !(max! < node.exclusiveMaximum) : max !== undefined)
      say(`max ${String(max)} for ${JSON.stringify({ maximum: node.maximum, exclusiveMaximum: node.exclusiveMaximum })}`);
  }
  if (kind === 'list' || (kind === 'choice' && node.type === 'array')) {
    if (field.min !== node.minItems) say(`at least ${String(field.min)} items ≠ ${node.minItems}`);
    if (field.max !== node.maxItems) say(`at most ${String(field.max)} items ≠ ${node.maxItems}`);
    if (kind === 'list') {
      const item = node.items ?? {};
      if (field.fields || field.types) problems.push(...objectDisagreements(`${path}[]`, item, field as Field & Record<string, unknown>));
      else if (field.field) problems.push(...disagreements(`${path}[]`, item, field.field as Field & Record<string, unknown>, true));
      else say('a list without a field for its items');
    }
  }
  if (kind === 'object' && field.widget === 'object') problems.push(...objectDisagreements(path, node, field));
  if (kind === 'object' && field.widget === 'keyvalue' && (node.properties || typeof node.additionalProperties !== 'object'))
    say('key-value pairs for an object with fields');
  return problems;
}

/** An object node against an object field (or the item fields of a list): the same properties, in order, each agreeing. */
function objectDisagreements(path: string, node: JsonSchema, field: Field & Record<string, unknown>): string[] {
  const { properties, required, discriminator } = propertiesOf(node);
  if (discriminator) {
    const types = (field.types as { name: string; fields: Field[] }[] | undefined) ?? [];
    if (field.typeKey !== discriminator) return [`${path}: type key ${String(field.typeKey)} ≠ ${discriminator}`];
    return (node.anyOf ?? node.oneOf ?? []).flatMap((branch) => {
      const value = String(branch.properties?.[discriminator]?.const);
      const type = types.find((candidate) => candidate.name === value);
      if (!type) return [`${path}: no type "${value}"`];
      const rest = { ...branch, properties: Object.fromEntries(Object.entries(branch.properties ?? {}).filter(([key]) => key !== discriminator)) };
      return fieldListDisagreements(`${path}<${value}>`, rest.properties, new Set(rest.required), type.fields);
    });
  }
  return fieldListDisagreements(path, properties, required, (field.fields as Field[] | undefined) ?? []);
}

function fieldListDisagreements(path: string, properties: Record<string, JsonSchema>, required: Set<string>, fields: readonly Field[]): string[] {
  const names = fields.map((field) => field.name);
  if (names.join(',') !== Object.keys(properties).join(','))
    return [`${path || '(file)'}: fields ${names.join(', ')} ≠ properties ${Object.keys(properties).join(', ')}`];
  return fields.flatMap((field) =>
    disagreements(
      path ? `${path}.${field.name}` : field.name,
      properties[field.name] ?? {},
      field as Field & Record<string, unknown>,
      required.has(field.name),
    ),
  );
}

describe('the admin configuration', () => {
  it('is valid for Sveltia CMS (its own JSON Schema of the configuration)', () => {
    const schema = JSON.parse(readFileSync(join(root, 'node_modules', '@sveltia', 'cms', 'schema', 'sveltia-cms.json'), 'utf8')) as object;
    const validate = new Ajv({ allErrors: true, strict: false, logger: false }).compile(schema);
    const valid = validate(JSON.parse(JSON.stringify(adminConfig)));
    expect(validate.errors?.map((error) => `${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`) ?? [], 'configuration errors').toEqual([]);
    expect(valid).toBe(true);
  });

  it("names in a list's summary and thumbnail only fields its items have (Sveltia refuses the whole configuration otherwise)", () => {
    const problems: string[] = [];
    const walk = (fields: readonly Field[], where: string) => {
      for (const field of fields) {
        const path = `${where}.${field.name}`;
        const options = field as Field & { thumbnail?: string; summary?: string; fields?: Field[]; field?: Field };
        const itemFields = new Set((options.fields ?? []).map((item) => item.name));
        if (options.thumbnail && !itemFields.has(options.thumbnail)) problems.push(`${path}: thumbnail "${options.thumbnail}"`);
        for (const [, name] of (options.summary ?? '').matchAll(/\{\{fields\.([\w.]+)/g))
          if (!itemFields.has(name!.split('.')[0]!)) problems.push(`${path}: summary names "${name}"`);
        if (options.fields) walk(options.fields, path);
      }
    };
    for (const name of schemaNames) walk(adminFields(name) ?? [], name);
    expect(problems).toEqual([]);
  });

  it('has every data file of data/schemas/, and only those', () => {
    expect(adminSchemas.map((data) => data.name).sort()).toEqual(schemaNames);
    for (const name of schemaNames) expect(adminFields(name), name).toBeDefined();
    expect(config.collections[0]?.name).toBe('units');
  });

  it('has every field of every data file with a widget for its kind, and the same required fields, patterns, limits and choices', () => {
    const problems = schemaNames.flatMap((name) => {
      const node = jsonSchema(name);
      return fieldListDisagreements(name, node.properties ?? {}, new Set(node.required), adminFields(name) ?? []);
    });
    expect(problems).toEqual([]);
  });

  it('asks for what the build asks for: without any field the admin requires, the real data file fails its schema', async () => {
    for (const data of adminSchemas) {
      const file = data.folder ? join(root, 'data', data.name, readdirSync(join(root, 'data', data.name))[0] ?? '') : join(root, 'data', `${data.name}.json`);
      const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      expect(data.schema.safeParse(json).success, file).toBe(true);
      for (const field of adminFields(data.name) ?? []) {
        if ((field as { required?: boolean }).required === false || field.widget === 'hidden') continue;
        const { [field.name]: _left, ...without } = json;
        expect(data.schema.safeParse(without).success, `${file} without ${field.name}`).toBe(false);
      }
    }
  });
});

describe('the units in the admin', () => {
  const units = config.collections.find((collection) => collection.name === 'units') as Record<string, unknown> & { fields: Field[] };

  it('are the files of data/units/, named by name and stock number, with photos in public/images/units/<id>/ shrunk to the widest slot', () => {
    expect(units).toMatchObject({
      folder: 'data/units',
      format: 'json',
      extension: 'json',
      slug: UNIT_SLUG,
      media_folder: '/public/images/units/{{filename}}',
    });
    expect(units.public_folder).toBe('/images/units/{{filename}}');
    expect(units.fields[1]).toMatchObject({ name: 'status', widget: 'select', options: [{ value: 'available' }, { value: 'on-hold' }, { value: 'sold' }] });
    expect(WIDEST_IMAGE).toBe(Math.max(...Object.values(IMAGE_SLOTS).flatMap((slot) => slot.widths)));
    expect(config.media_libraries?.default).toEqual({ config: { transformations: { raster_image: { ...PHOTO_TRANSFORMATION } } } });
    expect(PHOTO_TRANSFORMATION).toMatchObject({ format: 'webp', width: WIDEST_IMAGE, height: WIDEST_IMAGE });
    expect(config.output).toMatchObject({ omit_empty_optional_fields: true, json: { indent_style: 'space', indent_size: 2 } });
  });

  it('start new as an available new cart listed today', () => {
    const defaults = Object.fromEntries(units.fields.flatMap((field) => ('default' in field ? [[field.name, field.default]] : [])));
    expect(defaults).toMatchObject({
      $schema: '../schemas/units.schema.json',
      status: 'available',
      condition: 'new',
      isNew: true,
      inStock: true,
      listedDate: '{{now}}',
    });
  });

  it('get the sold date of the day they are saved as sold, keep one they have, and drop it with any other status', () => {
    const get = (data: Record<string, unknown>) => (field: string) => data[field];
    expect(changesOnSave('units', get({ status: 'sold', soldDate: '' }), '2026-11-24')).toEqual({ set: { soldDate: '2026-11-24' }, remove: [] });
    expect(changesOnSave('units', get({ status: 'sold', soldDate: '2026-11-20' }), '2026-11-24')).toEqual({ set: {}, remove: [] });
    expect(changesOnSave('units', get({ status: 'on-hold', soldDate: '2026-11-20', featured: false }), '2026-11-24')).toEqual({
      set: {},
      remove: ['soldDate', 'featured'],
    });
    expect(changesOnSave('dealer', get({ status: 'sold' }), '2026-11-24')).toEqual({ set: {}, remove: [] });
  });
});

describe('the repository the admin commits to', () => {
  it('is read from the address Netlify gives the build', () => {
    expect(repositoryOfUrl('https://github.com/dealer/golf-cart-site')).toBe('dealer/golf-cart-site');
    expect(repositoryOfUrl('git@github.com:dealer/golf-cart-site.git')).toBe('dealer/golf-cart-site');
    expect(repositoryOfUrl('https://gitlab.com/dealer/site')).toBeUndefined();
  });
});
