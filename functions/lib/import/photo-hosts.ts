import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The photo hosts a run publishes photos from, resolved before it does (docs/product.md §Import,
 * docs/decisions/lot-import.md). The rows only keep photos on the hosts the dealer lists
 * (src/lib/import/remote-images.ts); a listed name could still resolve to the site's own network
 * (a mistyped host, a name pointed at 127.0.0.1), and the image CDN would then be sent there. So
 * every address of every host the feed's photos use must be on the public internet, or the run
 * fails and publishes nothing. The import itself never fetches a photo.
 */

/** Every address a host name resolves to (the system's resolver in production, a stand-in in tests). */
export type HostLookup = (host: string) => Promise<readonly { address: string }[]>;

export const systemLookup: HostLookup = (host) => lookup(host, { all: true, verbatim: true });

/** How long one host's resolution may take. */
export const LOOKUP_TIMEOUT_MS = 10_000;

/** Addresses that are not on the public internet (IANA special-purpose registries, IPv4 and IPv6). */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['3fff::', 20], // documentation
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
/** IPv6's global unicast space: loopback, link-local, unique-local, multicast and IPv4-mapped addresses are all outside it. */
const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

/** Whether an address is on the public internet. */
export function isPublicAddress(address: string): boolean {
  try {
    const family = isIP(address);
    if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
    if (family === 6) return GLOBAL_UNICAST.check(address, 'ipv6') && !NOT_PUBLIC.check(address, 'ipv6');
  } catch {
    // An address BlockList cannot read (an IPv6 zone) is not public.
  }
  return false;
}

/** Why the run must not publish photos from these hosts, or undefined when every address of each is public. */
export async function photoHostsProblem(hosts: readonly string[], resolve: HostLookup = systemLookup): Promise<string | undefined> {
  for (const host of hosts) {
    let addresses: readonly { address: string }[];
    let timer: NodeJS.Timeout | undefined;
    try {
      addresses = await Promise.race([
        resolve(host),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${LOOKUP_TIMEOUT_MS / 1000} s`)), LOOKUP_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      return `the photo host ${host} could not be resolved (${why}): no photo is published from a host whose addresses are unknown; nothing was imported`;
    } finally {
      clearTimeout(timer);
    }
    if (addresses.length === 0) return `the photo host ${host} has no address: nothing was imported`;
    const inner = addresses.find(({ address }) => !isPublicAddress(address));
    if (inner)
      return `the photo host ${host} resolves to ${inner.address}, which is not on the public internet (a loopback, private or link-local address): the image CDN is never sent there; correct "photoHosts" in the import settings. Nothing was imported`;
  }
  return undefined;
}
