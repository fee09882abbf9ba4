import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import { parse } from 'csv-parse/sync';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedVehicles } from '../../src/lib/data/lot.ts';
import { units } from '../../src/lib/data/vehicles.ts';
import { GOOGLE_NS, REQUIRED } from '../../src/lib/units/feeds.ts';
import { redirectRules } from '../../src/lib/routing/redirects.ts';
import { textOf } from './pages-html.ts';
import { buildWithFixedClock, builtExists, FIXED_BUILD_DATE, readBuilt } from './units-built.ts';

// The demo lot on the fixed build day 2026-11-25: one unit on hold, one sold on 2026-11-20
// (5 days before: its page stays), one sold on 2026-09-12 (74 days before: 301).
const AVAILABLE = 'evo-d5-maverick-4-plus-sky-blue';
const ON_HOLD = 'denago-ev-rover-xl-2025';
const RECENTLY_SOLD = 'evo-d5-maverick-4-white';
const OLD_SOLD = 'evo-d5-ranger-6-plus-2023-used';

let dist = '';
beforeAll(() => {
  dist = buildWithFixedClock();
}, 240_000);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const page = (id: string) => readBuilt(dist, `vehicles/${id}.html`);
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(([, text = '']) => JSON.parse(text) as Record<string, unknown>);
const product = (html: string) => jsonLd(html).find((data) => data['@type'] === 'Vehicle');

