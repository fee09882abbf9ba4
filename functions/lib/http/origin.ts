import { dealer } from '../../../src/lib/data/dealer.ts';

/**
 * The origins that are this site's own, from the environment, never from a request: the
 * deploy's own address (DEPLOY_URL, DEPLOY_PRIME_URL: Netlify sets them, and `netlify serve`
 * sets URL and DEPLOY_URL to the address it serves on), the site's (URL), the canonical one
 * (SITE_URL) and the dealer's website (data/dealer.json). The first is the one to ask.
 */
export function ownOrigins(source: Record<string, string | undefined> = process.env): string[] {
  const candidates = [source.DEPLOY_URL, source.DEPLOY_PRIME_URL, source.URL, source.SITE_URL, dealer.website];
  const origins = candidates.flatMap((value) => {
    if (!value || !URL.canParse(value)) return [];
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
  });
  return [...new Set(origins)];
}

/**
 * Where a function asks its own site for a page: the origin the request came in on when that
 * origin is one of the site's own (a deploy preview asks itself, `netlify serve` asks itself),
 * else the deploy's own address. A request's Host header names the origin of `request.url`, and
 * anyone can send any Host: it chooses among the site's origins, never adds one.
 */
export function ownOrigin(requestUrl: string | URL, source: Record<string, string | undefined> = process.env): string {
  const origins = ownOrigins(source);
  const asked = new URL(requestUrl).origin;
  return origins.includes(asked) ? asked : (origins[0] ?? new URL(dealer.website).origin);
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

/**
 * The origins `netlify serve` (`npm start`) answers on, from the environment: each loopback name
 * with the port it serves on (it sets URL to `http://localhost:<port>`). None on a deploy, whose
 * URL is the site's https address.
 */
export function loopbackOrigins(source: Record<string, string | undefined> = process.env): string[] {
  if (!source.URL || !URL.canParse(source.URL)) return [];
  const served = new URL(source.URL);
  if (served.protocol !== 'http:' || !(LOOPBACK_NAMES as readonly string[]).includes(served.hostname)) return [];
  return LOOPBACK_NAMES.map((name) => new URL(`http://${name}${served.port ? `:${served.port}` : ''}`).origin);
}

/**
 * Whether a request is addressed to the local server by a loopback name and the port it serves
 * on: its Host header (else its URL's host), and its Origin when it sends one. A page on another
 * name that resolves to 127.0.0.1 (DNS rebinding) reaches the same port with its own name in
 * Host, and a page on another port of this machine sends its own Origin: neither is.
 */
export function addressedToLoopback(request: Request, source: Record<string, string | undefined> = process.env): boolean {
  const origins = loopbackOrigins(source);
  const host = (request.headers.get('host') ?? new URL(request.url).host).toLowerCase();
  if (!origins.some((origin) => new URL(origin).host === host)) return false;
  const origin = request.headers.get('origin');
  return origin === null || origins.includes(origin.toLowerCase());
}
