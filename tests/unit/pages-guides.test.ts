import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDay } from '../../src/lib/data/build-day.ts';
import { buyingGuide, buyingGuideModified, streetLegalFacts } from '../../src/lib/data/buying-guide.ts';
import { collections } from '../../src/lib/data/collections.ts';
import { dealer } from '../../src/lib/data/dealer.ts';
import { listedVehicles } from '../../src/lib/data/lot.ts';
import { streetUse, guideModified } from '../../src/lib/data/street-use.ts';
import { municipalities, townPages } from '../../src/lib/data/towns.ts';
import { vehicles } from '../../src/lib/data/vehicles.ts';
import { batteryLines, batteryLineText, BUYING_GUIDE_PATH } from '../../src/lib/guides/buying-guide.ts';
import { checkedText, isStale, STREET_USE_GUIDE_PATH, type CheckedFact } from '../../src/lib/guides/street-use.ts';
import { sitemapLocs } from '../../src/lib/seo/sitemap.ts';
import { builtPage, elements, headOf, jsonLd, links, mainOf, textOf } from './pages-html.ts';

// docs/product.md §Guides, §Towns: the built pages state each street-use fact with its source
// and checked date, and no town a rule its data does not hold.
const site = process.env.SITE_URL || dealer.website;
const streetPage = builtPage(`${STREET_USE_GUIDE_PATH.slice(1)}.html`);
const buyingPage = builtPage(`${BUYING_GUIDE_PATH.slice(1)}.html`);
const factById = new Map(streetUse.facts.map((fact) => [fact.id, fact]));
const sourceOf = (id: string) => streetUse.sources.find((s) => s.id === factById.get(id)?.source)!;
/** How the page reads a statement's source line: the source's title, linked, and its check. */
const sourceLine = (title: string, checked: string) => `Source: ${title}, ${checkedText(checked, isStale(checked, buildDay))}`;

/** Every element of `html` carrying data-fact="id": its text and links. */
const factElements = (html: string) =>
  [...html.matchAll(/<(dd|li)\b[^>]*data-fact="([^"]+)"[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => ({ id: m[2] ?? '', html: m[3] ?? '' }));

function expectFactShown(shown: { id: string; html: string }, fact: Pick<CheckedFact, 'id'>) {
  const data = factById.get(fact.id)!;
  const source = sourceOf(fact.id);
  expect(textOf(shown.html), fact.id).toBe(`${data.text} ${sourceLine(source.title, data.checked)}`);
  expect(
    links(shown.html).map((l) => [l.href, l.text]),
    fact.id,
  ).toEqual([[source.url, source.title]]);
  expect(shown.html, fact.id).toContain(`<time datetime="${data.checked}">`);
}

describe('the street-use guide, /street-legal-golf-carts-nj', () => {
  it('sets golf cart and LSV side by side, topic by topic, each fact with its source link and checked date', () => {
    const shown = factElements(mainOf(streetPage));
    const expected = [...streetUse.guide.comparison.flatMap((row) => [...row.golfCart, ...row.lsv]), ...streetUse.guide.afterBuying];
    expect(shown.map((s) => s.id)).toEqual(expected);
    shown.forEach((s) => expectFactShown(s, s));
    const topics = [...streetPage.matchAll(/data-topic="([^"]+)"/g)].map((m) => m[1]);
    expect(topics).toEqual(streetUse.guide.comparison.map((row) => row.topic));
  });

  it('lists what could not be confirmed as such, and every source it cites', () => {
    const text = textOf(mainOf(streetPage));
    for (const line of streetUse.guide.unsettled) expect(text).toContain(line);
    for (const source of streetUse.sources) expect(links(streetPage).some((l) => l.href === source.url && l.text === source.title)).toBe(true);
  });

  it('is an Article dated by its latest check, published by the dealer, without FAQ markup', () => {
    const blocks = jsonLd(streetPage);
    expect(blocks.map((b) => b['@type'])).toEqual(['Article', 'BreadcrumbList']);
    const article = blocks[0]!;
    expect(article).toMatchObject({
      headline: streetUse.guide.heading,
      datePublished: streetUse.guide.published,
      dateModified: guideModified,
      url: new URL(STREET_USE_GUIDE_PATH, site).href,
      publisher: { '@type': 'Organization', name: dealer.name, logo: { '@type': 'ImageObject', url: new URL(dealer.logo, site).href } },
      author: { '@type': 'Organization', name: dealer.name },
    });
    expect(guideModified).toBe(
      [...streetUse.facts]
        .map((f) => f.checked)
        .sort()
        .at(-1),
    );
    expect((article.citation as { url: string }[]).map((c) => c.url)).toEqual(streetUse.sources.map((s) => s.url));
    expect(headOf(streetPage)).toMatchObject({ title: `${streetUse.guide.title} | ${dealer.name}`, description: streetUse.guide.description });
    expect(streetPage).toContain('<meta property="og:type" content="article">');
  });
});

