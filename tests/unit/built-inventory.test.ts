import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vehicles } from '../../src/lib/data/vehicles.ts';

const dist = join(import.meta.dirname, '..', '..', 'dist');
const read = (file: string) => {
  const path = join(dist, file);
  if (!existsSync(path)) throw new Error(`dist/${file} is missing: run \`npm run build\` before the unit tests`);
  return readFileSync(path, 'utf8');
};
const jsonLd = (html: string): Record<string, any>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? ''));

describe('the built inventory page, as a crawler reads it (no JavaScript)', () => {
  for (const file of ['inventory.html', 'new-inventory.html']) {
    const html = read(file);

    it(`${file} has one card and one View Details link per unit`, () => {
      expect(html.match(/<article/g)).toHaveLength(vehicles.length);
      for (const vehicle of vehicles) expect(html).toContain(`href="/vehicles/${vehicle.id}"`);
      expect(html).toContain(`Showing <!-- -->${vehicles.length}<!-- --> of <!-- -->${vehicles.length}<!-- --> total vehicles`);
    });

    it(`${file} shows its filter form without JavaScript and no notice that filtering needs it`, () => {
      expect(html).not.toContain('need JavaScript');
      // Without JavaScript it asks for the filtered list at the address the page was opened at.
      expect(html).toMatch(
        new RegExp(
          `<form role="search" aria-label="Filter vehicles" class="(?![^"]*noscript:hidden)[^"]*" action="/${file.replace('.html', '')}" method="get">`,
        ),
      );
    });

    it(`${file} is canonical at /new-inventory with an offer catalogue of the lot`, () => {
      expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/new-inventory">/);
      const catalog = jsonLd(html).find((block) => block['@type'] === 'OfferCatalog');
      expect(catalog?.numberOfItems).toBe(vehicles.length);
    });
  }
});

describe('the filtered inventory addresses (docs/product.md §Inventory)', () => {
  it('are rewritten to the inventory page function in dist/_redirects, one forced rule per filter parameter', () => {
    const redirects = read('_redirects');
    for (const path of ['/new-inventory', '/inventory']) {
      for (const key of ['search', 'brand', 'category', 'price', 'street', 'sort']) {
        expect(redirects).toMatch(new RegExp(`^${path}\\s+${key}=:${key}\\s+/\\.netlify/functions/inventory-page\\s+200!$`, 'm'));
      }
    }
  });

  it('defer the whole stylesheet, which styles the states only the function or the browser renders', () => {
    const page = read('new-inventory.html');
    const href = /<noscript><link rel="stylesheet" href="([^"]+)">/.exec(page)?.[1] ?? '';
    const css = readFileSync(join(dist, href), 'utf8');
    // The empty state (no match) and the load error.
    for (const name of ['card', 'px-6', 'py-12', 'text-center', 'text-xl', 'btn-primary', 'mt-6', 'bg-red-50', 'border-red-300', 'text-red-800']) {
      expect(css, name).toMatch(new RegExp(`\\.${name}(?![\\w-])`));
    }
  });
});

describe('the built vehicle pages', () => {
  it.each(vehicles.map((v) => [v.id, v] as const))('%s has Product JSON-LD with an Offer', (id, vehicle) => {
    const product = jsonLd(read(`vehicles/${id}.html`)).find((block) => block['@type'] === 'Vehicle');
    expect(product?.offers).toMatchObject({
      price: vehicle.price,
      priceCurrency: 'USD',
      availability: expect.stringMatching(/^https:\/\/schema\.org\/(In|OutOf)Stock$/),
    });
  });

  it('the Vehicle Not Found page is noindex', () => {
    expect(read('vehicles/not-found.html')).toContain('<meta name="robots" content="noindex, follow">');
  });

  it('unknown /vehicles/… addresses answer 404 with it', () => {
    expect(read('_redirects')).toMatch(/^\/vehicles\/\*\s+\/vehicles\/not-found\s+404$/m);
  });
});
