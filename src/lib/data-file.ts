import { z } from 'zod';

/** Raised when an editor's JSON file does not match its schema; the message is for people. */
export class DataFileError extends Error {
  override name = 'DataFileError';
}

/** `["models", 3, "msrp"]` → `models[3].msrp` (the path as an editor reads it in the file). */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(top level)';
  return path
    .map((key, index) => {
      if (typeof key === 'number') return `[${key}]`;
      const name = String(key);
      return index === 0 ? name : `.${name}`;
    })
    .join('');
}

/** One readable line per problem: `data/dealer.json → phones.local.display: expected a string`. */
export function formatDataIssues(file: string, issues: readonly z.core.$ZodIssue[]): string {
  const lines = issues.map((issue) => `  • data/${file} → ${formatJsonPath(issue.path)}: ${issue.message}`);
  return `Invalid data file data/${file} (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n${lines.join('\n')}`;
}

/** Plain-English messages for the problems an editor is likely to make. */
const editorErrors: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `this field is required (expected ${article(issue.expected)})`;
      return `expected ${article(issue.expected)}, found ${describe(issue.input)}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => `"${k}"`).join(', ')} (check the spelling)`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      return issue.origin === 'string'
        ? `must not be empty${Number(issue.minimum) > 1 ? ` (at least ${issue.minimum} characters)` : ''}`
        : issue.origin === 'array'
          ? `needs at least ${issue.minimum} item${Number(issue.minimum) === 1 ? '' : 's'}`
          : `must be at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'array' ? `allows at most ${issue.maximum} items` : `must be at most ${issue.maximum}`;
    case 'invalid_format':
      return issue.format === 'url' ? 'must be a full web address starting with https://' : `is not a valid ${issue.format}`;
    default:
      return undefined;
  }
};

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${article(typeof value)} (${JSON.stringify(value)})`;
}

/**
 * Parses several editor-owned JSON files, each against its schema, and reports the problems of
 * every file at once in one DataFileError (so an editor fixes them in one go). `file` is the
 * path under data/, e.g. `units/evo-d5-maverick-4-white.json`.
 */
export function parseDataFiles<S extends z.ZodType>(files: readonly { file: string; schema: S; json: unknown }[]): z.output<S>[] {
  const problems: string[] = [];
  const parsed = files.map(({ file, schema, json }) => {
    const result = schema.safeParse(json, { error: editorErrors });
    if (!result.success) problems.push(formatDataIssues(file, result.error.issues));
    return result.success ? result.data : undefined;
  });
  if (problems.length > 0) throw new DataFileError(problems.join('\n'));
  return parsed as z.output<S>[];
}

/**
 * Parses one editor-owned JSON file against its schema. Throws a DataFileError naming the
 * file, each JSON path and a plain message, which stops `astro build` before any page is made.
 */
export function parseDataFile<S extends z.ZodType>(file: string, schema: S, json: unknown): z.output<S> {
  return parseDataFiles([{ file, schema, json }])[0]!;
}
