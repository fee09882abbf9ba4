import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vehicles } from '../../src/lib/data/vehicles.ts';
import { HOME_CATALOG_UNITS } from '../../src/lib/seo/structured-data.ts';

const file = join(import.meta.dirname, '..', '..', 'dist', 'index.html');

/** Every JSON-LD block of a built page, parsed. */
export function jsonLdBlocks(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? ''));
}

describe('built home page structured data', () => {
  if (!existsSync(file)) throw new Error('dist/index.html is missing: run `npm run build` before the unit tests');
  const html = readFileSync(file, 'utf8');
  const blocks = jsonLdBlocks(html);
  const byType = (type: string): Record<string, any> => {
    const block = blocks.find((b) => b['@type'] === type);
    if (!block) throw new Error(`no ${type} block`);
    return block;
  };

  it('parses every block: organisation, local business, website, service and offer catalogue, and no one-crumb breadcrumb', () => {
    // A breadcrumb trail on the home page would hold the home page alone (docs/product.md §SEO).
    expect(blocks.map((b) => b['@type']).sort()).toEqual(['AutoDealer', 'OfferCatalog', 'Organization', 'Service', 'WebSite']);
    for (const block of blocks) expect(block['@context']).toBe('https://schema.org');
  });

  it('has a site search action into the inventory at its canonical address', () => {
    const action = byType('WebSite').potentialAction;
    expect(action['@type']).toBe('SearchAction');
    expect(action.target.urlTemplate).toMatch(/^https?:\/\/[^/]+\/new-inventory\?search=\{search_term_string\}$/);
    expect(action['query-input']).toBe('required name=search_term_string');
  });

  it('serves a 50 km radius and the county', () => {
    const dealer = byType('AutoDealer');
    expect(dealer.areaServed[0]).toMatchObject({ '@type': 'GeoCircle', geoRadius: 50000 });
    expect(dealer.areaServed.map((a: { name?: string }) => a.name)).toContain('Burlington County');
    expect(byType('Service').areaServed[0].geoRadius).toBe(50000);
    expect(dealer.telephone).toMatch(/^\+1\d{10}$/);
  });

  it("builds the offer catalogue from the lot's first units, counting the whole lot: each unit a Product with its image and Offer", () => {
    const catalog = byType('OfferCatalog');
    const first = vehicles.slice(0, HOME_CATALOG_UNITS);
    expect(vehicles.length).toBeGreaterThan(HOME_CATALOG_UNITS);
    expect(catalog.numberOfItems).toBe(vehicles.length);
    expect(catalog.itemListElement.map((p: { name: string }) => p.name)).toEqual(first.map((v) => v.name));
    expect(catalog.itemListElement.map((p: { offers: { price: number } }) => p.offers.price)).toEqual(first.map((v) => v.price));
    for (const product of catalog.itemListElement) {
      // A unit is a Vehicle, schema.org's kind of Product with a VIN, colours and model year.
      expect(product['@type']).toBe('Vehicle');
      expect(product.image.length).toBeGreaterThan(0);
      expect(product.offers.url).toMatch(/^https?:\/\/[^/]+\/vehicles\/[^/]+$/);
    }
  });
});
