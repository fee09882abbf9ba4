/**
 * Writes the table of every environment variable into docs/go-live.md (§Every variable) from
 * src/lib/settings/variables.ts, between its markers, then formats the file as `npm run fix`
 * would. tests/unit/settings.test.ts fails when the table and the list differ.
 *
 *   npm run settings:table
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AREAS, VARIABLE_NAMES, VARIABLES, type Variable, type VariableName } from '../src/lib/settings/variables.ts';

export const TABLE_START = '<!-- variables:start (npm run settings:table writes this table) -->';
export const TABLE_END = '<!-- variables:end -->';
export const GO_LIVE = join(import.meta.dirname, '..', 'docs', 'go-live.md');

/** A variable's row: name, area, who reads it, required in production, default, what happens without it. */
export function tableRow(name: VariableName): string[] {
  const variable: Variable = VARIABLES[name];
  const required = variable.required
    ? '**required**'
    : variable.testsOnly
      ? 'tests only'
      : variable.readBy === 'your machine' || variable.readBy === 'Netlify sets it'
        ? ''
        : 'optional';
  return [`\`${name}\``, AREAS[variable.area], variable.readBy, required, variable.default ?? '', variable.without];
}

export const TABLE_HEAD = ['variable', 'for', 'read by (scope)', 'in production', 'default', 'without it'];

export function variablesTable(): string {
  const line = (cells: string[]) => `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(TABLE_HEAD), line(TABLE_HEAD.map(() => '---')), ...VARIABLE_NAMES.map((name) => line(tableRow(name)))].join('\n');
}

/** The cells of each row of the table between the markers of `markdown` (the header and rule left out). */
export function tableRows(markdown: string): string[][] {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start) return [];
  return markdown
    .slice(start + TABLE_START.length, end)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim().replaceAll('\\|', '|')),
    );
}

if (import.meta.main) {
  const text = readFileSync(GO_LIVE, 'utf8');
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`docs/go-live.md has no ${TABLE_START} … ${TABLE_END}`);
  writeFileSync(GO_LIVE, `${text.slice(0, start + TABLE_START.length)}\n\n${variablesTable()}\n\n${text.slice(end)}`);
  const prettier = spawnSync('prettier', ['--write', GO_LIVE], { stdio: 'inherit' });
  if (prettier.status !== 0) process.exit(prettier.status ?? 1);
  console.log(`docs/go-live.md: the table of ${VARIABLE_NAMES.length} variables.`);
}
