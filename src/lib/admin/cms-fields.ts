/**
 * The admin's fields (Sveltia CMS) from the data files' zod schemas, through JSON Schema: one
 * source of truth for what an editor may type and what the build accepts
 * (docs/decisions/admin-from-schemas.md). Pure: schemas in, field definitions out.
 *
 * Each JSON Schema node becomes one field: strings (with their pattern and length), numbers
 * (integer or not, with their bounds), booleans, choices (enum: radio buttons or a list to pick
 * from), dates, images, lists, objects, and records of text (label and value pairs). What JSON
 * Schema cannot say comes from a small table of hints (long text, labels, defaults).
 */
import type { Field } from '@sveltia/cms';
import { z } from 'zod';

/** The JSON Schema subset z.toJSONSchema writes for our schemas, with the messages of patterns added. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: (string | number | boolean | null)[];
  const?: string | number | boolean | null;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  description?: string;
  default?: unknown;
  /** The message zod gives when the pattern does not match (added by jsonSchemaOf). */
  'x-pattern-message'?: string;
}

/** The JSON Schema of a data file's zod schema, as `npm run schemas` writes it, plus the messages of its patterns. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override(ctx) {
      const checks = (ctx.zodSchema as unknown as { _zod: { def: { checks?: { _zod: { def: { format?: string; error?: (issue: unknown) => unknown } } }[] } } })
        ._zod.def.checks;
      for (const check of checks ?? []) {
        const def = check._zod.def;
        if (def.format !== 'regex' || typeof def.error !== 'function') continue;
        const message = def.error({});
        if (typeof message === 'string') (ctx.jsonSchema as JsonSchema)['x-pattern-message'] = message;
      }
    },
  }) as JsonSchema;
}

/** What JSON Schema cannot say about a field: per field name, wherever it appears. */
export interface FieldHints {
  /** Field names whose text is long (several sentences): a text area instead of one line. */
  longText: ReadonlySet<string>;
  /** Labels other than the field name written out ("e164" → "Dialled number"). */
  labels: Readonly<Record<string, string>>;
  /** Where a file's images are uploaded and how their path is written, by JSON path ("photos.src"). */
  media?: Readonly<Record<string, { media_folder: string; public_folder: string }>>;
  /** Values a new entry starts with, by field name (top level of the file). */
  defaults?: Readonly<Record<string, unknown>>;
  /** Options of a list of objects, by field name: the summary line of each item, its thumbnail. */
  lists?: Readonly<Record<string, { summary?: string; thumbnail?: string; label_singular?: string }>>;
}

