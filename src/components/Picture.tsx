import { imageAttributes, type ImageOptions, type SlotName } from '../lib/images.ts';

interface Props extends ImageOptions {
  src: string;
  slot: SlotName;
  className?: string;
  /** data-* attributes for the <img>. */
  data?: Record<`data-${string}`, string | boolean>;
}

/**
 * One image in one slot (src/lib/images.ts): a raster photo with WebP candidates from the image
 * CDN and the slot's `sizes`, SVG artwork as it is. Renders to static HTML in Astro pages and
 * inside islands alike.
 */
export default function Picture({ src, slot, className, data, ...options }: Props) {
  return <img {...imageAttributes(src, slot, options)} {...data} className={className} />;
}
