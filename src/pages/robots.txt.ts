import type { APIRoute } from 'astro';
import { dealer } from '../lib/data/dealer.ts';
import { robotsTxt } from '../lib/seo/sitemap.ts';

export const GET: APIRoute = ({ site }) => new Response(robotsTxt(site ?? dealer.website), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
