import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envReads, exampleNames, namedSettings, scanCode, SETTINGS_MODULE } from '../../scripts/env-reads.ts';
import { GO_LIVE, tableRow, tableRows } from '../../scripts/settings-table.ts';
import { VARIABLE_NAMES } from '../../src/lib/settings/variables.ts';

/**
 * Every environment variable is read in one place, the settings module, and is listed in
 * .env.example and in docs/go-live.md's table (docs/go-live.md §Every variable).
 */

const root = join(import.meta.dirname, '..', '..');
const example = exampleNames(readFileSync(join(root, '.env.example'), 'utf8'));
const duplicates = (names: string[]) => names.filter((name, index) => names.indexOf(name) !== index);

describe('the environment, read in one place', () => {
  it('.env.example lists every variable of the settings module, once, and no other', () => {
    expect(duplicates(example)).toEqual([]);
    expect(
      VARIABLE_NAMES.filter((name) => !example.includes(name)),
      'read by the code, missing from .env.example',
    ).toEqual([]);
    expect(
      example.filter((name) => !(VARIABLE_NAMES as string[]).includes(name)),
      'in .env.example, read by no code',
    ).toEqual([]);
  });

  it('no code outside src/lib/settings/ reads the environment (src, functions, scripts, astro.config.mjs)', () => {
    const { outside } = scanCode(root);
    expect(outside.map((read) => `${read.file}:${read.line} ${read.text}`)).toEqual([]);
  });

  it('every variable the code asks the settings module for is listed in .env.example', () => {
    const { named } = scanCode(root);
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter(({ name }) => !example.includes(name)).map(({ file, name }) => `${file}: ${name}`)).toEqual([]);
  });

  it('inside the settings module, only read.ts touches the environment itself; every other module asks it by name', () => {
    const dir = join(root, SETTINGS_MODULE);
    const modules = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'read.ts');
    expect(modules.length).toBeGreaterThan(8);
    for (const name of modules) expect(envReads(readFileSync(join(dir, name), 'utf8'), name), name).toEqual([]);
    const read = envReads(readFileSync(join(dir, 'read.ts'), 'utf8'), 'read.ts');
    expect(read.map((found) => found.text)).toEqual(['return process.env;', 'const value = env[name]?.trim();']);
  });

  it('the scan finds every way of reading a variable, and lets writes and a child’s copy of the environment pass', () => {
    const source = [
      'const a = process.env.FOO;',
      "const b = process.env['BAR'] ?? 'x';",
      'const c = process.env[name];',
      'run(process.env);',
      'const d = env.QUX?.trim();',
      'function f(source) { return source.LEADS_TO; }',
      "const e = Netlify.env.get('NET');",
      'const g = import.meta.env.PUBLIC_X;',
      'process.env.PORT ??= "1";',
      "process.env.SET = 'on';",
      'delete process.env.GONE;',
      "spawn(cmd, { env: { ...process.env, CI: '1' } });",
      'Object.assign(process.env, { A: "1" });',
      "env[stage.served] = 'http://localhost';",
      'const h = stage.env?.NOT_THE_ENVIRONMENT;',
      '// process.env.IN_A_COMMENT',
    ].join('\n');
    expect(envReads(source).map((read) => read.name)).toEqual(['FOO', 'BAR', null, null, 'QUX', 'LEADS_TO', 'NET', 'PUBLIC_X', 'PORT']);
    expect(namedSettings("setting(env, 'SITE_URL'); optional<number>(env, 'RECEIPTS', s, 1, w); tool('RUNS'); check(env, name, s)")).toEqual([
      'SITE_URL',
      'RECEIPTS',
      'RUNS',
    ]);
  });
});

describe('docs/go-live.md', () => {
  it('its table has a row for every variable, as src/lib/settings/variables.ts describes it (npm run settings:table)', () => {
    const rows = tableRows(readFileSync(GO_LIVE, 'utf8'));
    expect(rows).toEqual(VARIABLE_NAMES.map(tableRow));
    const listed = rows.map((row) => row[0]?.replaceAll('`', ''));
    expect(example.filter((name) => !listed.includes(name))).toEqual([]);
  });
});
