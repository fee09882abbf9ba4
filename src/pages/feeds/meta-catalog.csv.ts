import type { APIRoute } from 'astro';
import { lotFeedItems } from '../../lib/data/feeds.ts';
import { metaCatalogCsv } from '../../lib/units/feeds.ts';

/** Meta (Facebook, Instagram) commerce catalogue (docs/product.md §Units). */
export const GET: APIRoute = ({ site }) => new Response(metaCatalogCsv(lotFeedItems(site!)), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
