import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';

export const schemasDir = join(import.meta.dirname, '..', 'data', 'schemas');

/** Every data/schemas/<name>.ts that exports `schema` describes data/<name>.json. */
export function schemaModules(): string[] {
  return readdirSync(schemasDir)
    .filter((file) => file.endsWith('.ts') && file !== 'common.ts')
    .map((file) => basename(file, '.ts'))
    .sort();
}

/** The JSON Schema text for data/<name>.json, as written to data/schemas/<name>.schema.json. */
export async function jsonSchemaFor(name: string): Promise<string> {
  const module = (await import(pathToFileURL(join(schemasDir, `${name}.ts`)).href)) as { schema?: z.ZodType };
  if (!module.schema) throw new Error(`data/schemas/${name}.ts must export "schema"`);
  const jsonSchema = z.toJSONSchema(module.schema, { io: 'input', unrepresentable: 'any' });
  return `${JSON.stringify({ title: `data/${name}.json`, ...jsonSchema }, null, 2)}\n`;
}
