/**
 * Comments and test names cite the repository's own documents (docs/product.md §Section,
 * docs/decisions/<name>.md), never a document outside the repository or a work item. This
 * module finds the lines that break that rule and the citations that point nowhere.
 * Run it with `node scripts/check-citations.ts`; tests/unit/citations.test.ts runs it in `npm test`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Folders and files of code, data and tests (docs/ is where the citations point, so not here). */
export const CODE_ROOTS = [
  'src',
  'functions',
  'tests',
  'scripts',
  'data',
  'astro.config.mjs',
  'playwright.config.ts',
  'vitest.config.ts',
  'eslint.config.js',
  'netlify.toml',
];

const TEXT = /\.(ts|tsx|mts|js|mjs|astro|json|css|toml)$/;

// Built from parts so that this file does not match itself.
const SPECIFICATION = 'SP' + 'EC';
const RULINGS = 'DECI' + 'SIONS';
const FORBIDDEN: readonly { pattern: RegExp; why: string }[] = [
  { pattern: new RegExp(`\\b${SPECIFICATION}(\\.md)?\\b`), why: 'cites the old specification; cite docs/product.md §Section' },
  { pattern: new RegExp(RULINGS), why: 'cites the rulings document; cite docs/product.md §Section or docs/decisions/<name>.md' },
  { pattern: /\b[Ii]ssues?\s*#?\d+/, why: 'names a work item; name the behaviour' },
];

const CITATION = /docs\/product\.md\s*((?:,?\s*§[A-Z][A-Za-z]*(?: and [a-z]+| [a-z]+)*)+)/g;
const DECISION = /docs\/decisions\/([a-z0-9-]+\.md)/g;

export interface Problem {
  file: string;
  line: number;
  text: string;
  why: string;
}

function walk(path: string, files: string[]): string[] {
  if (!existsSync(path)) return files;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path)) if (name !== 'node_modules') walk(join(path, name), files);
  } else if (TEXT.test(path)) files.push(path);
  return files;
}

/** The section names (## headings) of docs/product.md. */
export function productSections(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^## (.+)$/gm)].map((m) => (m[1] ?? '').trim()));
}

/** Problems of one file's text: outside citations, and citations of sections or records that do not exist. */
export function citationProblems(file: string, text: string, sections: ReadonlySet<string>, decisionExists: (name: string) => boolean): Problem[] {
  const problems: Problem[] = [];
  text.split('\n').forEach((line, index) => {
    const at = (why: string) => problems.push({ file, line: index + 1, text: line.trim(), why });
    for (const { pattern, why } of FORBIDDEN) if (pattern.test(line)) at(why);
    for (const match of line.matchAll(CITATION)) {
      for (const cited of (match[1] ?? '').split('§').slice(1)) {
        const name = cited.replace(/[,\s]+$/, '');
        if (![...sections].some((s) => name === s || name.startsWith(`${s} `))) at(`cites docs/product.md §${name}, which has no such section`);
      }
    }
    for (const [, name = ''] of line.matchAll(DECISION)) if (!decisionExists(name)) at(`cites docs/decisions/${name}, which does not exist`);
  });
  return problems;
}

/** Every problem under the code roots of a checkout at `root`. */
export function repositoryProblems(root = '.'): Problem[] {
  const productPath = join(root, 'docs/product.md');
  const sections = productSections(existsSync(productPath) ? readFileSync(productPath, 'utf8') : '');
  const decisionExists = (name: string) => existsSync(join(root, 'docs/decisions', name));
  const self = new Set(['scripts/check-citations.ts', 'tests/unit/citations.test.ts']);
  return CODE_ROOTS.flatMap((entry) => walk(join(root, entry), []))
    .map((path) => relative(root, path))
    .filter((file) => !self.has(file))
    .flatMap((file) => citationProblems(file, readFileSync(join(root, file), 'utf8'), sections, decisionExists));
}

if (import.meta.main) {
  const problems = repositoryProblems();
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.why}\n    ${p.text}`);
  if (problems.length > 0) process.exit(1);
  console.log('citations: every comment and test cites the repository’s own documents');
}
