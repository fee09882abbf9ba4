import { isRemotePhoto } from '../images.ts';

/**
 * The image CDN's allow-list of remote photo addresses (Netlify `images.remote_images`, regular
 * expressions): one per host, from the import settings' photo hosts and the hosts of the photos
 * the lot's units already have, so every unit photo the pages show can be resized
 * (docs/product.md §Import, docs/decisions/image-cdn.md).
 */
export function photoHostsOf(units: readonly unknown[]): string[] {
  const hosts = new Set<string>();
  for (const unit of units) {
    const photos = (unit as { photos?: unknown }).photos;
    if (!Array.isArray(photos)) continue;
    for (const photo of photos) {
      const src = (photo as { src?: unknown }).src;
      if (typeof src === 'string' && isRemotePhoto(src)) hosts.add(new URL(src).host.toLowerCase());
    }
  }
  return [...hosts];
}

/** "photos.dms.example" → "https://photos\\.dms\\.example/.*" */
export function remoteImagePatterns(hosts: readonly string[]): string[] {
  return [...new Set(hosts.map((host) => host.toLowerCase()))].sort().map((host) => `https://${host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/.*`);
}
