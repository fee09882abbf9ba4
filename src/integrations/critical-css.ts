import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { builtFiles } from './built-files.ts';
import { criticalCss, vocabularyOf } from '../lib/critical-css.ts';

const STYLESHEET = /<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)"\s*\/?>/g;

/**
 * The page's head with its stylesheet links replaced by the rules the page's markup uses,
 * inline (docs/product.md §Speed). The page's loader script (src/lib/island-runtime.ts, added
 * by src/integrations/island-runtime.ts) adds the whole stylesheet when the loaded page is idle;
 * without JavaScript it is an ordinary one (<noscript>).
 */
export function inlineCriticalCss(html: string, stylesheets: ReadonlyMap<string, string>): string {
  const links = [...html.matchAll(STYLESHEET)];
  if (links.length === 0) return html;
  const page = vocabularyOf(html);
  const hrefs = links.map(([, href = '']) => href);
  const css = hrefs.map((href) => {
    const text = stylesheets.get(href);
    if (text === undefined) throw new Error(`critical-css: ${href} is linked but was not built`);
    return text;
  });
  const noscript = `<noscript>${hrefs.map((href) => `<link rel="stylesheet" href="${href}">`).join('')}</noscript>`;
  let first = true;
  return html.replace(STYLESHEET, () => {
    if (!first) return '';
    first = false;
    return `<style data-critical>${criticalCss(css.join('\n'), page)}</style>${noscript}`;
  });
}

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
