import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { hasIslands, hoistIslandStyles, takeIslandScripts } from './astro-islands.ts';
import { deferredStylesheetOf, inlineCriticalCss } from '../lib/site/critical-css.ts';
import { INBOX_MANIFEST, INBOX_WORKER } from '../lib/inbox/app-manifest.ts';
import {
  ADMIN_HEADERS,
  ADMIN_PATH,
  BASE_SECURITY_HEADERS,
  INBOX_HEADERS,
  INBOX_PATH,
  cspHash,
  inlineCode,
  isAdminPage,
  pageCsp,
  withStylePolicy,
} from '../lib/site/security-headers.ts';
import { SPECULATION_RULES_TEXT } from '../lib/site/speculation.ts';

/**
 * What every built page goes through so that its first paint needs nothing but its own HTML
 * (docs/product.md §Speed, docs/decisions/first-flight-pages.md): one pass per page, the named
 * steps below in this order, then the files they share (the island runtime, dist/_headers).
 * It also adds the `client:interaction` hydration directive (./interaction.ts).
 */

/** A built page on its way through the steps. */
interface Page {
  /** Its address under the site ("/rentals"). */
  readonly path: string;
  html: string;
  /** The address of its island runtime, once taken out of the page. */
  runtime?: string;
  /** Its own module scripts, once taken out of the page (loaded when idle). */
  modules?: string[];
}

/** What the steps share across pages. */
interface Site {
  /** The whole stylesheets by address, as built. */
  readonly stylesheets: ReadonlyMap<string, string>;
  /** The page loader (./page-loader.ts), bundled once. */
  readonly loader: string;
  /** Files to write under dist/ by address (the island runtime). */
  readonly files: Map<string, string>;
  /** The CSP hashes of every inline script. */
  readonly scriptHashes: Set<string>;
  /** Module scripts to rename under dist/ (Astro's name → a short one). */
  readonly renames: Map<string, string>;
}

/** A module script Astro bundled for the page (the layout's analytics events). */
const MODULE_SCRIPT = /<script type="module" src="(\/_astro\/[^"]+\.([\w-]+)\.js)"><\/script>/g;

type Step = readonly [name: string, run: (page: Page, site: Site) => void];

export const STEPS: readonly Step[] = [
  // Astro prints its island rule inside <body>, where HTML allows no <style>.
  ['hoist the island style', (page) => (page.html = hoistIslandStyles(page.html))],
  // Astro inlines its island runtime (~4 KB) before the first island; it becomes one cached file.
  [
    'take out the island runtime',
    (page, site) => {
      const { html, code } = takeIslandScripts(page.html);
      if (hasIslands(page.html) && code.length === 0)
        throw new Error(`first-paint: ${page.path} has islands but no island runtime Astro's way (./astro-islands.ts)`);
      if (code.length === 0) return;
      const bundle = code.join('\n');
      const url = `/_astro/island-runtime.${createHash('sha256').update(bundle).digest('hex').slice(0, 10)}.js`;
      site.files.set(url, bundle);
      page.html = html;
      page.runtime = url;
    },
  ],
  // Astro prints a module script of the layout (the analytics events) in the head: it waits for idle
  // too, under a short name, since its address is in every page's first flight.
  [
    'take out the page modules',
    (page, site) => {
      page.html = page.html.replace(MODULE_SCRIPT, (_tag: string, src: string, hash: string) => {
        const to = `/_astro/page.${hash}.js`;
        site.renames.set(src, to);
        (page.modules ??= []).push(to);
        return '';
      });
    },
  ],
  // The rules the page's markup can use inline, the whole stylesheet deferred.
  ['inline the critical CSS', (page, site) => (page.html = inlineCriticalCss(page.html, site.stylesheets))],
  // One loader script for the deferred stylesheet and the runtime (it reads them from its attributes).
  [
    'add the page loader',
    (page, site) => {
      const stylesheet = deferredStylesheetOf(page.html);
      const modules = page.modules?.length ? ` data-modules="${page.modules.join(' ')}"` : '';
      const attributes = `${stylesheet ? ` data-stylesheet="${stylesheet}"` : ''}${page.runtime ? ` data-runtime="${page.runtime}"` : ''}${modules}`;
      if (attributes) page.html = page.html.replace('</head>', `<script${attributes}>${site.loader}</script></head>`);
    },
  ],
  // Each page allows its own inline styles by hash; the shared policy allows every inline script.
  [
    'set the style policy',
    (page, site) => {
      page.html = withStylePolicy(page.html);
      for (const body of inlineCode(page.html).scripts) site.scriptHashes.add(cspHash(body));
    },
  ],
];

