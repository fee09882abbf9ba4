import { describe, expect, it } from 'vitest';
import { findCycles, importGraph, relativeImports } from '../../scripts/import-cycles.ts';

describe('import circles', () => {
  it('no module of src, functions, data/schemas or scripts imports itself again through others', () => {
    const graph = importGraph();
    expect(graph.get('src/lib/routing/redirects.ts')).toContain('src/lib/data/towns.ts');
    expect(findCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('finds a circle of three modules, once', () => {
    const graph = new Map([
      ['b.ts', ['c.ts']],
      ['a.ts', ['b.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
    ]);
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('reads static, type-only, re-export and dynamic imports, not data or styles', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "export { c } from './c';",
      "const d = await import('./d.tsx');",
      "import json from '../../data/towns.json';",
      "import '../styles/global.css';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(relativeImports(source)).toEqual(['./a.ts', '../b.ts', './c', './d.tsx']);
  });
});
