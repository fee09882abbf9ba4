// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import admin from './src/integrations/admin.ts';
import firstPaint from './src/first-paint/index.ts';
import islandData from './src/integrations/island-data.ts';
import productionCheck from './src/integrations/production-check.ts';
import remoteImages from './src/integrations/remote-images.ts';
import sitemapXml from './src/integrations/sitemap-xml.ts';
import streetUseChecks from './src/integrations/street-use-checks.ts';
import townSimilarity from './src/integrations/town-similarity.ts';
import unitFiles, { writeUnitFiles } from './src/integrations/unit-files.ts';
import { isSitemapPage } from './src/lib/seo/sitemap.ts';
import dealer from './data/dealer.json' with { type: 'json' };

// The lot is read from data/units/ gathered into one module, so gather it before reading it here.
writeUnitFiles(fileURLToPath(new URL('.', import.meta.url)));
const { soldPagePaths } = await import('./src/lib/data/sold-pages.ts');
const { emptyCollectionPaths } = await import('./src/lib/data/collections.ts');
const { reservationOptions } = await import('./src/lib/data/reservation.ts');
const { municipalities, townPages, townsWithoutLocalText } = await import('./src/lib/data/towns.ts');
const { serviceOptions } = await import('./src/lib/data/service-request.ts');
const { siteUrl } = await import('./src/lib/data/site-url.ts');
const { menuData } = await import('./src/lib/data/navigation.ts');
const { streetUse } = await import('./src/lib/data/street-use.ts');
const { buildDay } = await import('./src/lib/data/build-day.ts');
const { dueCheckLines, dueChecks } = await import('./src/lib/guides/street-use.ts');

// The canonical origin: SITE_URL, else the dealer's website in data/ (src/lib/settings/site.ts).
const site = siteUrl();

export default defineConfig({
  site,
  trailingSlash: 'never',
  // A unit id equal to a model slug would make two pages at one address: fail the build.
  prerenderConflictBehavior: 'error',
  // Astro links the one stylesheet; src/first-paint/ then inlines the part each page uses and
  // defers the rest (measured with `npm run perf`), and allows each page's inline <style> by its hash.
  build: { format: 'file', inlineStylesheets: 'never' },
  integrations: [
    // First: a production build that would not work stops here, before any page is built.
    productionCheck(),
    unitFiles(),
    admin(),
    react(),
    // Island figures ship in the island's script, not as props in the page (docs/speed.md).
    islandData({ 'reservation-options': reservationOptions, 'service-options': serviceOptions, menu: menuData }),
    // Sold units' pages and collections without a unit are noindex: out of the sitemap.
    sitemap({ filter: (page) => isSitemapPage(page, new Set([...soldPagePaths, ...emptyCollectionPaths])) }),
    sitemapXml(),
    // Unit photos at the dealer's system's addresses: their hosts on the image CDN's allow-list.
    remoteImages(),
    // How alike the town pages read, printed after every build (docs/product.md §Towns).
    townSimilarity({ paths: townPages.map((page) => page.path), withoutLocalText: townsWithoutLocalText }),
    // Street-use facts and town ordinances due for a new check: a warning, never a failed build (docs/product.md §Guides).
    streetUseChecks({ lines: dueCheckLines(dueChecks(streetUse, municipalities, buildDay)) }),
    // Last: every page as built, made to paint from its own HTML (src/first-paint/index.ts).
    firstPaint({ frameOrigin: dealer.map.embedOrigin, tagManager: Boolean(/** @type {{ googleTagManagerId?: string }} */ (dealer).googleTagManagerId) }),
  ],
  vite: { plugins: [tailwindcss()] },
});
