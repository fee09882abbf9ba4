import type { APIRoute, GetStaticPaths } from 'astro';
import { formatRedirects, redirectRules } from '../lib/routing/redirects.ts';

// Astro skips files whose names start with "_", so dist/_redirects (read by Netlify and
// `netlify serve`) is emitted through this one-path route.
export const getStaticPaths = (() => [{ params: { netlify_redirects: '_redirects' } }]) satisfies GetStaticPaths;

export const GET: APIRoute = () => new Response(formatRedirects(redirectRules()), { headers: { 'Content-Type': 'text/plain' } });
