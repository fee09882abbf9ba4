import { describe, expect, it } from 'vitest';
import { attributes, auditPages, auditSitemap, readHead, type BuiltPage } from './seo-audit.ts';

const site = 'https://www.example.com';
const options = { site, alternates: { '/inventory': '/new-inventory' } };

function page(
  path: string,
  {
    title = `Title of ${path}`,
    description = `About ${path}.`,
    canonical = `${site}${path}`,
    extraHead = '',
    lang = 'en-US',
    jsonLd = ['{"@context":"https://schema.org","@type":"WebPage"}'],
  } = {},
): BuiltPage {
  const social = ['og:title', 'og:description', 'og:url', 'og:image', 'og:type', 'og:site_name']
    .map((p) => `<meta property="${p}" content="${p === 'og:url' ? canonical : p === 'og:image' ? `${site}/i.png` : 'x'}">`)
    .join('');
  const twitter = ['twitter:card', 'twitter:title', 'twitter:description', 'twitter:image']
    .map((n) => `<meta name="${n}" content="${n === 'twitter:image' ? `${site}/i.png` : 'x'}">`)
    .join('');
  const scripts = jsonLd.map((j) => `<script type="application/ld+json">${j}</script>`).join('');
  return {
    path,
    html: `<!doctype html><html${lang ? ` lang="${lang}"` : ''}><head><title>${title}</title><meta name="description" content="${description}"><link rel="canonical" href="${canonical}">${social}${twitter}${scripts}${extraHead}</head><body><svg><title>icon</title></svg></body></html>`,
  };
}

describe('the SEO audit', () => {
  it('passes a clean site', () => {
    expect(auditPages([page('/'), page('/rentals')], options)).toEqual([]);
  });

  it('fails on a missing title, description or canonical', () => {
    const broken = page('/a');
    const html = broken.html
      .replace(/<title>.*?<\/title>/, '')
      .replace(/<meta name="description"[^>]*>/, '')
      .replace(/<link rel="canonical"[^>]*>/, '');
    const problems = auditPages([{ ...broken, html }], options);
    expect(problems).toContain('/a: 0 <title> elements (want 1)');
    expect(problems).toContain('/a: 0 meta descriptions (want 1)');
    expect(problems).toContain('/a: 0 canonical links (want 1)');
  });

  it('fails on duplicated titles, descriptions and canonicals across pages', () => {
    const problems = auditPages(
      [page('/a', { title: 'Same', description: 'Same.' }), page('/b', { title: 'Same', description: 'Same.', canonical: `${site}/a` })],
      options,
    );
    expect(problems).toContain('/b: duplicate title "Same" (also on /a)');
    expect(problems).toContain('/b: duplicate description "Same." (also on /a)');
    expect(problems).toContain(`/b: duplicate canonical "${site}/a" (also on /a)`);
    expect(problems).toContain(`/b: canonical ${site}/a should be ${site}/b`);
  });

  it('fails on two titles in one head, a relative canonical and one on another origin', () => {
    expect(auditPages([page('/a', { extraHead: '<title>Again</title>' })], options)).toContain('/a: 2 <title> elements (want 1)');
    expect(auditPages([page('/a', { canonical: '/a' })], options)).toContain('/a: canonical "/a" is not an absolute URL');
    expect(auditPages([page('/a', { canonical: 'https://other.example.org/a' })], options)).toContain(
      '/a: canonical https://other.example.org/a is not on the configured site https://www.example.com',
    );
  });

  it('fails on JSON-LD that does not parse', () => {
    const problems = auditPages([page('/a', { jsonLd: ['{"@type": "Thing",}'] })], options);
    expect(problems.some((p) => p.startsWith('/a: JSON-LD block 1 does not parse'))).toBe(true);
  });

  it('fails on a missing lang and missing social tags', () => {
    const bare = page('/a', { lang: '' });
    const problems = auditPages([{ ...bare, html: bare.html.replace(/<meta property="og:image"[^>]*>/, '') }], options);
    expect(problems).toContain('/a: missing lang on <html>');
    expect(problems).toContain('/a: 0 og:image tags (want 1)');
  });

  it('accepts the declared alternate /inventory sharing the /new-inventory canonical', () => {
    const inventory = page('/new-inventory', { title: 'Inventory', description: 'Carts.' });
    const alias = page('/inventory', { title: 'Inventory', description: 'Carts.', canonical: `${site}/new-inventory` });
    expect(auditPages([inventory, alias], options)).toEqual([]);
  });

  it('reads head tags only from <head>, with entities decoded', () => {
    const head = readHead(page('/a', { title: 'Carts &amp; LSVs' }).html);
    expect(head.titles).toEqual(['Carts & LSVs']);
    expect(attributes('<meta name="description" content="A &quot;quoted&quot; &#39;text&#39;">')).toEqual({
      name: 'description',
      content: `A "quoted" 'text'`,
    });
  });
});

describe('the sitemap audit', () => {
  const pages = [
    page('/'),
    page('/rentals'),
    page('/new-inventory'),
    page('/inventory', { canonical: `${site}/new-inventory` }),
    page('/404', { extraHead: '<meta name="robots" content="noindex, follow">' }),
  ];

  it('passes when every public page is listed once', () => {
    expect(auditSitemap([`${site}/`, `${site}/rentals`, `${site}/new-inventory`], pages, options)).toEqual([]);
  });

  it('fails on a missing page, a duplicate, a noindex page, an alternate and a page that does not exist', () => {
    const problems = auditSitemap([`${site}/`, `${site}/`, `${site}/404`, `${site}/inventory`, `${site}/nowhere`], pages, options);
    expect(problems).toEqual([
      `sitemap: ${site}/ is listed twice`,
      `sitemap: ${site}/404 is marked noindex`,
      `sitemap: ${site}/inventory is an alternate of /new-inventory`,
      `sitemap: ${site}/nowhere is not a built page`,
      'sitemap: the public page /rentals is missing',
      'sitemap: the public page /new-inventory is missing',
    ]);
  });
});
