import { describe, expect, it } from 'vitest';
import { llmsTxt } from './llms-txt.ts';

describe('/llms.txt (docs/product.md §Guides)', () => {
  it('is a title, a summary, detail paragraphs and sections of absolute links with notes, as the llms.txt convention has it', () => {
    const text = llmsTxt(
      {
        title: 'Burlington Golf Carts',
        summary: 'A golf cart dealer\nin New Jersey.',
        details: ['Showroom: 100 High Street.'],
        sections: [
          { heading: 'Guides', links: [{ title: 'How to Choose [a Cart]', path: '/golf-cart-buying-guide', note: 'new or used' }] },
          { heading: 'Empty', links: [] },
          { heading: 'Optional', links: [{ title: 'Delran Township', path: '/delran-township-golf-carts' }] },
        ],
      },
      'https://www.example.com',
    );
    expect(text).toBe(
      [
        '# Burlington Golf Carts',
        '',
        '> A golf cart dealer in New Jersey.',
        '',
        'Showroom: 100 High Street.',
        '',
        '## Guides',
        '',
        '- [How to Choose a Cart](https://www.example.com/golf-cart-buying-guide): new or used',
        '',
        '## Optional',
        '',
        '- [Delran Township](https://www.example.com/delran-township-golf-carts)',
        '',
      ].join('\n'),
    );
  });
});
