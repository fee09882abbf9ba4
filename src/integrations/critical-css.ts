import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { criticalCss, vocabularyOf } from '../lib/critical-css.ts';

const STYLESHEET = /<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)"\s*\/?>/g;

/**
 * The script that adds the whole stylesheet once the page has loaded and the browser is idle
 * (or at the visitor's first touch, key or focus, whichever comes first), so that it never
 * competes with what the first paint needs. Its rules repeat the inline ones, so nothing moves
 * when it applies; it brings what scripts show later (an open menu, a toast, a form's errors).
 */
export function loadStylesheetsWhenIdle(hrefs: readonly string[]): string {
  return `(()=>{let done=false;const events=['pointerdown','keydown','focusin'];const add=()=>{if(done)return;done=true;for(const e of events)removeEventListener(e,add,true);for(const href of ${JSON.stringify(hrefs)}){const l=document.createElement('link');l.rel='stylesheet';l.href=href;document.head.append(l)}};for(const e of events)addEventListener(e,add,{capture:true,passive:true});const idle=()=>'requestIdleCallback' in window?requestIdleCallback(add,{timeout:2000}):setTimeout(add,200);document.readyState==='complete'?idle():addEventListener('load',idle,{once:true})})()`;
}

/**
 * The page's head with its stylesheet links replaced by the rules the page's markup uses,
 * inline, and the whole stylesheet added when the loaded page is idle (docs/product.md §Speed).
 * Without JavaScript the whole stylesheet is an ordinary one (<noscript>).
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
    return `<style data-critical>${criticalCss(css.join('\n'), page)}</style>${noscript}<script>${loadStylesheetsWhenIdle(hrefs)}</script>`;
  });
}

/** After the build: every page gets its critical CSS inline and the stylesheet deferred. */
export default function criticalCssIntegration(): AstroIntegration {
  return {
    name: 'critical-css',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const entries = await readdir(out, { withFileTypes: true, recursive: true });
        const files = (suffix: string) => entries.filter((e) => e.isFile() && e.name.endsWith(suffix)).map((e) => join(e.parentPath, e.name));
        const stylesheets = new Map<string, string>();
        for (const file of files('.css')) {
          stylesheets.set(`/${file.slice(out.length).replace(/\\/g, '/').replace(/^\//, '')}`, await readFile(file, 'utf8'));
        }
        let pages = 0;
        let inlined = 0;
        for (const file of files('.html')) {
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
