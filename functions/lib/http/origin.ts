import { dealer } from '../../../src/lib/data/dealer.ts';
import { deployAddresses, loopbackOrigins } from '../../../src/lib/settings/platform.ts';
import { processEnv, type Env } from '../../../src/lib/settings/read.ts';
import { siteUrl } from '../../../src/lib/data/site-url.ts';

/**
 * The origins that are this site's own, from the environment, never from a request: the
 * deploy's own address (DEPLOY_URL, DEPLOY_PRIME_URL: Netlify sets them, and `netlify serve`
 * sets URL and DEPLOY_URL to the address it serves on), the site's (URL), the site's address
 * (SITE_URL, src/lib/data/site-url.ts) and the dealer's website (data/dealer.json). The first is the one to ask.
 */
export function ownOrigins(env: Env = processEnv()): string[] {
  const candidates = [...deployAddresses(env), siteUrl(env), dealer.website];
  const origins = candidates.flatMap((value) => {
    if (!URL.canParse(value)) return [];
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
export function ownOrigin(requestUrl: string | URL, env: Env = processEnv()): string {
  const origins = ownOrigins(env);
  const asked = new URL(requestUrl).origin;
  return origins.includes(asked) ? asked : (origins[0] ?? new URL(dealer.website).origin);
}

/**
 * Whether a request is addressed to the local server by a loopback name and the port it serves
 * on: its Host header (else its URL's host), and its Origin when it sends one. A page on another
 * name that resolves to 127.0.0.1 (DNS rebinding) reaches the same port with its own name in
 * Host, and a page on another port of this machine sends its own Origin: neither is.
 */
export function addressedToLoopback(request: Request, env: Env = processEnv()): boolean {
  const origins = loopbackOrigins(env);
  const host = (request.headers.get('host') ?? new URL(request.url).host).toLowerCase();
  if (!origins.some((origin) => new URL(origin).host === host)) return false;
  const origin = request.headers.get('origin');
  return origin === null || origins.includes(origin.toLowerCase());
}
