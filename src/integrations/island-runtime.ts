import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { builtFiles } from './built-files.ts';
import { deferredStylesheetOf } from '../lib/critical-css.ts';
import { isDirective, isIslandRuntime, pageLoader } from '../lib/island-runtime.ts';

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;
/** A module script Astro bundled for the page (the layout's analytics events): loaded when idle. */
const MODULE_SCRIPT = /<script type="module" src="([^"]+)"><\/script>/g;

const renamed = new Map<string, string>();
/** /_astro/BaseLayout.astro_astro_type_script_index_0_lang.<hash>.js → /_astro/page.<hash>.js */
function pageScriptUrl(src: string): string {
  const hash = /\.([\w-]+)\.js$/.exec(src)?.[1];
  if (!src.startsWith('/_astro/') || !hash) return src;
  const to = `/_astro/page.${hash}.js`;
  renamed.set(src, to);
  return to;
}

/**
 * After the build: Astro's inline island runtime becomes one hashed file under /_astro/, and
 * each page gets the one loader script of src/lib/island-runtime.ts at the end of its head,
 * for the runtime and the whole stylesheet its critical CSS stands in for. Astro prints the
 * runtime before the first island, in the header; a script there would split the parsing of
 * the body, painting the header a frame before the main content.
 */
export default function islandRuntime(): AstroIntegration {
  return {
    name: 'island-runtime',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const pages = await builtFiles(out, '.html');
        const files = new Map<string, string>();
        let changed = 0;
        for (const file of pages) {
          const html = await readFile(file, 'utf8');
          const stylesheet = deferredStylesheetOf(html);
          const stylesheets = stylesheet ? [stylesheet] : [];
          // The directives' scripts, then the runtime, as one file (in page order).
          const code: string[] = [];
          let next = html.replace(INLINE_SCRIPT, (script: string, body: string) => {
            if (!isIslandRuntime(body) && !isDirective(body)) return script;
            code.push(body);
            return '';
          });
          const modules: string[] = [];
          next = next.replace(MODULE_SCRIPT, (_script: string, src: string) => {
            modules.push(pageScriptUrl(src));
            return '';
          });
          let runtimeUrl: string | undefined;
          if (code.some(isIslandRuntime)) {
            const bundle = code.join('\n');
            runtimeUrl = `/_astro/island-runtime.${createHash('sha256').update(bundle).digest('hex').slice(0, 10)}.js`;
            files.set(runtimeUrl, bundle);
          } else {
            next = html.replace(MODULE_SCRIPT, '');
          }
          if (runtimeUrl || stylesheets.length > 0 || modules.length > 0)
            next = next.replace('</head>', `<script>${pageLoader({ stylesheets, runtimeUrl, modules })}</script></head>`);
          if (next === html) continue;
          changed++;
          await writeFile(file, next);
        }
        await mkdir(join(out, '_astro'), { recursive: true });
        // A page module keeps its content hash under a short name: its address is in every page's first flight.
        for (const [from, to] of renamed) await rename(join(out, from), join(out, to));
        for (const [url, code] of files) await writeFile(join(out, url), code);
        logger.info(`island runtime served as ${[...files.keys()].join(', ') || 'nothing'}; ${changed} page(s) load it when idle or at the first interaction`);
      },
    },
  };
}
