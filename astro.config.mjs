// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import interactionDirective from './src/integrations/interaction-directive.ts';
import securityHeaders from './src/integrations/security-headers.ts';
import sitemapXml from './src/integrations/sitemap-xml.ts';
import { isSitemapPage } from './src/lib/sitemap.ts';
import { soldPagePaths } from './src/lib/data/sold-pages.ts';
import dealer from './data/dealer.json' with { type: 'json' };

// The canonical origin: SITE_URL wins (set it on Netlify), else the dealer's website in data/.
const site = process.env.SITE_URL || dealer.website;

export default defineConfig({
  site,
  trailingSlash: 'never',
  // A unit id equal to a model slug would make two pages at one address: fail the build.
  prerenderConflictBehavior: 'error',
  // The stylesheet is inlined into every page: a render-blocking request less before the first
  // paint on a slow mobile link (measured with `npm run perf`, README §Speed). The CSP allows
  // each inline <style> by its hash (src/integrations/security-headers.ts).
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [
    react(),
    interactionDirective(),
    sitemap({ filter: (page) => isSitemapPage(page, soldPagePaths) }),
    sitemapXml(),
    securityHeaders({ frameOrigin: dealer.map.embedOrigin }),
  ],
  vite: { plugins: [tailwindcss()] },
});
