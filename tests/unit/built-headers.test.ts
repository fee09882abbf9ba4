import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CSP, cspHash, inlineCode, isAdminPage } from '../../src/lib/site/security-headers.ts';

// Netlify's own parser reads the generated dist/_headers, so what is checked here is what
// Netlify applies. (`netlify serve` lets its static server's Cache-Control win locally.)
const dist = join(import.meta.dirname, '..', '..', 'dist');
let rules: Header[] = [];

function headersFor(path: string): Record<string, string> {
  return Object.assign({}, ...rules.filter((rule) => rule.forRegExp.test(path)).map((rule) => rule.values));
}

beforeAll(async () => {
  if (!existsSync(join(dist, '_headers'))) throw new Error('dist/_headers is missing: run `npm run build` first');
  const parsed = await parseAllHeaders({ headersFiles: [join(dist, '_headers')], configHeaders: [], minimal: false });
  expect(parsed.errors).toEqual([]);
  rules = parsed.headers as Header[];
});

describe('dist/_headers', () => {
  it('gives every page the security headers and a strict CSP', () => {
    for (const path of ['/', '/inventory', '/images/logo.svg']) {
      const headers = headersFor(path);
      expect(headers['Strict-Transport-Security']).toMatch(/max-age=\d{7,}/);
      expect(headers['X-Content-Type-Options']).toBe('nosniff');
      expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['Permissions-Policy']).toContain('camera=()');
      expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin');
      expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
      expect(headers['Content-Security-Policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
    }
  });

  it('caches hashed assets for a year and leaves pages to revalidate', () => {
    expect(headersFor('/_astro/BaseLayout.abc123.css')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(headersFor('/')['Cache-Control']).toBeUndefined();
    expect(headersFor('/about')['Cache-Control']).toBeUndefined();
  });

  it('allows, by hash, every inline script (site policy) and every inline style (the page policy) of every built page', () => {
    const csp = headersFor('/')['Content-Security-Policy'] ?? '';
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src ')) ?? '';
    expect(csp).not.toMatch(/(^|; )(default-src|style-src) /);
    // The admin is under a policy of its own (the next test).
    const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html') && !isAdminPage(f));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const html = readFileSync(join(dist, page), 'utf8');
      const policy = /^<!DOCTYPE html><html[^>]*><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="([^"]*)">/i.exec(html)?.[1];
      expect(policy, `${page} opens its head with its style policy`).toMatch(/^style-src 'self'( 'sha256-[^']+')*$/);
      const { scripts, styles } = inlineCode(html);
      for (const body of scripts) expect(scriptSrc, `inline script of ${page}`).toContain(cspHash(body));
      for (const body of styles) expect(policy, `inline style of ${page}`).toContain(cspHash(body));
      expect(policy?.match(/sha256-/g)?.length ?? 0, `${page} allows no style it does not have`).toBe(new Set(styles.map(cspHash)).size);
    }
  });

  it('gives the admin its own policy, an opener policy that lets the sign-in window answer, and no index', () => {
    for (const path of ['/admin', '/admin.html']) {
      const headers = headersFor(path);
      expect(headers['Content-Security-Policy']).toBe(ADMIN_CSP);
      expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups');
      expect(headers['X-Robots-Tag']).toBe('noindex, nofollow');
      expect(headers['Strict-Transport-Security']).toMatch(/max-age=\d{7,}/);
    }
    expect(ADMIN_CSP).not.toMatch(/ 'unsafe-eval'|script-src[^;]*unsafe-inline|https:\/\/(unpkg|cdn\.jsdelivr)/);
    expect(headersFor('/administration')['Content-Security-Policy']).not.toBe(ADMIN_CSP);
    const html = readFileSync(join(dist, 'admin.html'), 'utf8');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toContain('http-equiv="content-security-policy"');
    expect(html).not.toMatch(/<script(?![^>]*(type="application\/json"|src="\/_astro\/))/);
  });
});
