import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vehicles } from '../../src/lib/data/vehicles.ts';

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

  it('parses every block and has the six kinds of structured data', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(6);
    expect(blocks.map((b) => b['@type']).sort()).toEqual(['AutoDealer', 'BreadcrumbList', 'OfferCatalog', 'Organization', 'Service', 'WebSite']);
    for (const block of blocks) expect(block['@context']).toBe('https://schema.org');
  });

  it('has a site search action into the inventory', () => {
    const action = byType('WebSite').potentialAction;
    expect(action['@type']).toBe('SearchAction');
    expect(action.target.urlTemplate).toMatch(/^https?:\/\/[^/]+\/inventory\?search=\{search_term_string\}$/);
    expect(action['query-input']).toBe('required name=search_term_string');
  });

  it('serves a 50 km radius and the county', () => {
    const dealer = byType('AutoDealer');
    expect(dealer.areaServed[0]).toMatchObject({ '@type': 'GeoCircle', geoRadius: 50000 });
    expect(dealer.areaServed.map((a: { name?: string }) => a.name)).toContain('Burlington County');
    expect(byType('Service').areaServed[0].geoRadius).toBe(50000);
    expect(dealer.telephone).toMatch(/^\+1\d{10}$/);
  });

  it('builds the offer catalogue from the vehicle list', () => {
    const catalog = byType('OfferCatalog');
    expect(catalog.numberOfItems).toBe(vehicles.length);
    expect(catalog.itemListElement.map((o: { price: number }) => o.price)).toEqual(vehicles.map((v) => v.price));
    expect(catalog.itemListElement[0].itemOffered.name).toBe(vehicles[0]?.name);
  });
});
