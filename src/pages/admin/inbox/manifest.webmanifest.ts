// The inbox's web app manifest (src/lib/inbox/app-manifest.ts), written into dist/ at build.
import type { APIRoute } from 'astro';
import { dealer } from '../../../lib/data/dealer.ts';
import { inboxManifest } from '../../../lib/inbox/app-manifest.ts';

export const GET: APIRoute = () =>
  new Response(`${JSON.stringify(inboxManifest(dealer.name), null, 2)}\n`, { headers: { 'Content-Type': 'application/manifest+json' } });