/** "stockNumber" → "Stock number"; "e164" → "E164". */
export function labelOf(name: string, hints: Pick<FieldHints, 'labels'>): string {
  const known = hints.labels[name];
  if (known) return known;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "on-hold" → "On hold"; numbers and booleans as written. */
export function optionLabel(value: string | number | boolean | null): string {
  const text = String(value).replace(/[-_]+/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Whether a string node is an image path under /images/ (data/schemas/common.ts `imageSrc`). */
function isImage(node: JsonSchema): boolean {
  return (node.anyOf ?? []).some((branch) => branch.type === 'string' && branch.pattern?.startsWith('^\\/images\\/'));
}

/** Whether a string node is a calendar date written YYYY-MM-DD. */
function isDate(node: JsonSchema): boolean {
  return node.type === 'string' && (node.format === 'date' || node.pattern === '^\\d{4}-\\d{2}-\\d{2}$');
}

const isObject = (node: JsonSchema) => node.type === 'object' && node.properties !== undefined;

/** The property every branch of a union of objects fixes to a constant of its own (zod's discriminated union), if any. */
export function discriminatorOf(branches: readonly JsonSchema[]): string | undefined {
  if (!branches.every(isObject)) return undefined;
  const first = branches[0]?.properties ?? {};
  return Object.keys(first).find((key) =>
    branches.every((branch) => {
      const property = branch.properties?.[key];
      return property?.const !== undefined || property?.enum?.length === 1;
    }),
  );
}

/**
 * A union of objects without a discriminator as one object: every property of any branch,
 * required only where every branch requires it. The build checks which combination is valid.
 */
export function mergedObject(branches: readonly JsonSchema[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const branch of branches) Object.assign(properties, branch.properties);
  const required = Object.keys(properties).filter((key) => branches.every((branch) => branch.required?.includes(key)));
  return { type: 'object', properties, required };
}

/** Numbers an editor may type: an exclusive bound becomes the next integer or cent. */
export function numberBounds(node: JsonSchema): { min?: number; max?: number } {
  const step = node.type === 'integer' ? 1 : 0.01;
  const min = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + step : undefined);
  const max = node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - step : undefined);
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

interface Context {
  hints: FieldHints;
  /** The JSON path of the field inside its file, with list items as nothing: "photos.src". */
  path: string;
}

function common(name: string, node: JsonSchema, required: boolean, context: Context) {
  return {
    name,
    label: labelOf(name, context.hints),
    ...(node.description ? { hint: node.description } : {}),
    ...(required ? {} : { required: false }),
  };
}

function stringRules(node: JsonSchema) {
  return {
    ...(node.pattern ? { pattern: [node.pattern, node['x-pattern-message'] ?? `must match ${node.pattern}`] as [string, string] } : {}),
    ...(node.minLength !== undefined && node.minLength > 1 ? { minlength: node.minLength } : {}),
    ...(node.maxLength !== undefined ? { maxlength: node.maxLength } : {}),
  };
}

/** How many choices Sveltia shows as radio buttons rather than a list (its `dropdown_threshold` default). */
const RADIO_CHOICES = 5;

/** The field for one property of an object (or the item of a list, named like the list). */
export function fieldOf(name: string, node: JsonSchema, required: boolean, context: Context): Field {
  const base = common(name, node, required, context);
  const branches = node.anyOf ?? node.oneOf;
  if (branches && isImage(node)) {
    return { ...base, widget: 'image', choose_url: true, ...(context.hints.media?.[context.path] ?? {}) } as Field;
  }
  if (branches && branches.every((branch) => branch.type === 'object')) {
    const key = discriminatorOf(branches);
    if (key) {
      return {
        ...base,
        widget: 'object',
        typeKey: key,
        types: branches.map((branch) => {
          const value = String(branch.properties?.[key]?.const ?? branch.properties?.[key]?.enum?.[0]);
          const rest = { ...branch, properties: Object.fromEntries(Object.entries(branch.properties ?? {}).filter(([property]) => property !== key)) };
          return { name: value, label: optionLabel(value), widget: 'object', fields: fieldsOf(rest, context) };
        }),
      } as Field;
    }
    return { ...base, widget: 'object', fields: fieldsOf(mergedObject(branches), context) } as Field;
  }
  if (node.enum) {
    return {
      ...base,
      widget: 'select',
      options: node.enum.map((value) => ({ label: optionLabel(value), value })),
      // Sveltia shows up to 5 choices as radio buttons (one tap on a phone) and adds a "(None)"
      // choice to an optional one: a choice of 5 that may be left empty keeps its radio buttons.
      ...(!required && node.enum.length <= RADIO_CHOICES ? { dropdown_threshold: node.enum.length + 1 } : {}),
    } as Field;
  }
  if (node.const !== undefined) return { ...base, widget: 'hidden', default: node.const } as Field;
  if (isDate(node)) return { ...base, widget: 'datetime', type: 'date', ...stringRules(node) } as Field;
  switch (node.type) {
    case 'string':
      if (node.format === 'uri') return { ...base, widget: 'string', type: 'url' } as Field;
      if (node.format === 'email')
        return {
          ...base,
          widget: 'string',
          type: 'email',
          ...stringRules({ ...node, 'x-pattern-message': node['x-pattern-message'] ?? 'must be an e-mail address' }),
        } as Field;
      return { ...base, widget: context.hints.longText.has(name) ? 'text' : 'string', ...stringRules(node) } as Field;
    case 'integer':
    case 'number':
      return { ...base, widget: 'number', value_type: node.type === 'integer' ? 'int' : 'float', ...numberBounds(node) } as Field;
    case 'boolean':
      return { ...base, widget: 'boolean' } as Field;
    case 'array':
      return listOf(name, node, base, context);
    case 'object':
      if (node.properties) return { ...base, widget: 'object', fields: fieldsOf(node, context) } as Field;
      // A record of text or numbers: label and value pairs.
      return { ...base, widget: 'keyvalue', key_label: 'Label', value_label: 'Value' } as Field;
    default:
      throw new Error(`${context.path}: no admin field for the JSON Schema ${JSON.stringify(node).slice(0, 120)}`);
  }
}

function listOf(name: string, node: JsonSchema, base: ReturnType<typeof common>, context: Context): Field {
  const items = node.items ?? {};
  const limits = { ...(node.minItems !== undefined ? { min: node.minItems } : {}), ...(node.maxItems !== undefined ? { max: node.maxItems } : {}) };
  // A list of choices: pick several.
  if (items.enum) {
    return { ...base, widget: 'select', multiple: true, options: items.enum.map((value) => ({ label: optionLabel(value), value })), ...limits } as Field;
  }
  const options = context.hints.lists?.[name] ?? {};
  const item = fieldOf(name, items, true, context);
  if ('fields' in item && item.widget === 'object') return { ...base, widget: 'list', ...options, fields: item.fields, ...limits } as Field;
  if ('types' in item && item.widget === 'object') return { ...base, widget: 'list', ...options, typeKey: item.typeKey, types: item.types, ...limits } as Field;
  const { label: _label, hint: _hint, required: _required, ...single } = item as Field & { hint?: string; required?: boolean };
  // A list of single values (e.g. the import's column names under "photos") has no fields for a
  // summary or a thumbnail to name: a hint meant for a list of objects of the same name stays out.
  const { summary: _summary, thumbnail: _thumbnail, ...singleOptions } = options;
  return { ...base, widget: 'list', ...singleOptions, field: { ...single, label: labelOf(name, context.hints) }, ...limits } as Field;
}

/** The fields of an object node, in the schema's order (the order the files keep). */
export function fieldsOf(node: JsonSchema, context: Context): Field[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).map(([name, property]) => {
    if (name === '$schema') return { name, widget: 'hidden' } as Field;
    const path = context.path ? `${context.path}.${name}` : name;
    return fieldOf(name, property, required.has(name), { ...context, path });
  });
}
