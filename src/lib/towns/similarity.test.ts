import { describe, expect, it } from 'vitest';
import { jaccard, mainText, shingles, similarityReport, words } from './similarity.ts';

describe('page similarity (docs/product.md §Towns)', () => {
  it('reads the text of <main> only, without markup, scripts or comments', () => {
    const html =
      '<header>Menu</header><main id="main"><h1>Golf &amp; carts</h1><!-- x --><script>var a</script><p>in <b>Delran</b></p></main><footer>Foot</footer>';
    expect(words(mainText(html))).toEqual(['golf', 'carts', 'in', 'delran']);
  });

  it('keeps figures whole as words', () => {
    expect(words('Delivery $1,050 (38 miles), 2-3 weeks.')).toEqual(['delivery', '$1,050', '38', 'miles', '2-3', 'weeks']);
  });

  it('compares the sets of 5-word shingles: shared over all', () => {
    const a = shingles('one two three four five six');
    expect([...a]).toEqual(['one two three four five', 'two three four five six']);
    expect(jaccard(a, shingles('one two three four five seven'))).toBeCloseTo(1 / 3);
    expect(jaccard(a, a)).toBe(1);
  });

  it('reports the median over every pair, the most alike pairs and the share of each page no other has', () => {
    const common = 'we sell service and rent electric golf carts across the whole county every day';
    const report = similarityReport(
      new Map([
        ['/a', `${common} alpha beta gamma delta epsilon`],
        ['/b', `${common} zeta eta theta iota kappa`],
        ['/c', common],
      ]),
      2,
    );
    expect(report.pages).toBe(3);
    expect(report.worst.map((pair) => `${pair.a} ${pair.b}`)).toEqual(['/a /c', '/b /c']);
    expect(report.median).toBeCloseTo(report.worst[1]!.similarity);
    expect(report.ownShare).toBeGreaterThan(0);
  });
});
