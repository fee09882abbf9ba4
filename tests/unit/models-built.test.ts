import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brands } from '../../src/lib/data/brands.ts';
import { dealer } from '../../src/lib/data/dealer.ts';
import { navigation } from '../../src/lib/data/navigation.ts';
import { allModels, fullName, modelSlugs } from '../../src/lib/models/models.ts';

const dist = join(import.meta.dirname, '..', '..', 'dist');
if (!existsSync(join(dist, 'vehicles.html'))) throw new Error('dist/vehicles.html is missing: run `npm run build` before the unit tests');

/** Every JSON-LD block of a built page, parsed. */
const jsonLdBlocks = (html: string): Record<string, any>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? ''));
const read = (file: string) => readFileSync(join(dist, file), 'utf8');
const attr = (html: string, pattern: RegExp) => html.match(pattern)?.[1];
const hrefs = (html: string) => [...html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)].map((m) => (m[1] ?? '').replaceAll('&amp;', '&'));
const srcs = (html: string) => [...html.matchAll(/<img\b[^>]*\ssrc="([^"]*)"/g)].map((m) => m[1] ?? '');

/** Pages other areas build, as the site navigation and brand list declare them. */
const declared = new Set(
  [...navigation.header, ...navigation.footer.flatMap((g) => g.links)].map((l) => l.href).concat(brands.flatMap((b) => (b.page ? [b.page] : []))),
);

/** The built file a site path is served from (build.format 'file'), or the public file itself. */
function builtFile(path: string): string {
  return path === '/' ? 'index.html' : /\.[a-z0-9]+$/i.test(path) ? path.slice(1) : `${path.slice(1)}.html`;
}

/** An internal link resolves when its page was built, or, for a page another area builds, when the site declares it. */
function resolves(href: string): boolean {
  const { pathname } = new URL(href, 'https://site.test');
  if (existsSync(join(dist, builtFile(pathname)))) return true;
  const ownArea = pathname === '/compare' || pathname === '/vehicles' || pathname.startsWith('/vehicles/');
  return !ownArea && declared.has(pathname);
}

const pages = [...modelSlugs.map((slug) => `vehicles/${slug}.html`), 'vehicles.html', 'compare.html'];

describe('built model pages', () => {
  it.each(modelSlugs)('/vehicles/%s is built with its canonical URL, Product (ProductModel when unpriced) and BreadcrumbList', (slug) => {
    const html = read(`vehicles/${slug}.html`);
    const model = allModels.find((m) => m.slug === slug)!;
    expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toMatch(new RegExp(`^https?://[^/]+/vehicles/${slug}$`));
    expect(attr(html, /<h1[^>]*>([^<]+)<\/h1>/)).toBe(fullName(model));
    const blocks = jsonLdBlocks(html);
    const product = blocks.find((b) => b['@type'] === (model.msrp === undefined ? 'ProductModel' : 'Product'));
    expect(product?.model).toBe(model.name);
    expect(product?.brand.name).toBe(fullName(model).split(' ')[0]);
    expect(product?.offers?.price).toBe(model.msrp);
    const crumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList');
    expect(crumbs?.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      'Home',
      'Vehicles',
      model.brand === 'denago' ? 'Denago' : 'Evolution',
      model.name,
    ]);
    expect(attr(html, /<meta name="keywords" content="([^"]+)"/)).toContain(fullName(model));
  });

  it('gives each page its own title and description', () => {
    const heads = modelSlugs.map((slug) => read(`vehicles/${slug}.html`));
    expect(new Set(heads.map((h) => attr(h, /<title>([^<]+)<\/title>/))).size).toBe(23);
    expect(new Set(heads.map((h) => attr(h, /<meta name="description" content="([^"]+)"/))).size).toBe(23);
  });

  it('hydrates only its photo gallery, on first touch, and loads no script file at first view', () => {
    for (const slug of modelSlugs) {
      const html = read(`vehicles/${slug}.html`);
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      const islands = [...main.matchAll(/<astro-island[^>]*>/g)].map((m) => m[0]);
      expect(islands, slug).toHaveLength(1);
      expect(islands[0], slug).toMatch(/component-url="\/_astro\/Gallery\.[\w-]+\.js"/);
      expect(islands[0], slug).toContain('client="interaction"');
      expect(/<script[^>]+\ssrc=/.test(html), slug).toBe(false);
    }
  });

  it.each(pages)('every internal link and image of %s resolves', (file) => {
    const html = read(file);
    const internal = hrefs(html).filter((href) => href.startsWith('/'));
    expect(internal.length).toBeGreaterThan(10);
    expect(internal.filter((href) => !resolves(href))).toEqual([]);
    // The images this area adds (the shared header's logo art is drawn elsewhere).
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(srcs(main).length).toBeGreaterThan(0);
    // Small SVG art for the gallery's first picture travels in the page (docs/product.md §Speed).
    expect(srcs(main).filter((src) => !src.startsWith('data:image/svg+xml,') && !existsSync(join(dist, src.slice(1))))).toEqual([]);
  });

  it('prefills the quote links with the model and sends Compare to real models', () => {
    for (const slug of modelSlugs) {
      const links = hrefs(read(`vehicles/${slug}.html`));
      const quote = links.filter((href) => href.startsWith('/contact?'));
      expect(quote).toHaveLength(2);
      for (const href of quote) {
        const params = new URL(href, 'https://site.test').searchParams;
        expect(params.get('interest')).toBe('sales');
        expect(params.get('vehicle')).toBe(slug);
        expect(params.get('message')).toContain(fullName(allModels.find((m) => m.slug === slug)!));
      }
      const compare = links.find((href) => href.startsWith('/compare?'));
      const chosen = new URL(compare ?? '', 'https://site.test').searchParams.get('models')?.split(',');
      expect(chosen?.[0]).toBe(slug);
      for (const other of chosen ?? []) expect(modelSlugs).toContain(other);
      expect(links).toContain('/showroom');
      expect(links).toContain(dealer.links.financing);
    }
  });

  it('opens every external link in a new tab with rel="noopener"', () => {
    for (const slug of modelSlugs) {
      const html = read(`vehicles/${slug}.html`);
      const external = [...html.matchAll(/<a\b([^>]*)\shref="(https?:[^"]*)"([^>]*)>/g)].map((m) => `${m[1]} ${m[3]}`);
      expect(external.length).toBeGreaterThan(0);
      for (const attrs of external) expect(attrs).toMatch(/target="_blank"[\s\S]*rel="noopener"|rel="noopener"[\s\S]*target="_blank"/);
    }
  });
});

describe('model index and sitemap', () => {
  it('links all 23 model pages from /vehicles', () => {
    const links = hrefs(read('vehicles.html'));
    for (const slug of modelSlugs) expect(links).toContain(`/vehicles/${slug}`);
  });

  it('lists /vehicles, /compare and the 23 model pages in the sitemap', () => {
    const locs = [...read('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
    for (const path of ['/vehicles', '/compare', ...modelSlugs.map((slug) => `/vehicles/${slug}`)]) expect(locs).toContain(path);
  });

  it('links /vehicles from the footer of every page', () => {
    expect(hrefs(read('index.html'))).toContain('/vehicles');
    expect(hrefs(read('vehicles/denago-ev-city.html'))).toContain('/vehicles');
  });
});
