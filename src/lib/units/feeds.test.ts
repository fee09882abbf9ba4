import { DOMParser } from '@xmldom/xmldom';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { feedItems, googleLocalInventoryXml, googleProductsXml, metaCatalogCsv, type FeedUnit } from './feeds.ts';

/** A unit as the lot loader gives it: in stock only while available (docs/product.md §Units). */
const unit = (overrides: Partial<FeedUnit>): FeedUnit => {
  const fields: FeedUnit = {
    id: 'cart-1',
    name: 'Evolution "D5" Maverick',
    description: 'Lifted, lithium & <fast>\nsecond line',
    brand: 'evolution',
    category: 'maverick',
    price: 12995,
    images: ['/images/carts/a.jpg', '/images/carts/b.jpg'],
    inStock: true,
    condition: 'demo',
    year: 2025,
    stockNumber: 'BGC-1',
    exteriorColor: 'Sky Blue',
    streetLegal: true,
    status: 'available',
    ...overrides,
  };
  return { ...fields, inStock: fields.inStock && fields.status === 'available' };
};
const channel = { title: 'Lot', link: 'https://dealer.example/new-inventory', description: 'Lot', lastBuildDate: new Date('2026-11-25T12:00:00Z') };
const items = feedItems(
  [
    unit({}),
    unit({ id: 'cart-2', stockNumber: 'BGC-2', status: 'on-hold', condition: 'custom', images: [] }),
    unit({ id: 'cart-3', stockNumber: 'BGC-3', status: 'sold' }),
  ],
  'https://dealer.example',
  () => 'Evolution',
  '/images/carts/placeholder.svg',
);

describe('feed items (docs/product.md §Units)', () => {
  it('leave sold units out, mark on-hold ones out of stock, and read demo as used and custom as new', () => {
    expect(items.map((item) => [item.id, item.availability, item.condition])).toEqual([
      ['BGC-1', 'in_stock', 'used'],
      ['BGC-2', 'out_of_stock', 'new'],
    ]);
    expect(items[0]).toMatchObject({
      title: '2025 Evolution "D5" Maverick, Sky Blue, Street legal',
      link: 'https://dealer.example/vehicles/cart-1',
      imageLink: 'https://dealer.example/images/carts/a.jpg',
      additionalImageLinks: ['https://dealer.example/images/carts/b.jpg'],
    });
    expect(items[1]!.imageLink).toBe('https://dealer.example/images/carts/placeholder.svg');
  });

  it('give the product type down to the category, and only the brand for a unit without one yet', () => {
    const [filed, unfiled] = feedItems(
      [unit({}), unit({ id: 'cart-4', stockNumber: 'BGC-4', category: undefined })],
      'https://dealer.example',
      () => 'Evolution',
      '',
    );
    expect([filed!.productType, unfiled!.productType]).toEqual(['Golf Carts > Evolution > Maverick', 'Golf Carts > Evolution']);
  });

  it('escape text so a real XML parser reads it back exactly', () => {
    for (const xml of [googleProductsXml(items, channel), googleLocalInventoryXml(items, 'STORE-1', channel)]) {
      const errors: string[] = [];
      const doc = new DOMParser({ onError: (level, message) => void (level !== 'warning' && errors.push(message)) }).parseFromString(xml, 'text/xml');
      expect(errors).toEqual([]);
      expect(doc.getElementsByTagName('item')).toHaveLength(2);
    }
    const doc = new DOMParser().parseFromString(googleProductsXml(items, channel), 'text/xml');
    expect(doc.getElementsByTagName('description')[1]?.textContent).toBe('Lifted, lithium & <fast>\nsecond line');
    expect(doc.getElementsByTagName('lastBuildDate')[0]?.textContent).toBe('Wed, 25 Nov 2026 12:00:00 GMT');
  });

  it('quote CSV fields so a real CSV parser reads them back exactly', () => {
    const rows = parse(metaCatalogCsv(items), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      id: 'BGC-1',
      title: '2025 Evolution "D5" Maverick, Sky Blue, Street legal',
      description: 'Lifted, lithium & <fast>\nsecond line',
      availability: 'in stock',
      condition: 'used',
      price: '12995.00 USD',
    });
    expect(rows[1]!.availability).toBe('out of stock');
  });

  it('show text from the feed that a spreadsheet would run as a formula as text in the Meta catalogue', () => {
    const [item] = feedItems(
      [unit({ stockNumber: '@BGC-9', exteriorColor: '=HYPERLINK("https://evil.example","Mint")', description: '-1+2' })],
      'https://dealer.example',
      () => 'Evolution',
      '',
    );
    const csv = metaCatalogCsv([item!]);
    expect(csv).not.toMatch(/(^|,)"?[=+\-@]/m);
    const [row] = parse(csv, { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({ id: "'@BGC-9", description: "'-1+2", color: `'=HYPERLINK("https://evil.example","Mint")` });
  });
});
