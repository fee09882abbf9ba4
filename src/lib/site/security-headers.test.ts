import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cspHash, inlineCode, pageCsp, stylePolicy, withStylePolicy } from './security-headers.ts';

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
  const csp = pageCsp({ scriptHashes: ["'sha256-b'", "'sha256-a'", "'sha256-a'"], frameOrigin: 'https://www.google.com/maps' });
  const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

  it.each([
    ['script-src', "script-src 'self' 'sha256-a' 'sha256-b'"],
    ['img-src', "img-src 'self' data:"],
    ['connect-src', "connect-src 'self'"],
    ['object-src', "object-src 'none'"],
    ['base-uri', "base-uri 'self'"],
    ['form-action', "form-action 'self'"],
    ['frame-ancestors', "frame-ancestors 'none'"],
    ['frame-src', 'frame-src https://www.google.com'],
  ])('%s', (name, value) => expect(directive(name)).toBe(value));

  it('leaves styles to the page, naming neither style-src nor the default-src it would fall back to', () => {
    expect(directive('style-src')).toBeUndefined();
    expect(directive('default-src')).toBeUndefined();
  });

  it('never allows unsafe-inline or unsafe-eval', () => {
    expect(csp).not.toMatch(/unsafe-(inline|eval)/);
  });
});

describe('withStylePolicy', () => {
  it("puts the page's style policy, its inline styles by hash, right after <meta charset>", () => {
    const html = '<html><head><meta charset="utf-8"><title>t</title><style>a{color:red}</style><style>p{margin:0}</style></head><body></body></html>';
    const out = withStylePolicy(html);
    const expected = [cspHash('a{color:red}'), cspHash('p{margin:0}')].sort().join(' ');
    expect(out).toBe(
      html.replace('<meta charset="utf-8">', `<meta charset="utf-8"><meta http-equiv="content-security-policy" content="style-src 'self' ${expected}">`),
    );
    expect(stylePolicy([])).toBe("style-src 'self'");
  });
});
