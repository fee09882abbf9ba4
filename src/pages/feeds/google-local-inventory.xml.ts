import type { APIRoute } from 'astro';
import { feedChannel, lotFeedItems, storeCodeOf } from '../../lib/data/feeds.ts';
import { googleLocalInventoryXml } from '../../lib/units/feeds.ts';

/** Google local inventory feed: the showroom's units, availability and price (docs/product.md §Units). */
export const GET: APIRoute = ({ site }) =>
  new Response(googleLocalInventoryXml(lotFeedItems(site!), storeCodeOf, feedChannel(site!, 'Showroom inventory')), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
