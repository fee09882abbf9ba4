/**
 * The built-HTML SEO audit: reads the <head> of every page and reports what a crawler would
 * trip over. Used by seo-built-pages.test.ts (on dist/) and seo-audit.test.ts (on fixtures).
 */

export interface BuiltPage {
  /** Site path the page is served at, e.g. "/" or "/bass-river-township-golf-carts". */
  path: string;
  html: string;
}

export interface AuditOptions {
  /** The configured site origin, e.g. https://www.example.com. */
  site: string;
  /** Pages that serve another page's content and name it as canonical (path → canonical path). */
  alternates: Readonly<Record<string, string>>;
}

export interface PageHead {
  lang: string | undefined;
  titles: string[];
  meta: Record<string, string>[];
  canonicals: string[];
  jsonLd: string[];
}

const REQUIRED_SOCIAL = [
  'og:title',
  'og:description',
  'og:url',
  'og:image',
  'og:type',
  'og:site_name',
  'twitter:card',
  'twitter:title',
  'twitter:description',
  'twitter:image',
];

export function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The attributes of one start tag, names lowercased, values decoded. */
export function attributes(tag: string): Record<string, string> {
  const body = tag.replace(/^<[a-z0-9-]+/i, '').replace(/\/?>$/, '');
  const out: Record<string, string> = {};
  for (const m of body.matchAll(/([^\s"'=<>`/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = m[1]?.toLowerCase();
    if (name) out[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return out;
}

export function readHead(html: string): PageHead {
  const head = /<head\b[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  const htmlTag = /<html\b[^>]*>/i.exec(html)?.[0];
  return {
    lang: htmlTag ? attributes(htmlTag).lang : undefined,
    titles: [...head.matchAll(/<title\b[^>]*>([\s\S]*?)<\/title>/gi)].map((m) => decodeEntities(m[1] ?? '').trim()),
    meta: [...head.matchAll(/<meta\b[^>]*>/gi)].map((m) => attributes(m[0])),
    canonicals: [...head.matchAll(/<link\b[^>]*>/gi)]
      .map((m) => attributes(m[0]))
      .filter((a) => a.rel?.split(/\s+/).includes('canonical'))
      .map((a) => a.href ?? ''),
    jsonLd: [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter((m) => /application\/ld\+json/i.test(m[1] ?? '')).map((m) => m[2] ?? ''),
  };
}

const metaValues = (head: PageHead, key: string) => head.meta.filter((m) => m.name === key || m.property === key).map((m) => m.content ?? '');

export const isNoindex = (head: PageHead) => metaValues(head, 'robots').some((v) => /noindex/i.test(v));

/** The absolute URL of a site path on the configured origin (no trailing slash but the root). */
export const siteUrl = (path: string, site: string) => new URL(path, site).href;

/** Every problem of every page; an empty list means the site passes. */
export function auditPages(pages: readonly BuiltPage[], options: AuditOptions): string[] {
  const problems: string[] = [];
  const origin = new URL(options.site).origin;
  const seen = { title: new Map<string, string>(), description: new Map<string, string>(), canonical: new Map<string, string>() };
  const unique = (kind: keyof typeof seen, value: string, path: string) => {
    const other = seen[kind].get(value);
    if (other) problems.push(`${path}: duplicate ${kind} ${JSON.stringify(value)} (also on ${other})`);
    else seen[kind].set(value, path);
  };

  for (const { path, html } of pages) {
    const head = readHead(html);
    const report = (message: string) => problems.push(`${path}: ${message}`);

    if (!head.lang) report('missing lang on <html>');

    if (head.titles.length !== 1) report(`${head.titles.length} <title> elements (want 1)`);
    const title = head.titles[0] ?? '';
    if (head.titles.length && !title) report('empty <title>');

    const descriptions = metaValues(head, 'description');
    if (descriptions.length !== 1) report(`${descriptions.length} meta descriptions (want 1)`);
    const description = descriptions[0] ?? '';
    if (descriptions.length && !description.trim()) report('empty meta description');

    if (head.canonicals.length !== 1) report(`${head.canonicals.length} canonical links (want 1)`);
    const canonical = head.canonicals[0] ?? '';
    let canonicalPath: string | undefined;
    if (canonical) {
      try {
        const url = new URL(canonical);
        if (url.origin !== origin) report(`canonical ${canonical} is not on the configured site ${origin}`);
        canonicalPath = url.pathname;
      } catch {
        report(`canonical ${JSON.stringify(canonical)} is not an absolute URL`);
      }
    }
    const expectedCanonical = options.alternates[path] ?? path;
    if (canonicalPath !== undefined && canonicalPath !== expectedCanonical)
      report(`canonical ${canonical} should be ${siteUrl(expectedCanonical, options.site)}`);

    for (const key of REQUIRED_SOCIAL) {
      const values = metaValues(head, key);
      if (values.length !== 1) report(`${values.length} ${key} tags (want 1)`);
      else if (!values[0]?.trim()) report(`empty ${key}`);
    }
    const ogUrl = metaValues(head, 'og:url')[0];
    if (ogUrl && canonical && ogUrl !== canonical) report(`og:url ${ogUrl} differs from the canonical ${canonical}`);
    for (const key of ['og:image', 'twitter:image']) {
      const image = metaValues(head, key)[0];
      if (image && !/^https?:\/\//.test(image)) report(`${key} ${image} is not an absolute URL`);
    }

    head.jsonLd.forEach((block, index) => {
      try {
        const data = JSON.parse(block) as unknown;
        const items = Array.isArray(data) ? data : [data];
        for (const item of items) {
          if (typeof item !== 'object' || item === null || !('@type' in item) || !('@context' in item || '@graph' in item)) {
            report(`JSON-LD block ${index + 1} has no @context/@type`);
          }
        }
      } catch (error) {
        report(`JSON-LD block ${index + 1} does not parse: ${(error as Error).message}`);
      }
    });

    // A page that serves another page's content shares its title, description and canonical.
    if (options.alternates[path]) continue;
    if (title) unique('title', title, path);
    if (description) unique('description', description, path);
    if (canonical) unique('canonical', canonical, path);
  }
  return problems;
}

/**
 * The sitemap must list every public page once: each URL a built, indexable page on the site
 * whose canonical is itself, and every such page listed.
 */
export function auditSitemap(locs: readonly string[], pages: readonly BuiltPage[], options: AuditOptions): string[] {
  const problems: string[] = [];
  const origin = new URL(options.site).origin;
  const byPath = new Map(pages.map((p) => [p.path, readHead(p.html)]));
  const listed = new Set<string>();
  for (const loc of locs) {
    let url: URL;
    try {
      url = new URL(loc);
    } catch {
      problems.push(`sitemap: ${JSON.stringify(loc)} is not an absolute URL`);
      continue;
    }
    if (url.origin !== origin) problems.push(`sitemap: ${loc} is not on ${origin}`);
    if (listed.has(url.pathname)) problems.push(`sitemap: ${loc} is listed twice`);
    listed.add(url.pathname);
    const head = byPath.get(url.pathname);
    if (!head) problems.push(`sitemap: ${loc} is not a built page`);
    else if (isNoindex(head)) problems.push(`sitemap: ${loc} is marked noindex`);
    else if (options.alternates[url.pathname]) problems.push(`sitemap: ${loc} is an alternate of ${options.alternates[url.pathname]}`);
  }
  for (const [path, head] of byPath) {
    if (!listed.has(path) && !isNoindex(head) && !options.alternates[path]) problems.push(`sitemap: the public page ${path} is missing`);
  }
  return problems;
}
