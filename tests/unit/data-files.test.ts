import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataFileError, parseDataFile } from '../../src/lib/data-file.ts';
import { schema as dealerSchema } from '../../data/schemas/dealer.ts';
import { jsonSchemaFor, schemaModules } from '../../scripts/json-schemas.ts';

const dataDir = join(import.meta.dirname, '..', '..', 'data');
const dataFiles = readdirSync(dataDir).filter((file) => file.endsWith('.json'));
/** Folders of data/ that hold one file per entry (data/units/: one unit each). */
const dataFolders = readdirSync(dataDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'schemas')
  .map((entry) => entry.name);
const folderFiles = dataFolders.flatMap((folder) => readdirSync(join(dataDir, folder)).map((name) => `${folder}/${name}`));
const readJson = (file: string) => JSON.parse(readFileSync(join(dataDir, file), 'utf8')) as Record<string, unknown>;

describe('data files', () => {
  it('each data file and folder has a schema module and each schema module a data file or folder', () => {
    expect([...dataFiles.map((f) => f.replace(/\.json$/, '')), ...dataFolders].sort()).toEqual(schemaModules());
  });

  it.each(dataFiles)('%s points at its generated JSON Schema', (file) => {
    expect(readJson(file).$schema).toBe(`./schemas/${file.replace(/\.json$/, '')}.schema.json`);
  });

  it.each(folderFiles)('%s points at the JSON Schema of its folder', (file) => {
    expect(readJson(file).$schema).toBe(`../schemas/${file.split('/')[0]}.schema.json`);
  });

  it('holds only JSON files in its folders, as the admin writes them (2 spaces, a final line break)', () => {
    for (const file of [...dataFiles, ...folderFiles]) {
      expect(file).toMatch(/\.json$/);
      const text = readFileSync(join(dataDir, file), 'utf8');
      expect(text, file).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    }
  });

  it.each(schemaModules())('data/schemas/%s.schema.json is up to date (run npm run schemas)', async (name) => {
    const committed = readFileSync(join(dataDir, 'schemas', `${name}.schema.json`), 'utf8');
    expect(committed).toBe(await jsonSchemaFor(name));
  });

  it.each(schemaModules())('data/%s is valid', async (name) => {
    const { schema } = (await import(`../../data/schemas/${name}.ts`)) as { schema: Parameters<typeof parseDataFile>[1] };
    const files = dataFolders.includes(name) ? folderFiles.filter((file) => file.startsWith(`${name}/`)) : [`${name}.json`];
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(() => parseDataFile(file, schema, readJson(file))).not.toThrow();
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
