import { describe, expect, it } from 'vitest';
import { absoluteUrl, fullTitle, headTags, serializeJsonLd } from './seo.ts';

const site = 'https://www.example.com';

describe('absoluteUrl', () => {
  it.each([
    ['/', 'https://www.example.com/'],
    ['/new-inventory', 'https://www.example.com/new-inventory'],
    ['/about/', 'https://www.example.com/about'],
    ['/images/hero.svg', 'https://www.example.com/images/hero.svg'],
    ['https://cdn.example.org/a.png', 'https://cdn.example.org/a.png'],
  ])('%s → %s', (path, url) => expect(absoluteUrl(path, site)).toBe(url));
});

describe('fullTitle', () => {
  it('appends the site name once', () => {
    expect(fullTitle('Rentals', 'Dealer')).toBe('Rentals | Dealer');
    expect(fullTitle('Golf Carts | Dealer', 'Dealer')).toBe('Golf Carts | Dealer');
  });
});

describe('headTags', () => {
  const tags = headTags({ title: 'Rentals', description: 'Rent a cart.', path: '/rentals', keywords: ['a', 'b'] }, site, 'Dealer');
  const content = (key: string) => tags.meta.find((m) => m.name === key || m.property === key)?.content;

  it('gives the title, canonical, description and social tags', () => {
    expect(tags.title).toBe('Rentals | Dealer');
    expect(tags.canonical).toBe('https://www.example.com/rentals');
    expect(content('description')).toBe('Rent a cart.');
    expect(content('keywords')).toBe('a, b');
    expect(content('og:url')).toBe('https://www.example.com/rentals');
    expect(content('og:title')).toBe('Rentals | Dealer');
    expect(content('twitter:card')).toBe('summary_large_image');
    expect(content('og:image')).toMatch(/^https:\/\/www\.example\.com\/images\//);
    expect(content('robots')).toBeUndefined();
  });

  it('marks noindex pages', () => {
    const noindex = headTags({ title: 'x', description: 'y', path: '/404', noindex: true }, site, 'Dealer');
    expect(noindex.meta).toContainEqual({ name: 'robots', content: 'noindex, follow' });
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element it sits in', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
