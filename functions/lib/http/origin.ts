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