describe('the buying guide, /golf-cart-buying-guide', () => {
  const main = mainOf(buyingPage);

  it('covers each choice in its own section, with the street-legal facts, their sources and dates', () => {
    const sections = [...main.matchAll(/data-guide-section="([^"]+)"/g)].map((m) => m[1]);
    expect(sections).toEqual(['street-legal', 'new-or-used', 'battery', 'lifted', 'seats', 'paying']);
    const shown = factElements(main);
    expect(shown.map((s) => s.id)).toEqual(buyingGuide.streetLegal.facts);
    shown.forEach((s) => expectFactShown(s, s));
    expect(links(main).some((l) => l.href === STREET_USE_GUIDE_PATH)).toBe(true);
  });

  it('counts the lot’s batteries and warranties, links the collections with their units, and our financing and trade-in forms', () => {
    const batteries = [...(elements(main, 'ul', 'data-batteries')[0]?.html ?? '').matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => textOf(m[1] ?? ''));
    expect(batteries).toEqual(batteryLines(listedVehicles).map(batteryLineText));
    expect(batteries.length).toBeGreaterThan(0);
    const hrefs = links(main).map((l) => l.href);
    for (const slug of ['street-legal', 'used', 'lifted', '2-seater', '4-seater', '6-seater', '8-seater']) {
      const collection = collections.find((c) => c.slug === slug)!;
      expect(hrefs.includes(collection.path), slug).toBe(collection.units.length > 0);
    }
    expect(hrefs).toEqual(expect.arrayContaining(['/financing', '/trade-in']));
  });

  it('is an Article dated by its advice or its facts’ latest check', () => {
    const [article] = jsonLd(buyingPage);
    expect(article).toMatchObject({
      '@type': 'Article',
      headline: buyingGuide.heading,
      datePublished: buyingGuide.published,
      dateModified: buyingGuideModified,
    });
    expect(buyingGuideModified).toBe([buyingGuide.updated, ...streetLegalFacts.map((f) => f.checked)].sort().at(-1));
    expect(jsonLd(buyingPage).some((b) => b['@type'] === 'FAQPage')).toBe(false);
  });
});

describe('street use on every town page (docs/product.md §Towns)', () => {
  const rule = (town: string) => streetUse.townPage.rule.replaceAll('{town}', town);
  const citations = streetUse.townPage.ruleFacts.map((id) => sourceOf(id)).filter((s, i, all) => all.indexOf(s) === i);
  const oldest = (sourceId: string) =>
    streetUse.townPage.ruleFacts
      .map((id) => factById.get(id)!)
      .filter((f) => f.source === sourceId)
      .map((f) => f.checked)
      .sort()[0]!;

  it('says the state rule with its source and date, then what the town’s data records: its ordinances or none, and its clerk; nothing more', () => {
    for (const page of townPages) {
      const section = elements(builtPage(`${page.path.slice(1)}.html`), 'section', 'data-street-use')[0]?.html ?? '';
      const town = municipalities.find((m) => m.path === page.path);
      const place = town ? town.fullName : 'your town';
      const ordinances = (town?.ordinances ?? []).map((o) => `${o.number}: ${o.title} ${o.says} ${sourceLine(`${page.fullName} ${o.number}`, o.checked)}`);
      const clerkLine = town
        ? `${ordinances.length === 0 ? `${streetUse.townPage.noRecord.replaceAll('{town}', place)} ` : ''}${streetUse.townPage.askClerk.replaceAll('{town}', place)}`
        : streetUse.townPage.county;
      const clerk = town?.clerk
        ? [`${page.fullName} clerk:`, town.clerk.phone?.display, town.clerk.email, town.clerk.url && "the clerk's page"].filter(Boolean).join(' ')
        : '';
      const expected = [
        `Driving an LSV in ${page.fullName}`,
        rule(place),
        ...citations.map((source) => sourceLine(source.title, oldest(source.id))),
        ...ordinances,
        `${clerkLine} New Jersey's rules, side by side`,
        clerk,
      ]
        .filter(Boolean)
        .join(' ');
      expect(textOf(section), page.path).toBe(expected);
      const clerkLinks = [town?.clerk?.phone && `tel:${town.clerk.phone.e164}`, town?.clerk?.email && `mailto:${town.clerk.email}`, town?.clerk?.url];
      expect(
        links(section).map((l) => l.href),
        page.path,
      ).toEqual([...citations.map((s) => s.url), ...(town?.ordinances ?? []).map((o) => o.url), STREET_USE_GUIDE_PATH, ...clerkLinks].filter(Boolean));
    }
  });

  it('record no town ordinance the sources did not find: none is in the data, so every municipality says so', () => {
    expect(municipalities.filter((m) => m.ordinances?.length)).toEqual([]);
    for (const town of municipalities) {
      expect(textOf(builtPage(`${town.path.slice(1)}.html`)), town.path).toContain(`We have no record of a ${town.fullName} ordinance on LSVs.`);
    }
  });
});

