import { createHash } from 'node:crypto';

/**
 * The security headers of every response, static or function, from one module. Netlify's
 * [[headers]] do not reach function responses, so functions add BASE_SECURITY_HEADERS
 * themselves; static files get them through the generated dist/_headers.
 */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

/** CSP of API answers: they are data, never documents. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** sha256 source expression of an inline script or style, as CSP spells it. */
export function cspHash(content: string): string {
  return `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;
}

interface PageCspInput {
  scriptHashes: readonly string[];
  styleHashes: readonly string[];
  /** Origin of the embedded map frame, the only frame allowed. */
  frameOrigin: string;
}

/** The pages' Content-Security-Policy: no 'unsafe-inline'; Astro's inline scripts by hash. */
export function pageCsp({ scriptHashes, styleHashes, frameOrigin }: PageCspInput): string {
  const list = (items: readonly string[]) => [...new Set(items)].sort().join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${list(scriptHashes)}`.trim(),
    `style-src 'self' ${list(styleHashes)}`.trim(),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${new URL(frameOrigin).origin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Inline <script> bodies that execute (not JSON-LD or other data blocks) and inline <style> bodies. */
export function inlineCode(html: string): { scripts: string[]; styles: string[] } {
  const scripts = [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs = '']) => !/\bsrc\s*=/i.test(attrs) && !/type\s*=\s*["']?application\/(ld\+)?json/i.test(attrs))
    .map(([, , body = '']) => body)
    .filter((body) => body.length > 0);
  const styles = [...html.matchAll(/<style(\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map(([, , body = '']) => body);
  return { scripts, styles };
}
