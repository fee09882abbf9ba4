import { describe, expect, it } from 'vitest';
import { citationProblems, productSections, repositoryProblems } from '../../scripts/check-citations.ts';

const sections = productSections('# Product\n\n## Inquiry\n\ntext\n\n## Showroom and about\n');
const records = (name: string) => name === 'data-loader.md';
const whys = (line: string) => citationProblems('x.ts', line, sections, records).map((p) => p.why);

describe('citations in code, data and tests', () => {
  it('every comment and test name cites the repository’s own documents, and every cited section exists', () => {
    expect(repositoryProblems()).toEqual([]);
  });

  it('accepts a citation of an existing section or decision record', () => {
    expect(whys('// the messages (docs/product.md §Inquiry, §Showroom and about)')).toEqual([]);
    expect(whys('/** one loader (docs/decisions/data-loader.md) */')).toEqual([]);
    expect(whys('const SPEC_KEYS = specs.keyof().options;')).toEqual([]);
  });

  it('flags the old specification, the rulings document and work items', () => {
    const outside = ['SP' + 'EC 5', 'SP' + 'EC.md', 'DECI' + 'SIONS.md', 'is' + 'sue 7 pages'];
    for (const line of outside) expect(whys(`// ${line}`), line).toHaveLength(1);
  });

  it('flags a section or record that does not exist', () => {
    expect(whys('// docs/product.md §Inquiries')).toEqual(['cites docs/product.md §Inquiries, which has no such section']);
    expect(whys('// docs/decisions/nothing.md')).toEqual(['cites docs/decisions/nothing.md, which does not exist']);
  });
});
