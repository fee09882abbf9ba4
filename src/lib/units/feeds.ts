import { csvFile } from '../format.ts';
import { absoluteUrl } from '../seo/seo.ts';
import { streetLegalShort } from './facts.ts';

/**
 * The product feeds a dealer registers once (docs/product.md §Units): Google Merchant Center
 * products (RSS 2.0 with the g: namespace), Google local inventory, and a Meta catalogue CSV.
 * Built from the same units as the pages; sold units never appear, on-hold ones are out of stock.
 */

export const GOOGLE_NS = 'http://base.google.com/ns/1.0';

export interface FeedUnit {
  id: string;
  name: string;
  description: string;
  brand: string;
  /** None while an imported unit waits for an editor: the product type then stops at the brand. */
  category?: string | undefined;
  price: number;
  images: readonly string[];
  inStock: boolean;
  condition: 'new' | 'used' | 'demo' | 'custom';
  year: number;
  stockNumber: string;
  vin?: string | undefined;
  exteriorColor: string;
  streetLegal: boolean;
  status: 'available' | 'on-hold' | 'sold';
}

export interface FeedItem {
  /** The stock number: stable, unique, at most 50 characters. */
  id: string;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  /** Google's spelling; Meta's replaces the underscore with a space. */
  availability: 'in_stock' | 'out_of_stock';
  /** USD, whole units. */
  price: number;
  condition: 'new' | 'used';
  brand: string;
  productType: string;
  color: string;
}

/** What every item carries, by each specification. */
export const REQUIRED = {
  googleProducts: ['id', 'title', 'description', 'link', 'image_link', 'availability', 'price', 'brand', 'condition', 'identifier_exists'],
  googleLocalInventory: ['store_code', 'id', 'availability', 'price', 'quantity'],
  metaCatalog: ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand'],
} as const;

/** In stock only when available and on the lot: a unit on hold is out of stock (docs/product.md §Units). */
export function feedAvailability(unit: Pick<FeedUnit, 'inStock'>): FeedItem['availability'] {
  return unit.inStock ? 'in_stock' : 'out_of_stock';
}

/** New and custom-built units are new; used and demo units are used. */
export function feedCondition(condition: FeedUnit['condition']): FeedItem['condition'] {
  return condition === 'new' || condition === 'custom' ? 'new' : 'used';
}

/** "12995.00 USD", as both Google and Meta read prices. */
export function feedPrice(price: number): string {
  return `${price.toFixed(2)} USD`;
}

/** One item per unit that is not sold, in data order. */
export function feedItems(units: readonly FeedUnit[], site: URL | string, brandName: (slug: string) => string, placeholderImage: string): FeedItem[] {
  return units
    .filter((unit) => unit.status !== 'sold')
    .map((unit) => {
      const brand = brandName(unit.brand);
      const [first, ...rest] = unit.images.length > 0 ? unit.images : [placeholderImage];
      return {
        id: unit.stockNumber,
        title: `${unit.year} ${unit.name}, ${unit.exteriorColor}, ${streetLegalShort(unit.streetLegal)}`.slice(0, 150),
        description: unit.description,
        link: absoluteUrl(`/vehicles/${unit.id}`, site),
        imageLink: absoluteUrl(first ?? placeholderImage, site),
        additionalImageLinks: rest.slice(0, 10).map((src) => absoluteUrl(src, site)),
        availability: feedAvailability(unit),
        price: unit.price,
        condition: feedCondition(unit.condition),
        brand,
        productType: unit.category ? `Golf Carts > ${brand} > ${unit.category.charAt(0).toUpperCase()}${unit.category.slice(1)}` : `Golf Carts > ${brand}`,
        color: unit.exteriorColor,
      };
    });
}

/** Text as XML character data: &, <, > and quotes escaped, control characters dropped. */
export function xmlText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

const element = (name: string, value: string | number) => `<${name}>${xmlText(String(value))}</${name}>`;

export interface Channel {
  title: string;
  link: string;
  description: string;
  /** When the feed was built (RFC 822, as RSS 2.0 writes dates). */
  lastBuildDate: Date;
}

function rss(channel: Channel, items: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NS}">`,
    '<channel>',
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description),
    element('lastBuildDate', channel.lastBuildDate.toUTCString()),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** The Merchant Center product feed. Carts have no GTIN: identifier_exists is "no". */
export function googleProductsXml(items: readonly FeedItem[], channel: Channel): string {
  return rss(
    channel,
    items.map((item) =>
      [
        '<item>',
        element('g:id', item.id),
        element('title', item.title),
        element('description', item.description),
        element('link', item.link),
        element('g:image_link', item.imageLink),
        ...item.additionalImageLinks.map((link) => element('g:additional_image_link', link)),
        element('g:availability', item.availability),
        element('g:price', feedPrice(item.price)),
        element('g:condition', item.condition),
        element('g:brand', item.brand),
        element('g:identifier_exists', 'no'),
        element('g:product_type', item.productType),
        element('g:color', item.color),
        '</item>',
      ].join(''),
    ),
  );
}

/** The local inventory feed: what each store has, one unit each; `storeCode` is the one store's code, or each unit's store's (by its feed id). */
export function googleLocalInventoryXml(items: readonly FeedItem[], storeCode: string | ((id: string) => string), channel: Channel): string {
  const codeOf = typeof storeCode === 'string' ? () => storeCode : storeCode;
  return rss(
    channel,
    items.map((item) =>
      [
        '<item>',
        element('g:store_code', codeOf(item.id)),
        element('g:id', item.id),
        element('g:availability', item.availability),
        element('g:price', feedPrice(item.price)),
        element('g:quantity', item.availability === 'in_stock' ? 1 : 0),
        '</item>',
      ].join(''),
    ),
  );
}

export const META_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
  'additional_image_link',
  'color',
  'product_type',
] as const;

/**
 * The Meta commerce catalogue: a header row, then one row per item. Its text comes from the unit
 * files, which the dealer's feed writes: every field goes through the site's one CSV field
 * (src/lib/format.ts `csvField`), so a cell the feed wrote as `=HYPERLINK(…)` reaches a
 * spreadsheet as text.
 */
export function metaCatalogCsv(items: readonly FeedItem[]): string {
  const rows = items.map((item) => [
    item.id,
    item.title,
    item.description,
    item.availability.replaceAll('_', ' '),
    item.condition,
    feedPrice(item.price),
    item.link,
    item.imageLink,
    item.brand,
    item.additionalImageLinks.join(','),
    item.color,
    item.productType,
  ]);
  return csvFile(META_COLUMNS, rows);
}
