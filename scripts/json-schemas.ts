import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';

export const schemasDir = join(import.meta.dirname, '..', 'data', 'schemas');

/** Every data/schemas/<name>.ts that exports `schema` describes data/<name>.json, or each file of the folder data/<name>/. */
export function schemaModules(): string[] {
  return readdirSync(schemasDir)
    .filter((file) => file.endsWith('.ts') && file !== 'common.ts')
    .map((file) => basename(file, '.ts'))
    .sort();
}

/** What data/schemas/<name>.ts describes: `data/<name>.json` or, for a folder, `data/<name>/*.json`. */
export function dataPathOf(name: string): string {
  return existsSync(join(schemasDir, '..', name)) ? `data/${name}/*.json` : `data/${name}.json`;
}

/** The JSON Schema text for data/<name>.json (or a file of data/<name>/), as written to data/schemas/<name>.schema.json. */
export async function jsonSchemaFor(name: string): Promise<string> {
  const module = (await import(pathToFileURL(join(schemasDir, `${name}.ts`)).href)) as { schema?: z.ZodType };
  if (!module.schema) throw new Error(`data/schemas/${name}.ts must export "schema"`);
  const jsonSchema = z.toJSONSchema(module.schema, { io: 'input', unrepresentable: 'any' });
  return `${JSON.stringify({ title: dataPathOf(name), ...jsonSchema }, null, 2)}\n`;
}
