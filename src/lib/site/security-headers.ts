import { createHash } from 'node:crypto';
import { INBOX_PAGE } from '../inbox/app-manifest.ts';

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

/** The editors' admin (Sveltia CMS, src/pages/admin.astro): a page of its own, not a public page. */
export const ADMIN_PATH = '/admin';

/** Whether a built file (path under dist/, e.g. "admin.html") or an address is one of the admin's pages (the editors' admin, the dealer's inbox). */
export function isAdminPage(path: string): boolean {
  const page = path.replace(/^\/+/, '').replace(/\.html$/, '');
  return page === ADMIN_PATH.slice(1) || page === INBOX_PATH.slice(1);
}

/**
 * The admin's own Content-Security-Policy (docs/decisions/admin-from-schemas.md): its script and
 * fonts from this site; the WebP encoder's WebAssembly; styles inline (the admin's interface sets
 * them as it draws); photos the editor picks as blob: and data: addresses; GitHub's API and the
 * avatars and files it links; GitHub's status page (the admin warns of outages). Sign-in opens
 * Netlify's OAuth page in a window of its own, which needs no source here.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data: https://*.githubusercontent.com",
  "font-src 'self'",
  "connect-src 'self' blob: data: https://api.github.com https://www.githubstatus.com",
  "media-src 'self' blob:",
  "frame-src 'self' blob:",
  "worker-src 'self' blob:",
  "manifest-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The admin's headers, over the site's: its own policy, and an opener policy that lets the
 * sign-in window report back (same-origin would cut it off: "Authentication Aborted").
 */
export const ADMIN_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': ADMIN_CSP,
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'public, max-age=0, must-revalidate',
};

/** The dealer's inbox (src/pages/admin/leads.astro): the site's policy, noindex, and an opener policy that lets the sign-in window report back. */
export const INBOX_PATH = INBOX_PAGE;
export const INBOX_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'public, max-age=0, must-revalidate',
};

/** CSP of API answers: they are data, never documents. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** sha256 source expression of an inline script or style, as CSP spells it. */
export function cspHash(content: string): string {
  return `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;
}

interface PageCspInput {
  scriptHashes: readonly string[];
  /** Origin of the embedded map frame, the only frame allowed. */
  frameOrigin: string;
  /** Whether the dealer set a Google Tag Manager container (data/dealer.json). */
  tagManager?: boolean;
}

/** What a Google Tag Manager container with a GA4 tag loads and where it sends its hits. */
export const TAG_MANAGER_ORIGINS = {
  script: 'https://www.googletagmanager.com',
  beacons: 'https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com',
} as const;

const hashList = (items: readonly string[]) => [...new Set(items)].sort().join(' ');

/**
 * The pages' Content-Security-Policy header: no 'unsafe-inline'; Astro's inline scripts by
 * hash; every kind of fetch named, except styles. Each page carries its own inline critical
 * CSS, so styles are ruled by the page's own policy (stylePolicy, in a <meta> before the first
 * <style>); a browser enforces both policies, so nothing either forbids can run.
 */
export function pageCsp({ scriptHashes, frameOrigin, tagManager = false }: PageCspInput): string {
  // The dealer's Google Tag Manager container, when one is set (docs/product.md §Analytics).
  const tags = tagManager ? ` ${TAG_MANAGER_ORIGINS.script}` : '';
  const beacons = tagManager ? ` ${TAG_MANAGER_ORIGINS.beacons}` : '';
  return [
    `script-src 'self' ${hashList(scriptHashes)}${tags}`.trim(),
    `img-src 'self' data:${beacons}`,
    "font-src 'self'",
    `connect-src 'self'${beacons}`,
    "media-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    `frame-src ${new URL(frameOrigin).origin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A page's own style policy: its stylesheets from the site, its inline <style> by hash. */
export function stylePolicy(styleHashes: readonly string[]): string {
  return `style-src 'self' ${hashList(styleHashes)}`.trim();
}

const STYLE_POLICY = /<meta http-equiv="content-security-policy" content="[^"]*">/;

/** The page with its style policy (made anew, if it had one) as the first element after <meta charset>. */
export function withStylePolicy(page: string): string {
  const html = page.replace(STYLE_POLICY, '');
  const policy = `<meta http-equiv="content-security-policy" content="${stylePolicy(inlineCode(html).styles.map(cspHash))}">`;
  const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
  if (!charset) return html.replace(/<head>/i, `<head>${policy}`);
  const at = charset.index + charset[0].length;
  return `${html.slice(0, at)}${policy}${html.slice(at)}`;
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
