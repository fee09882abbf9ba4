import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import InventorySkeletons, { SKELETON_COUNT } from '../../src/components/inventory/InventorySkeletons.tsx';
import BrandInventory from '../../src/components/vehicle/BrandInventory.tsx';
import InventoryFilter from '../../src/islands/InventoryFilter.tsx';
import InventoryResults, { CountLine } from '../../src/components/inventory/InventoryResults.tsx';
import { filterChoices } from '../../src/lib/inventory/filter.ts';
import { listPage, pagerPages } from '../../src/lib/inventory/pages.ts';

const edges = { under: 15000, over: 25000 };
const choices = filterChoices([{ value: 'denago', label: 'Denago' }], [{ value: 'rover', label: 'Rover' }], edges);
/** React separates adjacent text with <!-- --> in server markup; drop it to read the text. */
function render<P extends object>(component: FunctionComponent<P>, props: P): string {
  return renderToStaticMarkup(createElement(component, props)).replace(/<!-- -->/g, '');
}

const item = (id: string, name: string, price: number, isNew = true) => ({
  id,
  name,
  description: `${name} description`,
  brand: 'denago',
  category: 'rover',
  price,
  images: [] as string[],
  isNew,
  status: 'available' as const,
  streetLegal: isNew,
  exteriorColor: 'White',
  listedDate: '2026-10-01',
  estimatedPayment: { monthly: price / 50 },
});

const page = (items: ReturnType<typeof item>[], number = 1, size = 2) => listPage(items, number, size);
const hrefOf = (n: number) => (n > 1 ? `/new-inventory/${n}` : '/new-inventory');

describe('the inventory list, rendered on the server (the page without JavaScript)', () => {
  const html = render(InventoryResults, { list: page([item('a-1', 'Rover One', 14995), item('b-2', 'Rover Two', 25000, false)], 1, 18), hrefOf });

  it('lists every unit of the page with its link, placeholder image, NEW badge and price, and no page links when they fit one page', () => {
    expect(html.match(/<article/g)).toHaveLength(2);
    expect(html).toContain('href="/vehicles/a-1"');
    expect(html).toContain('href="/vehicles/b-2"');
    expect(html).toContain('src="/images/carts/placeholder.svg"');
    expect(html.match(/>NEW</g)).toHaveLength(1);
    expect(html).toContain('$14,995');
    expect(html).toContain('$25,000');
    expect(html).not.toContain('<nav');
  });

  it("fetches the first card's image at once without raising its priority (it is below a phone's first view), and the others lazily", () => {
    expect(html).not.toContain('fetchPriority');
    expect(html.match(/<img[^>]*loading="eager"/g)).toHaveLength(1);
    expect(html.match(/<img[^>]*loading="lazy"/g)).toHaveLength(1);
  });

  it('shows the no-match texts with a Clear All Filters form when nothing matches', () => {
    const empty = render(InventoryResults, { list: page([]), hrefOf });
    expect(empty).toContain('<h3 class="text-xl font-semibold">No vehicles found</h3>');
    expect(empty).toContain('Try adjusting your search criteria or filters');
    expect(empty).toMatch(
      /<form (?=[^>]*method="get")(?=[^>]*data-clear-filters="")[^>]*><button type="submit" class="btn btn-primary mt-6">Clear All Filters<\/button><\/form>/,
    );
  });

  it('has the count line of the whole list, and the no-match line', () => {
    expect(render(CountLine, { matched: 40, total: 100 })).toBe('<p>Showing 40 of 100 total vehicles</p>');
    expect(render(CountLine, { matched: 0, total: 100 })).toBe('<p>No vehicles match your current filters. Showing 0 of 100 total vehicles</p>');
  });
});

