import type { APIRoute } from 'astro';
import { feedChannel, lotFeedItems } from '../../lib/data/feeds.ts';
import { googleProductsXml } from '../../lib/units/feeds.ts';

/** Google Merchant Center product feed (docs/product.md §Units). */
export const GET: APIRoute = ({ site }) =>
  new Response(googleProductsXml(lotFeedItems(site!), feedChannel(site!, 'Golf carts in stock')), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
