import { imageAttributes, type ImageOptions, type SlotName } from '../lib/images.ts';

interface Props extends ImageOptions {
  src: string;
  slot: SlotName;
  className?: string;
  /** data-* attributes for the <img>. */
  data?: Record<`data-${string}`, string | boolean>;
  /**
   * The viewport width (px) from which the image is shown; narrower screens, where the page's
   * CSS hides it, get an empty picture and fetch nothing.
   */
  shownFrom?: number;
}

/** A transparent 1×1 GIF: what a screen too narrow to show the image "loads" instead. */
const NOTHING = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * One image in one slot (src/lib/images.ts): a raster photo with WebP candidates from the image
 * CDN and the slot's `sizes`, SVG artwork as it is. Renders to static HTML in Astro pages and
 * inside islands alike.
 */
export default function Picture({ src, slot, className, data, shownFrom, ...options }: Props) {
  const img = <img {...imageAttributes(src, slot, options)} {...data} className={className} />;
  if (shownFrom === undefined) return img;
  return (
    <picture>
      <source media={`(max-width: ${shownFrom - 0.02}px)`} srcSet={NOTHING} width={1} height={1} />
      {img}
    </picture>
  );
}
