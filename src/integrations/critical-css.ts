import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { builtFiles } from './built-files.ts';
import { inlineCriticalCss } from '../lib/critical-css.ts';

/** After the build: every page gets its critical CSS inline and the stylesheet deferred. */
export default function criticalCssIntegration(): AstroIntegration {
  return {
    name: 'critical-css',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const stylesheets = new Map<string, string>();
        for (const file of await builtFiles(out, '.css')) {
          stylesheets.set(`/${file.slice(out.length).replace(/\\/g, '/').replace(/^\//, '')}`, await readFile(file, 'utf8'));
        }
        let pages = 0;
        let inlined = 0;
        for (const file of await builtFiles(out, '.html')) {
          const html = await readFile(file, 'utf8');
          const next = inlineCriticalCss(html, stylesheets);
          pages++;
          if (next === html) continue;
          inlined += Buffer.byteLength(next) - Buffer.byteLength(html);
          await writeFile(file, next);
        }
        logger.info(`critical CSS inlined into ${pages} page(s), ${(inlined / pages / 1024).toFixed(1)} KB a page on average`);
      },
    },
  };
}
