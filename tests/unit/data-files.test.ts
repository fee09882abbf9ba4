import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataFileError, parseDataFile } from '../../src/lib/data-file.ts';
import { schema as dealerSchema } from '../../data/schemas/dealer.ts';
import { jsonSchemaFor, schemaModules } from '../../scripts/json-schemas.ts';

const dataDir = join(import.meta.dirname, '..', '..', 'data');
const dataFiles = readdirSync(dataDir).filter((file) => file.endsWith('.json'));
const readJson = (file: string) => JSON.parse(readFileSync(join(dataDir, file), 'utf8')) as Record<string, unknown>;

describe('data files', () => {
  it('each data file has a schema module and each schema module a data file', () => {
    expect(dataFiles.map((f) => f.replace(/\.json$/, '')).sort()).toEqual(schemaModules());
  });

  it.each(dataFiles)('%s points at its generated JSON Schema', (file) => {
    expect(readJson(file).$schema).toBe(`./schemas/${file.replace(/\.json$/, '')}.schema.json`);
  });

  it.each(schemaModules())('data/schemas/%s.schema.json is up to date (run npm run schemas)', async (name) => {
    const committed = readFileSync(join(dataDir, 'schemas', `${name}.schema.json`), 'utf8');
    expect(committed).toBe(await jsonSchemaFor(name));
  });

  it.each(schemaModules())('data/%s.json is valid', async (name) => {
    const { schema } = (await import(`../../data/schemas/${name}.ts`)) as { schema: Parameters<typeof parseDataFile>[1] };
    expect(() => parseDataFile(`${name}.json`, schema, readJson(`${name}.json`))).not.toThrow();
  });
});

describe('a broken data file', () => {
  const broken = (mutate: (json: Record<string, any>) => void) => {
    const json = structuredClone(readJson('dealer.json')) as Record<string, any>;
    mutate(json);
    try {
      parseDataFile('dealer.json', dealerSchema, json);
    } catch (error) {
      expect(error).toBeInstanceOf(DataFileError);
      return (error as Error).message;
    }
    throw new Error('the broken copy was accepted');
  };

  it('names the file, the JSON path and the problem in plain words', () => {
    const message = broken((json) => {
      json.phones.local.e164 = 6095550142;
    });
    expect(message).toContain('data/dealer.json');
    expect(message).toContain('phones.local.e164');
    expect(message).toMatch(/expected a string, found a number/);
  });

  it('reports a missing field, an index path and an unknown key together', () => {
    const message = broken((json) => {
      delete json.name;
      json.hours.main[1].opens = '9am';
      json.phonez = {};
    });
    expect(message).toContain('3 problems');
    expect(message).toMatch(/→ name: this field is required/);
    expect(message).toContain('hours.main[1]');
    expect(message).toMatch(/unknown field "phonez"/);
  });

  it('explains a bad web address', () => {
    const message = broken((json) => {
      json.links.financing = 'financing.example.com';
    });
    expect(message).toMatch(/links\.financing: must be a full web address/);
  });
});
