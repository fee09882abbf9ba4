/**
 * How alike a set of pages reads (docs/product.md §Towns): the words of each page's main
 * content cut into overlapping 5-word shingles, and the Jaccard similarity of two pages' sets
 * (shared shingles over all shingles of the two). Search engines treat pages that are mostly
 * the same text as doorway pages. Pure: the build integration reads the pages.
 */

export const SHINGLE_WORDS = 5;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text a visitor reads in the page's `<main>`: no markup, scripts, styles or comments. */
export function mainText(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  return main
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|template|noscript)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
}

/** Lower-case words (letters, digits, and the $ , . inside figures such as $1,050). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}$]+(?:[.,'’-][\p{L}\p{N}]+)*/gu) ?? [];
}

/** The distinct runs of `size` consecutive words. */
export function shingles(text: string, size = SHINGLE_WORDS): Set<string> {
  const list = words(text);
  const set = new Set<string>();
  for (let i = 0; i + size <= list.length; i++) set.add(list.slice(i, i + size).join(' '));
  return set;
}

/** Shared shingles over all shingles of the two sets (1 for two empty sets). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const shingle of small) if (large.has(shingle)) shared++;
  return shared / (a.size + b.size - shared);
}

export interface PairSimilarity {
  a: string;
  b: string;
  similarity: number;
}

export interface SimilarityReport {
  pages: number;
  /** Median similarity over every pair of pages. */
  median: number;
  /** The most alike pairs, most alike first. */
  worst: PairSimilarity[];
  /** Median share of a page's shingles no other page of the set has. */
  ownShare: number;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? 0 : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Every pair of the pages (name → main text) compared; `worst` keeps the `keep` most alike pairs. */
export function similarityReport(pages: ReadonlyMap<string, string>, keep = 5): SimilarityReport {
  const sets = [...pages].map(([name, text]) => ({ name, set: shingles(text) }));
  const pairs: PairSimilarity[] = [];
  for (let i = 0; i < sets.length; i++) {
    for (let j = i + 1; j < sets.length; j++) pairs.push({ a: sets[i]!.name, b: sets[j]!.name, similarity: jaccard(sets[i]!.set, sets[j]!.set) });
  }
  const seen = new Map<string, number>();
  for (const { set } of sets) for (const shingle of set) seen.set(shingle, (seen.get(shingle) ?? 0) + 1);
  const own = sets.map(({ set }) => (set.size === 0 ? 0 : [...set].filter((shingle) => seen.get(shingle) === 1).length / set.size));
  return {
    pages: sets.length,
    median: median(pairs.map((pair) => pair.similarity)),
    worst: [...pairs].sort((x, y) => y.similarity - x.similarity).slice(0, keep),
    ownShare: median(own),
  };
}

/** The town pages' target (docs/product.md §Towns): median similarity at most this, from computed facts alone. */
export const TOWN_SIMILARITY_TARGET = 0.45;

const fixed = (n: number) => n.toFixed(3);

/** The report as the build prints it: one line of figures, then the most alike pairs. */
export function formatSimilarityReport(report: SimilarityReport, target = TOWN_SIMILARITY_TARGET): string[] {
  return [
    `${report.pages} pages, 5-word shingles of <main>: median similarity ${fixed(report.median)} (target ≤ ${target}${report.median > target ? ', ABOVE TARGET' : ''}), median share of a page no other page has ${(report.ownShare * 100).toFixed(0)}%`,
    ...report.worst.map((pair) => `  ${fixed(pair.similarity)}  ${pair.a}  ${pair.b}`),
  ];
}
