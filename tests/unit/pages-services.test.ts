import { describe, expect, it } from 'vitest';
import { builtPage, elements, jsonLd, links, mainOf, textOf } from './pages-html.ts';

const html = builtPage('services.html');
const main = mainOf(html);

describe('/services figures', () => {
  const cards = elements(main, 'article', 'data-service');

  it.each([
    ['Maintenance & Repair', 'From $85/hour'],
    ['Battery Services', 'From $50'],
    ['Custom Modifications', 'Custom quote'],
    ['Warranty Service', 'Covered'],
  ])('%s is priced "%s" and links to the service appointment form', (title, price) => {
    const card = cards.find((c) => textOf(c.html).includes(title));
    expect(card, title).toBeDefined();
    expect(textOf(elements(card!.html, 'p', 'data-price')[0]?.html ?? '')).toBe(price);
    const cardLinks = links(card!.html);
    expect(cardLinks).toHaveLength(1);
    expect(new URL(cardLinks[0]!.href, 'https://x.test').pathname).toBe('/schedule-service');
    expect(new URL(cardLinks[0]!.href, 'https://x.test').searchParams.get('service')).toBe(card!.value);
  });

  it('has exactly four service cards', () => {
    expect(cards).toHaveLength(4);
  });

  it('says repairs are mostly done in 24-48 hours', () => {
    expect(textOf(main)).toContain('Most repairs are completed within 24-48 hours');
  });

  it("shows the services page's own hours: Mon-Fri 8AM-5PM, Sat 9AM-3PM, Sun emergency only", () => {
    const text = textOf(main);
    expect(text).toContain('Service Hours Monday - Friday 8AM-5PM Saturday 9AM-3PM Sunday Emergency only');
  });

  it('describes each service to crawlers', () => {
    const names = jsonLd(html)
      .filter((b) => b['@type'] === 'Service')
      .map((b) => b.name);
    expect(names).toEqual(['Maintenance & Repair', 'Battery Services', 'Custom Modifications', 'Warranty Service']);
  });
});
