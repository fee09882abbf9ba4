import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import InventorySkeletons, { SKELETON_COUNT } from '../../src/components/inventory/InventorySkeletons.tsx';
import BrandInventory from '../../src/components/vehicle/BrandInventory.tsx';
import InventoryFilter from '../../src/islands/InventoryFilter.tsx';
import { filterChoices } from '../../src/lib/inventory-filter.ts';

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

describe('the inventory island, rendered on the server (the page without JavaScript)', () => {
  const html = render(InventoryFilter, { vehicles: [item('a-1', 'Rover One', 14995), item('b-2', 'Rover Two', 25000, false)], choices, priceEdges: edges });

  it('lists every unit with its link, placeholder image, NEW badge and price', () => {
    expect(html.match(/<article/g)).toHaveLength(2);
    expect(html).toContain('href="/vehicles/a-1"');
    expect(html).toContain('href="/vehicles/b-2"');
    expect(html).toContain('src="/images/carts/placeholder.svg"');
    expect(html.match(/>NEW</g)).toHaveLength(1);
    expect(html).toContain('$14,995');
    expect(html).toContain('$25,000');
  });

  it('has the count line and a GET form with the four fields and Apply Filters', () => {
    expect(html).toContain('Showing 2 of 2 total vehicles');
    expect(html).toMatch(/<form[^>]* method="get"/);
    expect(html).toMatch(/<form[^>]* role="search"/);
    for (const name of ['search', 'brand', 'category', 'price']) expect(html).toContain(`name="${name}"`);
    expect(html).toContain('>Apply Filters</button>');
    expect(html).toContain('<option value="15000-25000">$15,000 - $25,000</option>');
  });
});

describe('the inventory island rendered for an address with filters (the inventory page function)', () => {
  const lot = [item('a-1', 'Rover One', 14995), item('b-2', 'Rover Two', 25000, false), item('c-3', 'Rover Three', 9995)];
  const renderFor = (requestQuery: string) => render(InventoryFilter, { vehicles: lot, choices, priceEdges: edges, requestQuery });
  const ids = (html: string) => [...html.matchAll(/<a href="\/vehicles\/([^"]+)" class="btn/g)].map((match) => match[1]);

  it('lists the units of the query in its order, with the count line and the form showing the choice', () => {
    const html = renderFor('?street=legal&sort=price-desc');
    expect(ids(html)).toEqual(['a-1', 'c-3']);
    expect(html).toContain('Showing 2 of 3 total vehicles');
    expect(html).toMatch(/<input[^>]* type="checkbox"[^>]* checked=""/);
    expect(html).toContain('<option value="price-desc" selected="">');
  });

  it('reads unknown values as the defaults and shows the empty state with a Clear All Filters form', () => {
    expect(ids(renderFor('?brand=club-car&sort=sideways'))).toEqual(['a-1', 'b-2', 'c-3']);
    const empty = renderFor('?search=hovercraft');
    expect(empty).toContain('No vehicles match your current filters. Showing 0 of 3 total vehicles');
    expect(empty).toContain('value="hovercraft"');
    expect(empty).toMatch(/<form method="get"><button type="submit" class="btn btn-primary mt-6">Clear All Filters<\/button><\/form>/);
  });

  it('renders every unit without a query (the pre-rendered page), its filter bar shown without JavaScript too', () => {
    const html = render(InventoryFilter, { vehicles: lot, choices, priceEdges: edges });
    expect(ids(html)).toEqual(['a-1', 'b-2', 'c-3']);
    expect(html).not.toContain('noscript:hidden');
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
