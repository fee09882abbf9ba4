import { describe, expect, it } from 'vitest';
import { rentalGroups } from '../../src/lib/data/rentals.ts';
import { builtPage, elements, jsonLd, links, mainOf, textOf } from './pages-html.ts';

// docs/product.md §Rentals: every figure as the product states it (thousands separated by formatPrice).
const STANDARD = {
  daily: { price: '$245' },
  threeDay: { price: '$685', savings: 'Save 6.8%', perDay: '$228.34 per day' },
  weekly: { price: '$1,050', savings: 'Save 38.7%', perDay: '$150 per day' },
  monthly: { price: '$2,800', savings: 'Save 61.6%', perDay: '$94 per day' },
};
const SIX_SEATER = {
  daily: { price: '$295' },
  threeDay: { price: '$735', savings: 'Save 16.9%', perDay: '$245 per day' },
  weekly: { price: '$1,400', savings: 'Save 32.2%', perDay: '$200 per day' },
  monthly: { price: '$3,500', savings: 'Save 60.4%', perDay: '$116.67 per day' },
};
const EXPECTED = [
  ['4-seater', '4 Seater', STANDARD],
  ['6-seater', '6 Seater', SIX_SEATER],
  ['utility', 'Utility', STANDARD],
] as const;
const PLAN_TITLES = { daily: 'Daily', threeDay: '3 Day', weekly: 'Weekly', monthly: 'Monthly' } as const;
const DURATIONS = { daily: '1 day', threeDay: '3 days', weekly: '7 days', monthly: '30 days' } as const;

const html = builtPage('rentals.html');
const main = mainOf(html);
const groups = elements(main, 'section', 'data-group');

describe('/rentals figures', () => {
  it('shows three plan groups in order: 4 Seater, 6 Seater, Utility', () => {
    expect(groups.map((g) => g.value)).toEqual(['4-seater', '6-seater', 'utility']);
  });

  describe.each(EXPECTED)('%s', (id, name, figures) => {
    const group = groups.find((g) => g.value === id)!;
    const cards = elements(group.html, 'article', 'data-plan');

    it(`is headed "${name} Rentals" and has the four plans in order`, () => {
      expect(textOf(group.html)).toContain(`${name} Rentals`);
      expect(cards.map((c) => c.value)).toEqual(['daily', 'threeDay', 'weekly', 'monthly']);
    });

    it.each(Object.entries(figures))('the %s card shows its price, saving and per-day figure exactly', (plan, expected) => {
      const card = cards.find((c) => c.value === plan)!;
      const text = textOf(card.html);
      expect(textOf(elements(card.html, 'p', 'data-price')[0]?.html ?? '')).toBe(expected.price);
      expect(text).toContain(PLAN_TITLES[plan as keyof typeof PLAN_TITLES]);
      expect(text).toContain(DURATIONS[plan as keyof typeof DURATIONS]);
      if ('savings' in expected) {
        expect(text).toContain(expected.savings);
        expect(text).toContain(expected.perDay);
      } else {
        expect(text).not.toMatch(/Save \d/);
        expect(text).not.toContain('per day');
      }
      expect(text).toMatch(/Renews/);
      expect(text).toContain('Free delivery within 10 miles');
    });

    it('each RESERVE TODAY opens the reservation form on this page with its cart type and plan', () => {
      for (const card of cards) {
        const reserve = links(card.html).find((l) => l.text.startsWith('RESERVE TODAY'));
        expect(reserve, `${card.value} has RESERVE TODAY`).toBeDefined();
        const url = new URL(reserve!.href, 'https://x.test');
        expect(url.pathname).toBe('/rentals');
        expect(url.hash).toBe('#reserve');
        expect(Object.fromEntries(url.searchParams)).toEqual({ group: id, plan: card.value });
      }
    });
  });

  it('has the reservation form at #reserve, a plain form posting to /api/reserve before any script runs', () => {
    const section = /<section id="reserve"[\s\S]*?<\/form>/.exec(main)?.[0];
    expect(section, 'the #reserve section with its form').toBeDefined();
    const form = /<form\b[^>]*>/.exec(section!)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/api/reserve"');
    for (const name of [
      'group',
      'quantity',
      'pickupDate',
      'pickupTime',
      'returnDate',
      'returnTime',
      'delivery',
      'address',
      'firstName',
      'lastName',
      'email',
      'phone',
      'note',
      'adult',
    ]) {
      expect(section, `field ${name}`).toMatch(new RegExp(`name="${name}"`));
    }
    expect(section).toMatch(/<button type="submit"[^>]*>Request Reservation<\/button>/);
    // Hydrated after load, once the browser is idle (docs/decisions/hydration-per-island.md).
    expect(section).toMatch(/client="interaction"[^>]*opts="[^"]*&quot;value&quot;:&quot;idle&quot;/);
    // Every municipality and the county can be chosen for delivery, with its distance.
    expect([...section!.matchAll(/<option value="[a-z-]+">[^<]+ \(\d+(?:\.\d+)? mi\)<\/option>/g)]).toHaveLength(41);
    expect(textOf(section!)).toContain('Pickup at the showroom (free)');
  });

  it('never prints a price with cents except $228.34 and $116.67', () => {
    const cents = [...textOf(main).matchAll(/\$\d[\d,]*\.\d{2}/g)].map((m) => m[0]);
    expect([...new Set(cents)].sort()).toEqual(['$116.67', '$228.34']);
  });

  it('has the six benefits', () => {
    const text = textOf(main);
    for (const benefit of [
      'Street Legal with Seat Belts',
      'Flexible Pickup and Return',
      'Fully Charged',
      'Insurance Included',
      '24/7 Support',
      'No Hidden Fees',
    ]) {
      expect(text).toContain(benefit);
    }
  });

  it('has badges, the Need Help Choosing block and the rental terms footnote', () => {
    const text = textOf(main);
    expect(text).toContain('Most Popular');
    expect(text).toContain('Need Help Choosing?');
    const footnote = textOf(elements(main, 'ul', 'data-footnote')[0]?.html ?? '');
    expect(footnote).toContain('Delivery fee: $6 per mile beyond 10 miles.');
    expect(footnote).toContain('Rental periods are in 24-hour increments.');
    expect(footnote).toContain('No refunds for early returns.');
    expect(footnote).toContain('subject to availability');
  });

  it('offers the plans to crawlers as an OfferCatalog with the same prices', () => {
    const catalog = jsonLd(html).find((b) => b['@type'] === 'OfferCatalog')!;
    expect(catalog.itemListElement).toHaveLength(12);
    expect(catalog.itemListElement.map((o: { price: number }) => o.price)).toEqual([245, 685, 1050, 2800, 295, 735, 1400, 3500, 245, 685, 1050, 2800]);
  });

  it('resolves the shared price list for 4 Seater and Utility from one place', () => {
    const [four, , utility] = rentalGroups;
    expect(four?.plans.map((p) => p.price)).toEqual(utility?.plans.map((p) => p.price));
  });
});
