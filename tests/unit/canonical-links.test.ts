import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attributes, readHead } from './seo-audit.ts';

// docs/product.md §SEO: every internal link names the address a page gives as its canonical,
// so crawlers and visitors never pass through an alias (/inventory serves the inventory too,
// but its canonical, and every link to it, is /new-inventory).

const dist = join(import.meta.dirname, '..', '..', 'dist');

function builtPages(): Map<string, string> {
  if (!existsSync(join(dist, 'index.html'))) throw new Error('dist/ is missing: run `npm run build` before the unit tests');
  const pages = new Map<string, string>();
  for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'))) {
    const path = `/${file.replace(/\\/g, '/').replace(/\.html$/, '')}`.replace(/(^|\/)index$/, '$1') || '/';
    pages.set(path, readFileSync(join(dist, file), 'utf8'));
  }
  return pages;
}

/** Paths of the internal page links of a page: no query, no fragment, no files or API calls. */
function pageLinks(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*>/gi)]
    .map((tag) => attributes(tag[0]).href ?? '')
    .filter((href) => href.startsWith('/') && !href.startsWith('//'))
    .map((href) => new URL(href, 'https://site.invalid').pathname)
    .filter((path) => !/\.[a-z0-9]+$/i.test(path) && !path.startsWith('/api/'));
}

describe('internal links', () => {
  const pages = builtPages();
  const canonicalPath = (path: string) => {
    const href = readHead(pages.get(path) ?? '').canonicals[0];
    return href ? new URL(href).pathname : undefined;
  };

  it('point at built pages by the address each gives as canonical', () => {
    const wrong = new Map<string, Set<string>>();
    let links = 0;
    for (const [from, html] of pages) {
      for (const to of pageLinks(html)) {
        links++;
        const canonical = pages.has(to) ? canonicalPath(to) : undefined;
        if (canonical === to) continue;
        const problem = pages.has(to) ? `${to} (canonical ${canonical ?? 'none'})` : `${to} (no such page)`;
        wrong.set(problem, (wrong.get(problem) ?? new Set()).add(from));
      }
    }
    console.log(`canonical links: ${pages.size} pages, ${links} internal links`);
    expect(links).toBeGreaterThan(1000);
    expect([...wrong].map(([problem, from]) => `${problem} linked from ${[...from].slice(0, 3).join(', ')}`)).toEqual([]);
  });

  it('reach the inventory at /new-inventory, while /inventory still serves it with that canonical', () => {
    const home = pageLinks(pages.get('/') ?? '');
    expect(home).toContain('/new-inventory');
    expect(home).not.toContain('/inventory');
    expect(canonicalPath('/inventory')).toBe('/new-inventory');
  });
});
