import { socialImageUrl } from '../images.ts';

/** What every page hands its layout: one typed object, no head markup in pages. */
export interface Seo {
  /** The page's own title; the site name is appended (except where the title already has it). */
  title: string;
  description: string;
  /** Canonical path of the page, e.g. /new-inventory. */
  path: string;
  /** Social preview image: a path under public/ or an absolute URL. */
  image?: string;
  type?: 'website' | 'product' | 'article';
  keywords?: readonly string[];
  noindex?: boolean;
  jsonLd?: readonly object[];
}

export interface HeadTags {
  title: string;
  canonical: string;
  meta: { name?: string; property?: string; content: string }[];
  jsonLd: string[];
}

export const DEFAULT_SOCIAL_IMAGE = '/images/social-card.jpg';

/** Absolute URL of a site path on the configured origin; no trailing slash except the root. */
export function absoluteUrl(path: string, site: URL | string): string {
  const url = new URL(path, site);
  if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, '');
  return url.href;
}

export function fullTitle(title: string, siteName: string): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

/** Serialises JSON-LD so that it can sit inside <script> without closing it. */
export function serializeJsonLd(data: object): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function headTags(seo: Seo, site: URL | string, siteName: string): HeadTags {
  const title = fullTitle(seo.title, siteName);
  const canonical = absoluteUrl(seo.path, site);
  // A page's own raster photo goes through the image CDN as a 1200 px JPEG (docs/product.md §Photos).
  const image = absoluteUrl(seo.image ? socialImageUrl(seo.image) : DEFAULT_SOCIAL_IMAGE, site);
  const meta: HeadTags['meta'] = [
    { name: 'description', content: seo.description },
    ...(seo.keywords?.length ? [{ name: 'keywords', content: seo.keywords.join(', ') }] : []),
    ...(seo.noindex ? [{ name: 'robots', content: 'noindex, follow' }] : []),
    { property: 'og:type', content: seo.type ?? 'website' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: canonical },
    { property: 'og:image', content: image },
    { property: 'og:locale', content: 'en_US' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: seo.description },
    { name: 'twitter:image', content: image },
  ];
  return { title, canonical, meta, jsonLd: (seo.jsonLd ?? []).map(serializeJsonLd) };
}
