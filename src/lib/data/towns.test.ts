import { describe, expect, it } from 'vitest';
import { county, countyPage, municipalities, popularCartsLimit, townAliases, townBrands, townPages } from './towns.ts';

// The municipalities with their real type (docs/product.md §Towns: Beverly is a city, the
// others without a stated type are townships).
const MUNICIPALITIES = [
  'Bass River Township',
  'Beverly City',
  'Bordentown City',
  'Bordentown Township',
  'Burlington City',
  'Burlington Township',
  'Chesterfield Township',
  'Cinnaminson Township',
  'Delanco Township',
  'Delran Township',
  'Eastampton Township',
  'Edgewater Park Township',
  'Evesham Township',
  'Fieldsboro Borough',
  'Florence Township',
  'Hainesport Township',
  'Lumberton Township',
  'Mansfield Township',
  'Maple Shade Township',
  'Medford Township',
  'Medford Lakes Borough',
  'Moorestown Township',
  'Mount Holly Township',
  'Mount Laurel Township',
  'New Hanover Township',
  'North Hanover Township',
  'Palmyra Borough',
  'Pemberton Borough',
  'Pemberton Township',
  'Riverside Township',
  'Riverton Borough',
  'Shamong Township',
  'Southampton Township',
  'Springfield Township',
  'Tabernacle Township',
  'Washington Township',
  'Westampton Township',
  'Willingboro Township',
  'Woodland Township',
  'Wrightstown Borough',
];
const OTHER_COUNTIES = /\b(Atlantic|Camden|Cape May|Cumberland|Gloucester|Mercer|Monmouth|Ocean|Salem)\s+County\b/;

describe('town data', () => {
  it('has the 40 municipalities with their real type', () => {
    expect(municipalities.map((m) => m.fullName).sort()).toEqual([...MUNICIPALITIES].sort());
  });

  it('makes 41 town pages: the county hub and 40 municipalities at /{town}-{type}-golf-carts', () => {
    expect(townPages).toHaveLength(41);
    expect(townPages[0]?.path).toBe('/burlington-county-golf-carts');
    expect(countyPage.path).toBe('/burlington-county-golf-carts');
    expect(townPages.map((p) => p.path)).toContain('/bass-river-township-golf-carts');
    expect(townPages.map((p) => p.path)).toContain('/beverly-city-golf-carts');
    for (const page of townPages) expect(page.path).toMatch(/^\/[a-z0-9-]+-(township|borough|city|county)-golf-carts$/);
    expect(new Set(townPages.map((p) => p.path)).size).toBe(41);
  });

  it('gives every page its own title, description, intro and heading naming the town, its type and the county', () => {
    for (const key of ['title', 'description', 'intro', 'heading'] as const) {
      expect(new Set(townPages.map((p) => p[key])).size, key).toBe(41);
    }
    for (const page of townPages) {
      expect(page.heading).toContain(page.fullName);
      expect(page.title).toContain(page.fullName);
      expect(page.description).toContain(page.fullName);
      expect(page.intro).toContain(page.fullName);
      expect(page.description).toContain('Burlington County');
      expect(page.intro).toContain('Burlington County');
    }
  });

  it('never names a neighbouring county in any page text', () => {
    for (const page of townPages) {
      const text = [page.title, page.description, page.intro, page.localService, ...page.whyChooseUs].join(' ');
      expect(text, page.path).not.toMatch(OTHER_COUNTIES);
    }
  });

  it('builds each map query from the town name, its type and NJ', () => {
    const query = (path: string) => townPages.find((p) => p.path === path)?.mapQuery;
    expect(query('/bass-river-township-golf-carts')).toBe('Bass River Township, NJ');
    expect(query('/beverly-city-golf-carts')).toBe('Beverly City, NJ');
    expect(query('/wrightstown-borough-golf-carts')).toBe('Wrightstown Borough, NJ');
    expect(query('/burlington-county-golf-carts')).toBe('Burlington County, NJ');
    for (const page of townPages) expect(page.mapQuery).toBe(`${page.fullName}, NJ`);
  });

  it('picks each background among the 8 town images', () => {
    for (const page of townPages) expect(page.background).toMatch(/^\/images\/towns\/bg-[1-8]\.svg$/);
    expect(new Set(townPages.map((p) => p.background)).size).toBeGreaterThan(4);
  });

  it('links every municipality to bordering towns that link back, and the county page to all 40', () => {
    const byPath = new Map(townPages.map((p) => [p.path, p]));
    for (const page of townPages.slice(1)) {
      expect(page.neighbours.length, page.path).toBeGreaterThan(0);
      for (const neighbour of page.neighbours) {
        expect(neighbour.path).not.toBe(page.path);
        expect(
          byPath.get(neighbour.path)?.neighbours.map((n) => n.path),
          `${neighbour.path} should list ${page.path}`,
        ).toContain(page.path);
      }
    }
    expect(townPages[0]?.neighbours).toHaveLength(40);
  });

  it('shows at most 3 vehicles and the six town-page brands', () => {
    expect(popularCartsLimit).toBe(3);
    expect(townBrands.map((b) => b.name)).toEqual(['Club Car', 'EZ-GO', 'Denago', 'Evolution', 'Tomberlin', 'Swift EV']);
  });

  it('names the county and NJ', () => {
    expect(county.name).toBe('Burlington County');
    expect(county.state).toBe('NJ');
  });
});

describe('town aliases', () => {
  const target = (from: string) => townAliases.rules.find((r) => r.from === from)?.to;

  it('redirects /{town}-golf-carts of every unambiguous municipality', () => {
    const ambiguousNames = new Set(['Bordentown', 'Burlington', 'Pemberton']);
    for (const town of municipalities.filter((m) => !ambiguousNames.has(m.name))) {
      const bare = `/${town.name.toLowerCase().replace(/ /g, '-')}-golf-carts`;
      expect(target(bare), bare).toBe(town.path);
    }
  });

  it('redirects wrong types, e.g. /beverly-township-golf-carts, and the county spellings', () => {
    expect(target('/beverly-township-golf-carts')).toBe('/beverly-city-golf-carts');
    expect(target('/bass-river-borough-golf-carts')).toBe('/bass-river-township-golf-carts');
    expect(target('/medford-lakes-township-golf-carts')).toBe('/medford-lakes-borough-golf-carts');
    expect(target('/burlington-county-nj-golf-carts')).toBe('/burlington-county-golf-carts');
  });

  it('does not redirect the spellings shared by Bordentown, Burlington and Pemberton', () => {
    expect(townAliases.ambiguous.sort()).toEqual([
      '/bordentown-borough-golf-carts',
      '/bordentown-golf-carts',
      '/burlington-borough-golf-carts',
      '/burlington-golf-carts',
      '/pemberton-city-golf-carts',
      '/pemberton-golf-carts',
    ]);
  });

  it('points every rule at one of the 41 pages and never shadows one', () => {
    const paths = new Set(townPages.map((p) => p.path));
    for (const rule of townAliases.rules) {
      expect(paths.has(rule.to), rule.to).toBe(true);
      expect(paths.has(rule.from), rule.from).toBe(false);
      expect(rule.status).toBe(301);
    }
  });
});
