import { describe, expect, it } from 'vitest';
import { dealer } from '../../src/lib/data/dealer.ts';
import { builtPage, elements, jsonLd, links, mainOf, textOf } from './pages-html.ts';

describe('/about', () => {
  const html = builtPage('about.html');
  const main = mainOf(html);
  const text = textOf(main);

  it("states the about page's own figures: since 2010, 13+ years, 5000+ customers, 33 municipalities", () => {
    expect(text).toContain('In business since 2010');
    expect(text).toContain('Years in business 13+');
    expect(text).toContain('Happy customers 5000+');
    expect(text).toContain('Municipalities served 33');
  });

  it('and, beside the claim of 33, lists all 40 municipalities, each linking to its town page', () => {
    expect(text).toContain('We serve all 40 municipalities of Burlington County');
    const list = elements(main, 'ul', 'data-municipalities')[0]!;
    const towns = links(list.html);
    expect(towns).toHaveLength(40);
    expect(towns[0]).toMatchObject({ text: 'Bass River Township', href: '/bass-river-township-golf-carts' });
    expect(towns.find((t) => t.text === 'Beverly City')?.href).toBe('/beverly-city-golf-carts');
    expect(towns.find((t) => t.text === 'Fieldsboro Borough')?.href).toBe('/fieldsboro-borough-golf-carts');
    expect(towns.at(-1)).toMatchObject({ text: 'Wrightstown Borough', href: '/wrightstown-borough-golf-carts' });
    expect(new Set(towns.map((t) => t.href)).size).toBe(40);
  });

  it('has the story, values and team', () => {
    expect(text).toContain('Our story');
    expect(text).toContain('What We Stand For');
    expect(text).toContain('Meet the Team');
  });

  it('links to /contact and the inventory at /new-inventory', () => {
    const hrefs = links(main).map((l) => l.href);
    expect(hrefs).toContain('/contact');
    expect(hrefs).toContain('/new-inventory');
  });

  it("shows the about page's own hours, with Sunday by appointment", () => {
    expect(text).toContain('Hours Monday - Friday 9AM-5PM Saturday 9AM-5PM Sunday By appointment');
  });

  it('gives crawlers the founding year', () => {
    expect(jsonLd(html).find((b) => b['@type'] === 'Organization')?.foundingDate).toBe('2010');
  });
});

describe('/showroom', () => {
  const html = builtPage('showroom.html');
  const main = mainOf(html);
  const text = textOf(main);
  const all = links(main);

  it('has one location card with name, address, phone and hours', () => {
    expect(text).toContain(`Our location ${dealer.name}`);
    expect(text).toContain(`${dealer.address.street} ${dealer.address.city}, ${dealer.address.region} ${dealer.address.postalCode}`);
    expect(text).toContain('Hours Monday - Friday 9AM-5PM Saturday 9AM-5PM Sunday Closed');
    expect(all.filter((l) => l.href === `tel:${dealer.phones.local.e164}`).length).toBeGreaterThanOrEqual(2);
  });

  it('has Directions to a maps link and Call Now as a tel: link', () => {
    const directions = all.find((l) => l.text.startsWith('Directions'))!;
    expect(directions.href).toBe(dealer.links.directions);
    expect(directions.href).toMatch(/^https:\/\/www\.google\.com\/maps\//);
    expect(directions.attrs).toContain('target="_blank"');
    expect(directions.attrs).toContain('rel="noopener"');
    expect(directions.text).toContain('(opens in a new tab)');
    expect(all.filter((l) => l.text === 'Call Now').every((l) => l.href.startsWith('tel:+1'))).toBe(true);
  });

  it('has the social and review links', () => {
    for (const social of dealer.links.social) expect(all.find((l) => l.text.startsWith(social.name))?.href).toBe(social.url);
    expect(all.find((l) => l.href === dealer.links.reviews)).toBeDefined();
  });

  it('has the showroom services: test drives, expert consultation, financing options', () => {
    for (const name of ['Test Drives', 'Expert Consultation', 'Financing Options']) expect(text).toContain(name);
  });

  it('has Schedule Visit linking to /contact', () => {
    const visits = all.filter((l) => l.text.includes('Schedule Visit'));
    expect(visits.length).toBeGreaterThanOrEqual(1);
    for (const visit of visits) expect(new URL(visit.href, 'https://x.test').pathname).toBe('/contact');
  });
});