/** The page loader as one inline script: ./page-loader.ts bundled and minified. */
export async function bundleLoader(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./page-loader.ts', import.meta.url))],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return (result.outputFiles[0]?.text ?? '').trim();
}

/**
 * The dist/_headers text: security headers for every static file, caching per kind of file. The
 * admin's block comes after the site's: where two blocks set one header, the later one wins
 * (Netlify, and `netlify serve` alike), so the admin runs under its own policy.
 */
export function headersFile(csp: string): string {
  const block = (path: string, headers: Record<string, string>) =>
    `${path}\n${Object.entries(headers)
      .map(([name, value]) => `  ${name}: ${value}`)
      .join('\n')}\n`;
  return [
    block('/*', { ...BASE_SECURITY_HEADERS, 'Content-Security-Policy': csp }),
    block('/_astro/*', { 'Cache-Control': 'public, max-age=31536000, immutable' }),
    block('/images/*', { 'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800' }),
    block(ADMIN_PATH, ADMIN_HEADERS),
    block(`${ADMIN_PATH}.html`, ADMIN_HEADERS),
    block(INBOX_PATH, INBOX_HEADERS),
    block(`${INBOX_PATH}.html`, INBOX_HEADERS),
    // The inbox as an app (src/lib/inbox/app-manifest.ts): the worker is checked for updates on every visit.
    block(INBOX_WORKER, { 'Cache-Control': 'no-cache', 'X-Robots-Tag': 'noindex' }),
    block(INBOX_MANIFEST, { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'public, max-age=0, must-revalidate', 'X-Robots-Tag': 'noindex' }),
  ].join('\n');
}

async function builtFiles(dir: string, suffix: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith(suffix)).map((e) => join(e.parentPath, e.name));
}

const addressOf = (out: string, file: string) => `/${relative(out, file).replace(/\\/g, '/')}`;

export default function firstPaint({ frameOrigin, tagManager = false }: { frameOrigin: string; tagManager?: boolean }): AstroIntegration {
  return {
    name: 'first-paint',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./interaction.ts', import.meta.url)) });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const stylesheets = new Map<string, string>();
        for (const file of await builtFiles(out, '.css')) stylesheets.set(addressOf(out, file), await readFile(file, 'utf8'));
        const site: Site = { stylesheets, loader: await bundleLoader(), files: new Map(), scriptHashes: new Set(), renames: new Map() };

        // The editors' admin is no public page: it loads the whole admin under a policy of its own (ADMIN_HEADERS).
        const pages = (await builtFiles(out, '.html')).filter((file) => !isAdminPage(relative(out, file)));
        let inlineBytes = 0;
        for (const file of pages) {
          const page: Page = { path: addressOf(out, file).replace(/\.html$/, ''), html: await readFile(file, 'utf8') };
          const before = Buffer.byteLength(page.html);
          for (const [name, run] of STEPS) {
            try {
              run(page, site);
            } catch (error) {
              throw new Error(`first-paint, step "${name}" on ${page.path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
            }
          }
          inlineBytes += Buffer.byteLength(page.html) - before;
          await writeFile(file, page.html);
        }
        await mkdir(join(out, '_astro'), { recursive: true });
        for (const [url, code] of site.files) await writeFile(join(out, url), code);
        for (const [from, to] of site.renames) await rename(join(out, from), join(out, to));
        // The dealer's inbox runs under the site's policy: its own small inline scripts (the worker's registration) by hash.
        const inbox = await readFile(join(out, `${INBOX_PATH.slice(1)}.html`), 'utf8').catch(() => '');
        for (const body of inlineCode(inbox).scripts) site.scriptHashes.add(cspHash(body));
        // The speculation rules the page's script adds (src/scripts/speculation.ts) are inline rules to the policy.
        site.scriptHashes.add(cspHash(SPECULATION_RULES_TEXT));
        await writeFile(join(out, '_headers'), headersFile(pageCsp({ scriptHashes: [...site.scriptHashes], frameOrigin, tagManager })));
        logger.info(
          `${pages.length} page(s): ${STEPS.map(([name]) => name).join(', ')}; ${(inlineBytes / pages.length / 1024).toFixed(1)} KB added a page on average; island runtime ${[...site.files.keys()].join(', ') || 'none'}; ${site.scriptHashes.size} inline script hash(es) in _headers`,
        );
      },
    },
  };
}
