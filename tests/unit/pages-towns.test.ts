import { describe, expect, it } from 'vitest';
import { rentalGroups, rentalTerms } from '../../src/lib/data/rentals.ts';
import { municipalities, townPages } from '../../src/lib/data/towns.ts';
import { formatPrice } from '../../src/lib/format.ts';
import { formatSimilarityReport, mainText, similarityReport, TOWN_SIMILARITY_TARGET } from '../../src/lib/towns/similarity.ts';
import { deliveryFee, quoteRental } from '../../src/lib/rentals/quote.ts';
import { builtPage, elements, textOf } from './pages-html.ts';

// docs/product.md §Towns: what each built town page says about the town, computed from the data.
const pages = townPages.map((page) => ({ page, html: builtPage(`${page.path.slice(1)}.html`) }));
const terms = rentalTerms.delivery;
const byName = new Map(municipalities.map((m) => [m.fullName, m]));

/** Every rental plan of every group delivered `miles` away, as the /rentals quote prices it, row by row. */
const deliveredPlans = (miles: number) =>
  (rentalGroups[0]?.plans ?? []).map((plan) =>
    rentalGroups.map((group) => {
      const own = group.plans.filter((p) => p.key === plan.key);
      return quoteRental({ group: { ...group, plans: own }, periods: plan.days, quantity: 1, place: { slug: 'x', name: 'x', miles } }, terms).total;
    }),
  );
const tableRows = (html: string) =>
  [...html.matchAll(/<tr\b[\s\S]*?<\/tr>/g)].slice(1).map((row) => [...row[0].matchAll(/<td\b[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => textOf(cell[1] ?? '')));

describe('town pages on their own facts', () => {
  it('state each municipality’s distance, rank, delivery fee and delivered rental prices by the /rentals quote arithmetic', () => {
    for (const { page, html } of pages.slice(1)) {
      const town = byName.get(page.fullName)!;
      const facts = elements(html, 'section', 'data-town-facts')[0]?.html ?? '';
      const fee = deliveryFee(town.deliveryMiles, terms);
      const rank = 1 + municipalities.filter((m) => m.deliveryMiles < town.deliveryMiles).length;
      const text = textOf(facts);
      expect(text, page.path).toContain(`${town.deliveryMiles} mile${town.deliveryMiles === 1 ? '' : 's'} one way: ${page.fullName} is ${rank}`);
      expect(text, page.path).toContain(
        fee === 0 ? `Free to ${page.fullName}` : `${formatPrice(fee)} to ${page.fullName}: ${town.deliveryMiles - terms.includedMiles} × `,
      );
      expect(tableRows(elements(facts, 'table', 'data-fact')[0]?.html ?? ''), page.path).toEqual(
        deliveredPlans(town.deliveryMiles).map((row) => row.map(formatPrice)),
      );
    }
  });

  it('list the bordering towns and those two borders away, nearest first, each with its distance and fee', () => {
    for (const { page, html } of pages.slice(1)) {
      const town = byName.get(page.fullName)!;
      const listed = (attr: string) =>
        [...(elements(html, 'ul', attr)[0]?.html ?? '').matchAll(/<li>([\s\S]*?)<\/li>/g)].map((li) =>
          // The link, then the line under it.
          [...(li[1] ?? '').matchAll(/<(a|span)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((part) => textOf(part[2] ?? '')).join(' '),
        );
      const line = (m: (typeof municipalities)[number]) => {
        const fee = deliveryFee(m.deliveryMiles, terms);
        return `${m.fullName} ${m.deliveryMiles} mi · ${fee === 0 ? 'free delivery' : `${formatPrice(fee)} delivery`}`;
      };
      const nearest = (a: (typeof municipalities)[number], b: (typeof municipalities)[number]) =>
        a.deliveryMiles - b.deliveryMiles || a.fullName.localeCompare(b.fullName);
      const neighbours = municipalities.filter((m) => town.neighbours.includes(m.slug));
      const further = municipalities.filter((m) => m !== town && !neighbours.includes(m) && neighbours.some((n) => n.neighbours.includes(m.slug)));
      expect(listed('data-nearby-towns'), page.path).toEqual(neighbours.sort(nearest).map(line));
      expect(listed('data-further-towns'), page.path).toEqual(further.sort(nearest).map(line));
    }
  });

  it('give the county page the county-wide figures and every town with its fee', () => {
    const { html } = pages[0]!;
    const text = textOf(elements(html, 'section', 'data-town-facts')[0]?.html ?? '');
    const free = municipalities.filter((m) => m.deliveryMiles <= terms.includedMiles).length;
    const farthest = [...municipalities].sort((a, b) => b.deliveryMiles - a.deliveryMiles)[0]!;
    expect(text).toContain(`${free} of ${municipalities.length} towns`);
    expect(text).toContain(`${farthest.fullName}, ${farthest.deliveryMiles} miles: ${formatPrice(deliveryFee(farthest.deliveryMiles, terms))} delivery`);
  });

  it('read as their own pages: median similarity of their main content within the target, without local text', () => {
    expect(municipalities.filter((m) => m.localText)).toEqual([]);
    const report = similarityReport(new Map(pages.map(({ page, html }) => [page.path, mainText(html)])));
    expect(report.pages).toBe(41);
    expect(report.median, formatSimilarityReport(report).join('\n')).toBeLessThanOrEqual(TOWN_SIMILARITY_TARGET);
  });
});
