import { describe, expect, it } from 'vitest';
import { fillTemplate, fullTownName, pickBackground, popularCarts, stableHash, townAliasRules, townCopy, townMapQuery, townPath } from './towns.ts';

describe('stableHash (32-bit FNV-1a)', () => {
  it.each([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
  ])('%j → the published FNV-1a value', (text, hash) => expect(stableHash(text)).toBe(hash));

  it('is an unsigned 32-bit integer and changes with the text', () => {
    const hash = stableHash('/bass-river-township-golf-carts');
    expect(Number.isInteger(hash)).toBe(true);
    expect(hash).toBeGreaterThanOrEqual(0);
    expect(hash).toBeLessThan(2 ** 32);
    expect(stableHash('/beverly-city-golf-carts')).not.toBe(hash);
  });

  it('hashes UTF-8 bytes, not UTF-16 code units', () => {
    expect(stableHash('é')).toBe(stableHash('\u00e9'));
    expect(stableHash('é')).not.toBe(stableHash('e'));
  });
});

describe('pickBackground', () => {
  const images = Array.from({ length: 8 }, (_, i) => `/images/towns/bg-${i + 1}.svg`);

  it('always gives the same image for the same path', () => {
    const first = pickBackground('/delran-township-golf-carts', images);
    for (let i = 0; i < 5; i++) expect(pickBackground('/delran-township-golf-carts', images)).toBe(first);
  });

  it('picks the image at hash mod count', () => {
    const path = '/medford-lakes-borough-golf-carts';
    expect(pickBackground(path, images)).toBe(images[stableHash(path) % 8]);
  });

  it('spreads many paths over all eight images', () => {
    const picked = new Set(Array.from({ length: 200 }, (_, i) => pickBackground(`/town-${i}-golf-carts`, images)));
    expect(picked.size).toBe(8);
  });

  it('refuses an empty image list', () => {
    expect(() => pickBackground('/x', [])).toThrow(/at least one image/);
  });
});

describe('popularCarts: at most the first 3 vehicles', () => {
  const list = ['a', 'b', 'c', 'd', 'e'];

  it('keeps the first three, in order', () => expect(popularCarts(list, 3)).toEqual(['a', 'b', 'c']));
  it('keeps all of a shorter list', () => expect(popularCarts(['a', 'b'], 3)).toEqual(['a', 'b']));
  it('gives no cards for an empty list', () => expect(popularCarts([], 3)).toEqual([]));
  it('gives no cards for a missing list', () => {
    expect(popularCarts(undefined, 3)).toEqual([]);
    expect(popularCarts(null, 3)).toEqual([]);
  });
  it('gives no cards for a limit of zero', () => expect(popularCarts(list, 0)).toEqual([]));
  it('does not change the list it was given', () => {
    popularCarts(list, 3);
    expect(list).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('names, paths and the map query', () => {
  it.each([
    ['Bass River', 'township', 'Bass River Township', 'Bass River Township, NJ'],
    ['Beverly', 'city', 'Beverly City', 'Beverly City, NJ'],
    ['Medford Lakes', 'borough', 'Medford Lakes Borough', 'Medford Lakes Borough, NJ'],
  ])('%s %s', (name, type, full, query) => {
    expect(fullTownName(name, type)).toBe(full);
    expect(townMapQuery(full, 'NJ')).toBe(query);
  });

  it('builds the page path', () => {
    expect(townPath('bass-river-township')).toBe('/bass-river-township-golf-carts');
    expect(townPath('burlington-county')).toBe('/burlington-county-golf-carts');
  });

  it('fills templates and leaves unknown keys alone', () => {
    expect(fillTemplate('Delivered to {town} in {county}.', { town: 'Delran Township', county: 'Burlington County' })).toBe(
      'Delivered to Delran Township in Burlington County.',
    );
    expect(fillTemplate('{unknown} stays', {})).toBe('{unknown} stays');
  });
});

describe('townAliasRules', () => {
  const places = [
    { name: 'Burlington County', type: 'county' as const, path: '/burlington-county-golf-carts', aliases: ['burlington-county-nj'] },
    { name: 'Beverly', type: 'city' as const, path: '/beverly-city-golf-carts' },
    { name: 'Bordentown', type: 'city' as const, path: '/bordentown-city-golf-carts' },
    { name: 'Bordentown', type: 'township' as const, path: '/bordentown-township-golf-carts' },
    { name: 'Burlington', type: 'city' as const, path: '/burlington-city-golf-carts' },
    { name: 'Mount Holly', type: 'township' as const, path: '/mount-holly-township-golf-carts', aliases: ['mt-holly'] },
  ];
  const { rules, ambiguous } = townAliasRules(places);
  const target = (from: string) => rules.find((r) => r.from === from)?.to;

  it('redirects the bare name and every wrong type to the one canonical page, with 301', () => {
    expect(target('/beverly-golf-carts')).toBe('/beverly-city-golf-carts');
    expect(target('/beverly-township-golf-carts')).toBe('/beverly-city-golf-carts');
    expect(target('/beverly-borough-golf-carts')).toBe('/beverly-city-golf-carts');
    expect(target('/mount-holly-golf-carts')).toBe('/mount-holly-township-golf-carts');
    expect(rules.every((r) => r.status === 301)).toBe(true);
  });

  it('redirects listed extra spellings and the county aliases', () => {
    expect(target('/mt-holly-golf-carts')).toBe('/mount-holly-township-golf-carts');
    expect(target('/burlington-county-nj-golf-carts')).toBe('/burlington-county-golf-carts');
  });

  it('leaves out spellings that fit two pages', () => {
    expect(ambiguous.sort()).toEqual(['/bordentown-borough-golf-carts', '/bordentown-golf-carts', '/burlington-golf-carts']);
    expect(target('/bordentown-golf-carts')).toBeUndefined();
    expect(target('/burlington-golf-carts')).toBeUndefined();
  });

  it('never redirects a canonical page', () => {
    const canonical = new Set(places.map((p) => p.path));
    expect(rules.filter((r) => canonical.has(r.from))).toEqual([]);
    expect(target('/bordentown-township-golf-carts')).toBeUndefined();
  });

  it('gives each alias once', () => {
    expect(new Set(rules.map((r) => r.from)).size).toBe(rules.length);
  });
});

describe('townCopy', () => {
  const ctx = {
    county: { name: 'Burlington County', state: 'NJ' },
    dealerName: 'Dealer',
    financingOffer: '0% financing on select models',
    municipalityCount: 40,
  };

  it('names the town, its type and the county in the title, description and intro', () => {
    const copy = townCopy({ fullName: 'Delran Township', type: 'township', note: 'A note.' }, ctx);
    expect(copy.heading).toBe('Golf Carts in Delran Township, NJ');
    expect(copy.title).toContain('Delran Township');
    for (const text of [copy.description, copy.intro]) {
      expect(text).toContain('Delran Township');
      expect(text).toContain('Burlington County');
    }
    expect(copy.intro.endsWith('A note.')).toBe(true);
  });

  it('writes the county hub page about all municipalities', () => {
    const copy = townCopy({ fullName: 'Burlington County', type: 'county', note: 'A note.' }, ctx);
    expect(copy.heading).toBe('Golf Carts in Burlington County, NJ');
    expect(copy.intro).toContain('all 40 municipalities');
  });
});