describe('what points to the guides', () => {
  it('the home page, the street-legal collection and each street-legal unit’s page link the street-use guide; the home page and the footer the buying guide', () => {
    const home = builtPage('index.html');
    expect(links(mainOf(home)).map((l) => l.href)).toEqual(expect.arrayContaining([STREET_USE_GUIDE_PATH, BUYING_GUIDE_PATH]));
    expect(links(builtPage('golf-carts/street-legal.html')).some((l) => l.href === STREET_USE_GUIDE_PATH)).toBe(true);
    for (const unit of vehicles) {
      const linked = links(mainOf(builtPage(`vehicles/${unit.id}.html`))).some((l) => l.href === STREET_USE_GUIDE_PATH);
      expect(linked, unit.id).toBe(unit.streetLegal);
    }
    for (const file of ['index.html', 'rentals.html', 'about.html', 'delran-township-golf-carts.html']) {
      const footer = /<footer\b[\s\S]*?<\/footer>/.exec(builtPage(file))?.[0] ?? '';
      expect(
        links(footer).some((l) => l.href === BUYING_GUIDE_PATH && l.text === 'Buying Guide'),
        file,
      ).toBe(true);
    }
  });

  it('the sitemap lists both guides', () => {
    const locs = sitemapLocs(readFileSync(join(import.meta.dirname, '..', '..', 'dist', 'sitemap.xml'), 'utf8'));
    expect(locs).toEqual(expect.arrayContaining([new URL(STREET_USE_GUIDE_PATH, site).href, new URL(BUYING_GUIDE_PATH, site).href]));
  });

  it('/llms.txt names the dealer, sums it up and links the guides, the lot’s collections with their counts and every town, from the data', () => {
    const text = readFileSync(join(import.meta.dirname, '..', '..', 'dist', 'llms.txt'), 'utf8');
    const lines = text.split('\n');
    expect(lines.slice(0, 3)).toEqual([`# ${dealer.name}`, '', `> ${dealer.description}`]);
    const headings = lines.filter((l) => l.startsWith('## '));
    expect(headings).toEqual(['## Guides', '## Shop', '## Buy, rent and service', '## Optional']);
    expect(text).toContain(`- [${streetUse.guide.heading}](${new URL(STREET_USE_GUIDE_PATH, site).href}): ${streetUse.guide.description}`);
    expect(text).toContain(`- [${buyingGuide.heading}](${new URL(BUYING_GUIDE_PATH, site).href}): ${buyingGuide.description}`);
    for (const collection of collections) {
      const line = `- [${collection.heading}](${new URL(collection.path, site).href}): ${collection.units.length} unit`;
      expect(text.includes(line), collection.slug).toBe(collection.units.length > 0);
    }
    for (const town of municipalities) expect(text).toContain(`- [${town.fullName}](${new URL(town.path, site).href})`);
  });
});
