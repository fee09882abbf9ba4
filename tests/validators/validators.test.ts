import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from '../../scripts/validators/a11y.ts';
import { AXE_TAGS, drawOutOfSight, run as axeInPage } from '../../scripts/validators/axe-runner.ts';
import { checkHtml } from '../../scripts/validators/html.ts';
import { builtFile, sitemapPages, type SitemapPage } from '../../scripts/validators/pages.ts';
import { checkStructuredData, extractJsonLd } from '../../scripts/validators/structured-data.ts';
import { listen, type Loopback } from '../support/loopback.ts';

// The validators of `npm run validate` (docs/product.md §Quality), each shown a page with a
// known fault so a gate that stopped finding anything would fail here.

const page = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fixture</title>${head}</head><body>${body}</body></html>`;
const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

let dir: string;
const write = (name: string, html: string): SitemapPage => {
  writeFileSync(join(dir, name), html);
  return { path: `/${name.replace(/\.html$/, '')}`, file: join(dir, name) };
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'validators-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the list of pages', () => {
  it('maps sitemap addresses to the files the build writes', () => {
    expect(builtFile('/d', '/')).toBe('/d/index.html');
    expect(builtFile('/d', '/about')).toBe('/d/about.html');
    expect(builtFile('/d', '/vehicles/denago-ev-city')).toBe('/d/vehicles/denago-ev-city.html');
    writeFileSync(join(dir, 'sitemap.xml'), '<urlset><url><loc>https://x.example/</loc></url><url><loc>https://x.example/a/b</loc></url></urlset>');
    expect(sitemapPages(dir)).toEqual([
      { path: '/', file: join(dir, 'index.html') },
      { path: '/a/b', file: join(dir, 'a', 'b.html') },
    ]);
  });
});

// The checker's fixture pages in one run, as `npm run validate` checks every page in one Java
// start (a start costs about as much CPU as the rest of this file).
describe('the Nu Html Checker', () => {
  const policy = `<meta http-equiv="content-security-policy" content="style-src 'self'">`;
  let report: Awaited<ReturnType<typeof checkHtml>>;
  const errorsOf = (path: string) => report.errors.filter((e) => e.path === path);
  const warningsOf = (path: string) => report.warnings.filter((w) => w.path === path);

  beforeAll(async () => {
    report = await checkHtml([
      write('good.html', page('<style>p{color:red}</style>', '<main><p>Fine</p></main>')),
      write('bad.html', page('', '<main><p>Text</p><style>p{color:red}</style>\n<img src="/a.png"></main>')),
      write(
        'modern.html',
        page(
          '<style>@property --tw-x{syntax:"*";inherits:false}@supports (not (margin-trim:inline)){a{color:red}}a{transition-property:color,--tw-gradient-from}</style>',
          '<main><p>Fine</p></main>',
        ),
      ),
      write('broken.html', page('<style>p{colr:red}</style>', '<main><p>Text</p></main>')),
      write('own.html', page(`${policy}<noscript><link rel="stylesheet" href="/_astro/Site.abc123.css"></noscript>`, '<main><p>Fine</p></main>')),
      write('other.html', page(`${policy}<link rel="stylesheet" href="https://cdn.example/x.css">`, '<main><p>Text</p></main>')),
    ]);
  }, 120_000);

  it('passes a valid page and reports a <style> in <body> and a bad attribute with page and line', () => {
    expect(errorsOf('/good')).toEqual([]);
    const found = errorsOf('/bad');
    expect(found.map((e) => e.message).join('\n')).toMatch(/“style” element/);
    expect(found.map((e) => e.message).join('\n')).toMatch(/“img” element must have an “alt” attribute/);
    expect(found.every((e) => /^\d+:\d+$/.test(e.where ?? ''))).toBe(true);
  });

  describe('and modern CSS', () => {
    it('sets aside only the CSS its grammar predates (@property, margin-trim, custom properties in transition-property), not other CSS errors', () => {
      // Only the modern page has CSS of the three kinds.
      expect(report.outdatedCss).toBeGreaterThanOrEqual(3);
      expect(errorsOf('/modern')).toEqual([]);
      expect(
        errorsOf('/broken')
          .map((e) => e.message)
          .join('\n'),
      ).toMatch(/^CSS: .*colr/m);
    });

    it("sets aside only the site's own stylesheet under a page's style policy (a file has no origin for 'self'), not another policy finding", () => {
      // Only the two pages with a style policy can give this message.
      expect(report.noOrigin).toBe(1);
      expect(warningsOf('/own')).toEqual([]);
      expect(warningsOf('/other').map((w) => w.message)).toEqual([expect.stringMatching(/Content Security Policy .*cdn\.example/)]);
    });
  });
});

describe('the structured-data validator', () => {
  const product = { '@context': 'https://schema.org', '@type': 'Product', name: 'Cart', image: ['https://x.example/a.png'] };
  const offer = { '@type': 'Offer', price: 9995, priceCurrency: 'USD', availability: 'https://schema.org/InStock' };

  it('groups the JSON-LD blocks of a page by type and reports one that is not JSON', () => {
    const data = extractJsonLd(page(`${jsonLd(product)}${jsonLd([{ '@type': 'BreadcrumbList' }])}<script type="application/ld+json">{oops</script>`, ''));
    expect(Object.keys(data.jsonld).sort()).toEqual(['BreadcrumbList', 'Product']);
    expect(data.errors).toHaveLength(1);
    expect(data.errors[0]?.message).toMatch(/block 3 is not valid JSON/);
  });

  it('applies Google’s rules (a Product needs an offer) and schema.org’s vocabulary (no made-up properties)', async () => {
    const good = write('sd-good.html', page(jsonLd({ ...product, offers: offer }), ''));
    const noOffer = write('sd-no-offer.html', page(jsonLd(product), ''));
    const madeUp = write('sd-made-up.html', page(jsonLd({ ...product, offers: offer, topSpeedMph: 25 }), ''));
    const { errors } = await checkStructuredData([good, noOffer, madeUp]);
    expect(errors.filter((e) => e.path === '/sd-good')).toEqual([]);
    expect(errors.filter((e) => e.path === '/sd-no-offer').map((e) => e.message)).toContain('Required attribute "offers" is missing');
    expect(
      errors
        .filter((e) => e.path === '/sd-made-up')
        .map((e) => e.message)
        .join('\n'),
    ).toMatch(/Property "topSpeedMph" for type "Product" is not supported/);
  });
});

describe('pa11y with HTML_CodeSniffer at WCAG2AA and axe at WCAG 2.2 A and AA', () => {
  let server: Loopback;
  const pages: Record<string, string> = {
    '/ok': page('', '<main><h1>Estimate</h1><form><label for="p">Price</label><input id="p" name="p"><button>Send</button></form></main>'),
    '/no-submit': page('', '<main><h1>Estimate</h1><form><label for="p">Price</label><input id="p" name="p"></form></main>'),
    // Two buttons of 10 px side by side: WCAG 2.2's target size (2.5.8), which only axe checks.
    '/tiny-targets': page(
      '',
      '<main><h1>Estimate</h1><p><button style="width:10px;height:10px;padding:0;margin:0">1</button><button style="width:10px;height:10px;padding:0;margin:0">2</button></p></main>',
    ),
  };

  // The fixture pages in one sweep, as `npm run validate` sweeps every page in one browser.
  let report: Awaited<ReturnType<typeof checkA11y>>;
  const errorsOf = (path: string) => report.errors.filter((e) => e.path === path);

  beforeAll(async () => {
    server = await listen((request, response) => {
      const html = pages[request.url ?? ''];
      response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(html ?? 'not found');
    });
    report = await checkA11y(server.url, Object.keys(pages), 3);
  }, 120_000);
  afterAll(() => server.close());

  it('passes a form with a submit button and reports one without, at both widths', () => {
    expect(report.runs).toBe(2 * Object.keys(pages).length);
    expect(errorsOf('/ok')).toEqual([]);
    const found = errorsOf('/no-submit');
    expect(found.map((e) => e.where?.split(' ')[0]).sort()).toEqual(['1280px', '375px']);
    expect(found[0]?.message).toMatch(/does not contain a submit button.*H32\.2/);
  });

  it('reports what only axe finds, a WCAG 2.2 rule, at the phone width', () => {
    const found = errorsOf('/tiny-targets');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((e) => e.where?.startsWith('375px axe ') && /\(target-size\)$/.test(e.message))).toBe(true);
  });

  it('runs axe in the page with the rules of the end-to-end check', () => {
    // pa11y sends the runner's source into the page, where it names the tags itself.
    const named = [...String(axeInPage).matchAll(/["'](wcag\w+)["']/g)].map((match) => match[1]);
    expect(named).toEqual(AXE_TAGS);
    // It draws the sections out of sight first, as the end-to-end check does, written out too.
    const body = (source: string) => source.slice(source.indexOf('for (const element'), source.lastIndexOf('}') + 1).replace(/\s+/g, ' ');
    expect(String(axeInPage).replace(/\s+/g, ' ')).toContain(body(String(drawOutOfSight)).replace(/ \}$/, ''));
  });
});
