/**
 * Finds import circles among the project's own modules: data flows one way (data → schemas →
 * src/lib → components → pages; functions import src/lib), so no module may reach itself again
 * through relative imports, type-only imports included. Run with `node scripts/import-cycles.ts`;
 * tests/unit/import-cycles.test.ts runs it in `npm test`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const CODE_ROOTS = ['src', 'functions', 'data/schemas', 'scripts'];
const CODE = /\.(ts|tsx|mts|js|mjs|astro)$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function walk(path: string, files: string[]): string[] {
  if (!existsSync(path)) return files;
  if (statSync(path).isDirectory()) for (const name of readdirSync(path)) walk(join(path, name), files);
  else if (CODE.test(path)) files.push(path);
  return files;
}

/** The relative imports of a module's source that name code (not JSON, CSS or images). */
export function relativeImports(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((m) => m[1] ?? '').filter((spec) => CODE.test(spec) || !/\.[a-z0-9]+$/i.test(spec));
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(p) && statSync(p).isFile());
}

/** Each circle once, as the list of modules in import order, starting from its first module in sort order. */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const cycle = stack.slice(stack.indexOf(next));
        const start = cycle.indexOf([...cycle].sort()[0] ?? next);
        const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
        cycles.set(rotated.join(' → '), rotated);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return [...cycles.values()];
}

/** The import graph of a checkout's own modules, keyed by path relative to `root`. */
export function importGraph(root = '.'): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of CODE_ROOTS.flatMap((dir) => walk(join(root, dir), []))) {
    const targets = relativeImports(readFileSync(file, 'utf8')).flatMap((spec) => {
      const target = resolveImport(file, spec);
      return target ? [relative(root, target)] : [];
    });
    graph.set(relative(root, file), targets);
  }
  return graph;
}

if (import.meta.main) {
  const cycles = findCycles(importGraph());
  for (const cycle of cycles) console.error(`import circle: ${[...cycle, cycle[0]].join(' → ')}`);
  if (cycles.length > 0) process.exit(1);
  console.log('imports: no circles');
}