describe(`unit pages built on ${FIXED_BUILD_DATE} (docs/product.md §Units)`, () => {
  it('the demo lot has a unit in each stage', () => {
    const status = (id: string) => units.find((u) => u.id === id)?.status;
    expect([status(AVAILABLE), status(ON_HOLD), status(RECENTLY_SOLD), status(OLD_SOLD)]).toEqual(['available', 'on-hold', 'sold', 'sold']);
  });

  it('an available unit page shows its facts and estimated payment, with the disclaimer one click away', () => {
    const html = page(AVAILABLE);
    const text = textOf(html);
    for (const fact of [
      'Stock number BGC-26014',
      'VIN 7EVLS4PA2TB000120',
      'Year 2026',
      'Condition New',
      'Exterior color Sky Blue',
      'Seat color White and Blue',
      'Lifted Yes',
      'Street legal Street legal (LSV)',
      'Battery 48V 105Ah lithium',
      'Battery warranty 8 years',
      'Status Available',
      'Listed October 2, 2026',
    ])
      expect(text).toContain(fact);
    expect(text).toContain('Est. $325/mo* with $1,299.50 down (10%), 0% APR for 36 months');
    expect(html).toMatch(/<a href="#payment-disclaimer"[^>]*>\s*Est\. \$325\/mo/);
    expect(html).toContain('id="payment-disclaimer"');
    expect(html).not.toContain('noindex');
  });

  it('an available unit is a Vehicle (a kind of Product) in its structured data, with every new fact', () => {
    const data = product(page(AVAILABLE))!;
    expect(data).toMatchObject({
      '@type': 'Vehicle',
      sku: 'BGC-26014',
      vehicleIdentificationNumber: '7EVLS4PA2TB000120',
      color: 'Sky Blue',
      vehicleInteriorColor: 'White and Blue',
      vehicleModelDate: '2026',
      itemCondition: 'https://schema.org/NewCondition',
      offers: { availability: 'https://schema.org/InStock', price: 12995 },
    });
    const properties = Object.fromEntries((data.additionalProperty as { name: string; value: string }[]).map((p) => [p.name, p.value]));
    expect(properties).toMatchObject({
      Lifted: 'Yes',
      'Street legal': 'Street legal (LSV)',
      Battery: '48V 105Ah lithium',
      'Battery warranty': '8 years',
      Status: 'Available',
      'Estimated monthly payment': '$325/mo with $1,299.50 down (10%), 0% APR for 36 months',
    });
  });

  it('an on-hold unit page shows the On Hold badge, stays indexable, has no payment and is out of stock', () => {
    const html = page(ON_HOLD);
    expect(html).toMatch(/>On Hold</);
    expect(html).not.toContain('data-payment');
    expect(html).not.toContain('noindex');
    expect(product(html)).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock', itemCondition: 'https://schema.org/UsedCondition' } });
  });

  it('a recently sold unit page answers with a Sold notice, three similar available units and noindex', () => {
    const html = page(RECENTLY_SOLD);
    expect(html).toContain('<meta name="robots" content="noindex, follow">');
    const notice = /<section[^>]*data-sold-notice[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(textOf(notice)).toContain('Sold This Evolution D5 Maverick 4 was sold on November 20, 2026. These similar carts are available now:');
    const similar = [...notice.matchAll(/href="\/vehicles\/([^"]+)"/g)].map(([, id]) => id);
    expect(similar).toHaveLength(3);
    for (const id of similar) expect(listedVehicles.find((u) => u.id === id)?.status).toBe('available');
    expect(html).not.toContain('Schedule Test Drive');
    expect(product(html)).toMatchObject({ offers: { availability: 'https://schema.org/SoldOut' } });
  });

  it('an old sold unit has no page and its addresses answer 301 to its model page', () => {
    expect(builtExists(dist, `vehicles/${OLD_SOLD}.html`)).toBe(false);
    const redirects = readBuilt(dist, '_redirects');
    expect(redirects).toMatch(new RegExp(`^/vehicles/${OLD_SOLD}\\s+/vehicles/evolution-d5-ranger-6-plus\\s+301$`, 'm'));
    expect(redirects).toMatch(new RegExp(`^/vehicle/${OLD_SOLD}\\s+/vehicles/evolution-d5-ranger-6-plus\\s+301$`, 'm'));
    expect(redirects).toMatch(/^\/vehicles\/club-car-onward-2021-trade-in\s+\/new-inventory\s+301$/m);
    // Every unit rule comes before the catch-all 404 of unknown /vehicles/ addresses.
    expect(redirects.indexOf(`/vehicles/${OLD_SOLD}`)).toBeLessThan(redirects.indexOf('/vehicles/*'));
  });

  it('thirty-one days after its sale the recent unit retires to its model page too', () => {
    expect(redirectRules('2026-12-21')).toContainEqual({ from: `/vehicles/${RECENTLY_SOLD}`, to: '/vehicles/evolution-d5-maverick-4', status: 301 });
    expect(redirectRules(FIXED_BUILD_DATE).some((rule) => rule.from === `/vehicles/${RECENTLY_SOLD}`)).toBe(false);
  });

  it('sold units leave the sitemap, the inventory grid and the offer catalogue; on-hold units stay', () => {
    const sitemap = readBuilt(dist, 'sitemap.xml');
    expect(sitemap).not.toContain(RECENTLY_SOLD);
    expect(sitemap).not.toContain(OLD_SOLD);
    expect(sitemap).toContain(`/vehicles/${ON_HOLD}<`);
    const inventory = readBuilt(dist, 'new-inventory.html');
    expect(inventory).not.toContain(`/vehicles/${RECENTLY_SOLD}"`);
    expect(inventory).toContain(`/vehicles/${ON_HOLD}"`);
    const catalog = jsonLd(inventory).find((data) => data['@type'] === 'OfferCatalog')!;
    expect(catalog.numberOfItems).toBe(listedVehicles.length);
    expect(JSON.stringify(catalog)).not.toContain(RECENTLY_SOLD);
  });

  it('cards show colour and street-legal status, On Hold, and a payment linked to the disclaimer on available units only', () => {
    const inventory = readBuilt(dist, 'new-inventory.html');
    const cards = inventory.split('<article').slice(1);
    expect(cards).toHaveLength(listedVehicles.length);
    const card = (id: string) => cards.find((c) => c.includes(`href="/vehicles/${id}"`)) ?? '';
    expect(textOf(card(AVAILABLE))).toContain('Sky Blue · Street legal');
    expect(card(AVAILABLE)).toMatch(/<a href="\/financing#payment-estimates"[^>]*>Est\. (<!-- -->)?\$325\/mo/);
    expect(textOf(card(ON_HOLD))).toContain('On Hold');
    expect(card(ON_HOLD)).not.toContain('data-payment');
    const financing = readBuilt(dist, 'financing.html');
    expect(financing).toContain('id="payment-estimates"');
    expect(textOf(financing)).toContain('assumes 10% of the price paid down and 6.99% APR for 60 months');
    expect(textOf(financing)).toContain('Evolution D5 Maverick 4 Plus (every unit): 0% APR for 36 months');
  });
});

describe('feeds built from the lot, item by item', () => {
  const xml = (file: string) => new DOMParser().parseFromString(readBuilt(dist, file), 'text/xml');
  const children = (item: XmlElement) => {
    const values = new Map<string, string>();
    for (let node = item.firstChild; node; node = node.nextSibling) {
      if (node.nodeType !== 1) continue;
      const element = node as XmlElement;
      // g:price and price alike are read by their local name.
      if (!values.has(element.localName!)) values.set(element.localName!, element.textContent ?? '');
    }
    return values;
  };
  const items = (file: string) => {
    const doc = xml(file);
    expect(doc.documentElement?.nodeName).toBe('rss');
    expect(doc.documentElement?.getAttribute('xmlns:g')).toBe(GOOGLE_NS);
    return Array.from(doc.getElementsByTagName('item')).map(children);
  };
  const byStock = new Map(listedVehicles.map((u) => [u.stockNumber, u]));
  const sold = units.filter((u) => u.status === 'sold');

  it('/feeds/google-products.xml has every required attribute on every listed unit and no sold unit', () => {
    const list = items('feeds/google-products.xml');
    expect(list).toHaveLength(listedVehicles.length);
    for (const item of list) {
      for (const name of REQUIRED.googleProducts) expect(item.get(name), `${item.get('id')} ${name}`).toBeTruthy();
      const unit = byStock.get(item.get('id')!)!;
      expect(unit).toBeDefined();
      expect(item.get('price')).toBe(`${unit.price}.00 USD`);
      expect(item.get('link')).toBe(`https://www.example.com/vehicles/${unit.id}`);
      expect(item.get('image_link')).toMatch(/^https:\/\//);
      expect(item.get('availability')).toBe(unit.status === 'available' && unit.inStock ? 'in_stock' : 'out_of_stock');
      expect(item.get('condition')).toBe(unit.condition === 'used' || unit.condition === 'demo' ? 'used' : 'new');
      expect(item.get('identifier_exists')).toBe('no');
    }
    for (const unit of sold) expect(list.some((item) => item.get('id') === unit.stockNumber)).toBe(false);
    expect(list.find((item) => item.get('id') === 'BGC-25088U')?.get('availability')).toBe('out_of_stock');
  });

  it('/feeds/google-local-inventory.xml names the store, id, availability, price and quantity of every listed unit', () => {
    const list = items('feeds/google-local-inventory.xml');
    expect(list).toHaveLength(listedVehicles.length);
    for (const item of list) {
      for (const name of REQUIRED.googleLocalInventory) expect(item.get(name), `${item.get('id')} ${name}`).toBeTruthy();
      expect(item.get('store_code')).toBe('MTHOLLY-01');
      const unit = byStock.get(item.get('id')!)!;
      expect(item.get('price')).toBe(`${unit.price}.00 USD`);
      expect(item.get('quantity')).toBe(item.get('availability') === 'in_stock' ? '1' : '0');
    }
    for (const unit of sold) expect(list.some((item) => item.get('id') === unit.stockNumber)).toBe(false);
  });

  it('/feeds/meta-catalog.csv has the required columns filled on every row and no sold unit', () => {
    const rows = parse(readBuilt(dist, 'feeds/meta-catalog.csv'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
    expect(rows).toHaveLength(listedVehicles.length);
    for (const row of rows) {
      for (const name of REQUIRED.metaCatalog) expect(row[name], `${row.id} ${name}`).toBeTruthy();
      const unit = byStock.get(row.id!)!;
      expect(row.availability).toBe(unit.status === 'available' && unit.inStock ? 'in stock' : 'out of stock');
      expect(['new', 'used']).toContain(row.condition);
      expect(row.price).toBe(`${unit.price}.00 USD`);
      expect(row.title).toContain(unit.exteriorColor);
    }
    for (const unit of sold) expect(rows.some((row) => row.id === unit.stockNumber)).toBe(false);
  });
});