describe('the page links of a list longer than a page', () => {
  const lot = Array.from({ length: 21 }, (_, n) => item(`u-${n}`, `Unit ${n}`, 10000 + n));

  it('link every page by number, mark the current one, and step to the previous and next', () => {
    const html = render(InventoryResults, { list: page(lot, 2, 3), hrefOf });
    expect(html.match(/<article/g)).toHaveLength(3);
    expect(html).toContain('href="/vehicles/u-3"');
    expect(html).toContain('Page 2 of 7: vehicles 4–6 of 21');
    const links = [...html.matchAll(/<a href="([^"]+)"(?: rel="(\w+)")? data-page="(\d+)"(?: aria-current="page")?/g)].map(
      (m) => `${m[3]}${m[2] ? `:${m[2]}` : ''}`,
    );
    expect(links).toEqual(['1:prev', '1', '2', '3', '4', '5', '6', '7', '3:next']);
    expect(html).toMatch(/href="\/new-inventory\/2" data-page="2" aria-current="page" aria-label="Page 2"/);
    expect(html).toMatch(/href="\/new-inventory" rel="prev" data-page="1"/);
  });

  it('leave out the pages far from the current one, never the first or the last', () => {
    expect(pagerPages(1, 17)).toEqual([1, 2, 3, null, 17]);
    expect(pagerPages(9, 17)).toEqual([1, null, 7, 8, 9, 10, 11, null, 17]);
    expect(pagerPages(4, 17)).toEqual([1, 2, 3, 4, 5, 6, null, 17]);
    expect(pagerPages(17, 17)).toEqual([1, null, 15, 16, 17]);
    expect(pagerPages(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('the inventory island, rendered on the server', () => {
  const props = { choices, priceEdges: edges, action: '/new-inventory' };

  it('is a GET form to the list’s first page with the four fields and Apply Filters, and carries the list as static HTML, not as data', () => {
    const html = render(InventoryFilter, { ...props, summary: createElement('p', null, 'the count'), results: createElement('ul', null, 'the cards') });
    expect(html).toMatch(/<form[^>]* action="\/new-inventory" method="get"/);
    expect(html).toMatch(/<form[^>]* role="search"/);
    for (const name of ['search', 'brand', 'category', 'price']) expect(html).toContain(`name="${name}"`);
    expect(html).toContain('>Apply Filters</button>');
    expect(html).toContain('<option value="15000-25000">$15,000 - $25,000</option>');
    expect(html).toMatch(/data-testid="inventory-count"><p>the count<\/p><\/div><ul>the cards<\/ul>/);
    expect(html).not.toContain('noscript:hidden');
  });

  it('shows the filters of the address it is rendered for (the inventory page function)', () => {
    const html = render(InventoryFilter, { ...props, requestQuery: '?street=legal&sort=price-desc&brand=club-car' });
    expect(html).toMatch(/<input[^>]* type="checkbox"[^>]* checked=""/);
    expect(html).toContain('<option value="price-desc" selected="">');
    expect(html).toContain('<option value="all" selected="">All Brands</option>');
  });
});

describe('the loading state', () => {
  it('shows six skeleton cards', () => {
    const html = render(InventorySkeletons, {});
    expect(SKELETON_COUNT).toBe(6);
    expect(html.match(/data-skeleton/g)).toHaveLength(6);
    expect(html).toContain('aria-busy="true"');
  });
});

describe('the brand page inventory', () => {
  const vehicle = {
    id: 'evo-1',
    name: 'Evolution Turfman 1000',
    description: 'Utility',
    price: 13495,
    images: ['/images/carts/evolution-utility.svg'],
    inStock: false,
    category: 'turfman' as const,
    specifications: { seatingCapacity: 2 },
  };

  it('shows the empty brand-inventory message with a contact button', () => {
    const html = render(BrandInventory, { brandName: 'Evolution', vehicles: [], contactHref: '/contact?interest=sales' });
    expect(html).toContain('No Evolution vehicles are currently in our inventory. Contact us for availability updates.');
    expect(html).toContain('href="/contact?interest=sales"');
  });

  it('shows cards with In Stock or Contact Us, seats and category', () => {
    const html = render(BrandInventory, { brandName: 'Evolution', vehicles: [vehicle, { ...vehicle, id: 'evo-2', inStock: true }], contactHref: '/contact' });
    expect(html).toContain('>Contact Us</span>');
    expect(html).toContain('>In Stock</span>');
    expect(html).toContain('2 seats · Turfman');
    expect(html).toContain('$13,495');
    expect(html).toContain('href="/vehicles/evo-2"');
  });
});
