/**
 * Photos at the dealer's system's addresses (docs/product.md §Import, docs/decisions/image-cdn.md):
 * a unit's photo from the feed is kept only when it is on one of the hosts the dealer lists in the
 * import settings (`photoHosts`), and the build lets the image CDN fetch from those hosts and no
 * other (Netlify `images.remote_images`). An address on any other host, an IP address in any of
 * its spellings, a port or a user name is refused, so neither the import nor the CDN is ever
 * pointed at the site's own network.
 */

/** Names that only ever mean a machine nearby, whatever they resolve to. */
const LOCAL_NAMES = ['localhost', 'localdomain', 'local', 'internal', 'intranet', 'lan', 'home', 'corp', 'private', 'arpa', 'invalid', 'onion'];

/** A host name the settings may list: a DNS name ending in a word (so never an IP address), not a local name. */
export const PHOTO_HOST = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** Why a host may not be a photo host, or undefined when it may. */
export function photoHostProblem(host: string): string | undefined {
  if (!PHOTO_HOST.test(host) || host.length > 253) return 'must be a host name such as "photos.dms.example", never an IP address';
  if (LOCAL_NAMES.includes(host.slice(host.lastIndexOf('.') + 1))) return 'is a local name (localhost, .local, .internal…), not a host on the internet';
  return undefined;
}

export type FeedPhoto = { ok: true; src: string } | { ok: false; reason: string };

/** A host as the URL parser leaves it: an IPv4 address in dotted decimal (whatever its spelling was) or an IPv6 one in brackets. */
const isIpAddress = (host: string) => host.startsWith('[') || /^[0-9.]+$/.test(host);

/**
 * One photo address of the feed, checked against the listed hosts: a path of this site as it is,
 * an https address on a listed host as the URL parser writes it (host in lower case, without a
 * trailing dot); anything else refused with the reason.
 */
export function feedPhoto(address: string, photoHosts: readonly string[]): FeedPhoto {
  const shown = address.length > 80 ? `${address.slice(0, 79)}…` : address;
  const refuse = (why: string): FeedPhoto => ({ ok: false, reason: `the photo address "${shown}" ${why}` });
  if (address.startsWith('/') && !address.startsWith('//')) return { ok: true, src: address };
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return refuse('is not an address');
  }
  if (url.protocol !== 'https:') return refuse('is not an https:// address');
  if (url.username || url.password) return refuse('carries a user name or password');
  if (url.port) return refuse('names a port');
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const listed = photoHosts.map((name) => name.toLowerCase());
  const hosts = listed.length > 0 ? listed.join(', ') : 'none yet';
  if (isIpAddress(host)) return refuse(`names an IP address (${host}), not one of the import settings' photo hosts (${hosts})`);
  if (!listed.includes(host))
    return refuse(
      `is on ${host}, which is not one of the import settings' photo hosts (${hosts}): add it under "photoHosts" if the dealer's photos are kept there`,
    );
  url.hostname = host;
  return { ok: true, src: url.href };
}

/** "photos.dms.example" → "https://photos\\.dms\\.example/.*": the CDN's patterns, one per listed host. */
export function remoteImagePatterns(photoHosts: readonly string[]): string[] {
  return [...new Set(photoHosts.map((host) => host.toLowerCase()).filter((host) => !photoHostProblem(host)))]
    .sort()
    .map((host) => `https://${host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/.*`);
}
