import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cspHash, inlineCode, pageCsp } from './security-headers.ts';

describe('inlineCode', () => {
  const html = `<head><style>a{color:red}</style><script type="application/ld+json">{"a":1}</script>
    <script>console.log(1)</script><script type="module" src="/_astro/x.js"></script>
    <script type="module">import('/x')</script></head>`;

  it('finds executable inline scripts and inline styles, not JSON-LD or external scripts', () => {
    expect(inlineCode(html)).toEqual({ scripts: ['console.log(1)', "import('/x')"], styles: ['a{color:red}'] });
  });
});

describe('cspHash', () => {
  it('is the base64 sha256 of the exact text', () => {
    const expected = createHash('sha256').update('console.log(1)').digest('base64');
    expect(cspHash('console.log(1)')).toBe(`'sha256-${expected}'`);
  });
});

describe('pageCsp', () => {
  const csp = pageCsp({ scriptHashes: ["'sha256-b'", "'sha256-a'", "'sha256-a'"], styleHashes: [], frameOrigin: 'https://www.google.com/maps' });
  const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

  it.each([
    ['default-src', "default-src 'self'"],
    ['script-src', "script-src 'self' 'sha256-a' 'sha256-b'"],
    ['style-src', "style-src 'self'"],
    ['object-src', "object-src 'none'"],
    ['base-uri', "base-uri 'self'"],
    ['form-action', "form-action 'self'"],
    ['frame-ancestors', "frame-ancestors 'none'"],
    ['frame-src', 'frame-src https://www.google.com'],
  ])('%s', (name, value) => expect(directive(name)).toBe(value));

  it('never allows unsafe-inline or unsafe-eval', () => {
    expect(csp).not.toMatch(/unsafe-(inline|eval)/);
  });
});
