import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { mergeSitemaps, sitemapLocs } from '../lib/seo/sitemap.ts';

/**
 * @astrojs/sitemap writes sitemap-index.xml and its chunks (sitemap-0.xml, …). This runs after
 * it and writes dist/sitemap.xml, one <urlset> with every URL of those chunks, so /sitemap.xml
 * (named in robots.txt) lists every public page without a redirect.
 */
export default function sitemapXml(): AstroIntegration {
  return {
    name: 'sitemap-xml',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const index = await readFile(join(out, 'sitemap-index.xml'), 'utf8');
        const chunks = await Promise.all(sitemapLocs(index).map((loc) => readFile(join(out, new URL(loc).pathname.split('/').pop() ?? ''), 'utf8')));
        const merged = mergeSitemaps(chunks);
        await writeFile(join(out, 'sitemap.xml'), merged);
        logger.info(`sitemap.xml written: ${sitemapLocs(merged).length} URLs`);
      },
    },
  };
}
