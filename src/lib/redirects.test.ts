import { describe, expect, it } from 'vitest';
import { formatRedirects } from './redirects.ts';

describe('formatRedirects', () => {
  it('writes Netlify lines: from, query conditions, to, status with ! when forced; aligned', () => {
    const text = formatRedirects([
      { from: '/new-inventory', query: { sort: ':sort' }, to: '/.netlify/functions/inventory-page', status: 200, force: true },
      { from: '/brands/denago', to: '/denago', status: 301 },
      { from: '/a', query: { id: ':id', tag: ':tag' }, to: '/b/:tag/:id', status: 302 },
    ]);
    expect(text).toBe(
      [
        '/new-inventory  sort=:sort  /.netlify/functions/inventory-page  200!',
        '/brands/denago              /denago  301',
        '/a  id=:id  tag=:tag        /b/:tag/:id  302',
        '',
      ].join('\n'),
    );
  });
});
