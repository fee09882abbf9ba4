/**
 * Where the code reads the environment (tests/unit/settings.test.ts): every environment
 * variable is read in one place, the settings module (src/lib/settings/), so a read anywhere
 * else is a mistake, and every name the code reads is listed in .env.example. Writes stay
 * allowed (a script that sets a variable for the code it runs), and so does handing the whole
 * environment to a child process (`{ ...process.env }`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The code that runs: the site, the functions, the scripts and the build's config (tests are not code that runs). */
export const CODE_ROOTS = ['src', 'functions', 'scripts', 'astro.config.mjs'];
export const SETTINGS_MODULE = 'src/lib/settings/';
const CODE = /\.(ts|tsx|mts|js|mjs|astro)$/;

export interface EnvRead {
  file: string;
  line: number;
  /** The variable, or null when the name is computed. */
  name: string | null;
  text: string;
}

const ASSIGNED = /^\s*(?:=(?!=)|\+=|\?\?=)/;

/**
 * Every read of the environment in one module's source: `process.env.X`, `process.env['X']`,
 * `process.env[name]`, the whole `process.env` handed on, `env.X` / `source.X` of an environment
 * passed in, `Netlify.env.get('X')` and `import.meta.env.X`.
 */
export function envReads(source: string, file = ''): EnvRead[] {
  const reads: EnvRead[] = [];
  const lines = source.split('\n');
  lines.forEach((text, index) => {
    const add = (name: string | null) => reads.push({ file, line: index + 1, name, text: text.trim() });
    if (/^\s*(\/\/|\*|\/\*)/.test(text)) return; // a comment
    for (const match of text.matchAll(/process\.env(?:\??\.([A-Za-z_]\w*)|\[\s*(['"]?)([^\]'"]+)\2\s*\])?/g)) {
      const at = match.index;
      const after = text.slice(at + match[0].length);
      const before = text.slice(0, at);
      const name = match[1] ?? (match[2] ? match[3] : undefined);
      const dynamic = match[3] !== undefined && !match[2];
      if (match[1] === undefined && match[3] === undefined) {
        // The whole environment: spread into a child's, or the target of Object.assign, is a write.
        if (/\.\.\.\s*$/.test(before) || /Object\.assign\(\s*$/.test(before)) continue;
        add(null);
        continue;
      }
      if (/\bdelete\s+$/.test(before)) continue;
      if (ASSIGNED.test(after) && !/^\s*\?\?=/.test(after)) continue;
      add(dynamic ? null : (name ?? null));
    }
    for (const match of text.matchAll(/(?<![\w.$])(?:env|source)\??\.([A-Z][A-Z0-9_]+)\b/g)) {
      if (ASSIGNED.test(text.slice(match.index + match[0].length))) continue;
      add(match[1] ?? null);
    }
    for (const match of text.matchAll(/(?<![\w.$])(?:env|source)\[/g)) {
      const rest = text.slice(match.index + match[0].length);
      const close = rest.indexOf(']');
      if (close >= 0 && ASSIGNED.test(rest.slice(close + 1))) continue;
      add(null);
    }
    for (const match of text.matchAll(/Netlify\.env\.get\(\s*['"]([A-Z][A-Z0-9_]*)['"]/g)) add(match[1] ?? null);
    for (const match of text.matchAll(/import\.meta\.env\.([A-Za-z_]\w*)/g)) add(match[1] ?? null);
  });
  return reads;
}

/** The names the settings module is asked for by name: setting(env, 'X'), check(env, 'X', …), optional(env, 'X', …), tool('X'). */
export function namedSettings(source: string): string[] {
  const names = [
    ...source.matchAll(/\b(?:setting|check|optional(?:<[^>]*>)?)\(\s*\w+\s*,\s*'([A-Z][A-Z0-9_]+)'/g),
    ...source.matchAll(/\btool\(\s*'([A-Z][A-Z0-9_]+)'/g),
  ];
  return names.map((match) => match[1] ?? '');
}

function walk(path: string, files: string[]): string[] {
  if (!existsSync(path)) return files;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path)) if (name !== 'node_modules') walk(join(path, name), files);
  } else if (CODE.test(path) && !/\.test\.ts$/.test(path)) files.push(path);
  return files;
}

/** The code's modules, relative to `root`. */
export function codeFiles(root = '.'): string[] {
  return CODE_ROOTS.flatMap((entry) => walk(join(root, entry), []))
    .map((file) => relative(root, file))
    .sort();
}

/** Every read of the environment outside the settings module, and the names the code asks the settings module for. */
export function scanCode(root = '.'): { outside: EnvRead[]; named: { file: string; name: string }[] } {
  const outside: EnvRead[] = [];
  const named: { file: string; name: string }[] = [];
  for (const file of codeFiles(root)) {
    const source = readFileSync(join(root, file), 'utf8');
    named.push(...namedSettings(source).map((name) => ({ file, name })));
    if (!file.startsWith(SETTINGS_MODULE)) outside.push(...envReads(source, file));
  }
  return { outside, named };
}

/** The names .env.example lists: `NAME=` lines, commented or not, and the `# NAME   what it is` lines of the variables Netlify sets. */
export function exampleNames(text: string): string[] {
  return text.split('\n').flatMap((line) => {
    const match = /^#?\s*([A-Z][A-Z0-9_]+)(?:=|\s{2,}\S)/.exec(line);
    return match?.[1] ? [match[1]] : [];
  });
}
