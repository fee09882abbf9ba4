import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { build } from 'astro';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Counter from '../../tests/fixtures/islands-site/src/components/Counter.tsx';
import {
  asIslandHtml,
  hasIslands,
  hoistIslandStyles,
  islandScripts,
  isDirectiveScript,
  isIslandRuntime,
  replaceIslandHtml,
  takeIslandScripts,
} from './astro-islands.ts';

/**
 * The contract between ./astro-islands.ts and the installed Astro: a small site (one page, two
 * islands of tests/fixtures/islands-site, one with our directive, one with Astro's
 * `client:idle`) is built with this Astro and its React renderer, and every assumption is
 * checked on what it printed. When an upgrade changes the markup, this fails before a page does.
 */
const root = fileURLToPath(new URL('../../tests/fixtures/islands-site/', import.meta.url));
let out = '';
let page = '';

beforeAll(async () => {
  // Inside the repository (.generated/, ignored by git), so the build keeps its prerender chunks
  // beside its output instead of in the working directory's .astro/, shared with other builds.
  const generated = fileURLToPath(new URL('../../.generated/', import.meta.url));
  await mkdir(generated, { recursive: true });
  out = await mkdtemp(join(generated, 'islands-site-'));
  await build({
    root,
    outDir: out,
    configFile: false,
    logLevel: 'error',
    build: { format: 'file', inlineStylesheets: 'never' },
    integrations: [
      react(),
      {
        name: 'interaction-directive',
        hooks: {
          'astro:config:setup': ({ addClientDirective }) =>
            addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./interaction.ts', import.meta.url)) }),
        },
      },
    ],
  });
  page = await readFile(join(out, 'index.html'), 'utf8');
}, 120_000);

afterAll(async () => {
  if (out) await rm(out, { recursive: true, force: true });
});

describe("Astro's island markup", () => {
  it('prints the island runtime and one script per directive inline, which come out of the page together', () => {
    expect(hasIslands(page)).toBe(true);
    const { html, code } = takeIslandScripts(page);
    expect(code.filter(isIslandRuntime)).toHaveLength(1);
    // Ours and Astro's idle directive.
    expect(code.filter(isDirectiveScript)).toHaveLength(2);
    expect(html).not.toMatch(/<script>/);
    expect(hasIslands(html)).toBe(true);
  });

  it('leaves a page without islands as it is', () => {
    const plain = '<html><head><script>console.log(1)</script></head><body><p>x</p></body></html>';
    expect(takeIslandScripts(plain)).toEqual({ html: plain, code: [] });
    expect(hasIslands(plain)).toBe(false);
  });

  it('prints the island style inside the body, and it moves to the head once', () => {
    const [head = '', body = ''] = page.split('</head>');
    expect(body).toMatch(/<style>astro-island\b[^<]*display:contents[^<]*<\/style>/);
    const hoisted = hoistIslandStyles(page);
    const [newHead = '', newBody = ''] = hoisted.split('</head>');
    expect(newBody).not.toMatch(/<style>astro-island/);
    expect(newHead.match(/<style>astro-island/g)).toHaveLength(1);
    expect(newHead.startsWith(head)).toBe(true);
    expect(hoistIslandStyles(hoisted)).toBe(hoisted);
  });

  it("names each island's component and renderer scripts, which the build wrote", () => {
    const scripts = islandScripts(page);
    expect(scripts.some((url) => /\/Counter\.[\w-]+\.js$/.test(url))).toBe(true);
    expect(scripts.length).toBeGreaterThanOrEqual(4);
    for (const url of scripts) expect(existsSync(join(out, url)), url).toBe(true);
  });

  it("holds the component's server render between the island's opening tag and its end marker, with its React id prefix", () => {
    const open = /<astro-island\b[^>]*\bcomponent-url="[^"]*\/Counter\.[^"]*"[^>]*>/.exec(page)?.[0] ?? '';
    const prefix = /\sprefix="([^"]*)"/.exec(open)?.[1];
    expect(prefix).toBeTruthy();
    // What the inventory page function relies on: the same render, slot aside, is what Astro printed.
    const rendered = asIslandHtml(renderToString(createElement(Counter, { start: 1 }), { identifierPrefix: prefix }));
    const replaced = replaceIslandHtml(page, 'Counter', (given) => {
      expect(given).toBe(prefix);
      return '<p>replaced</p>';
    });
    expect(replaced).toBeDefined();
    expect(replaced).toContain('<p>replaced</p><!--astro:end-->');
    expect(replaced).not.toContain('Add one</button><astro-slot>');
    // The first island's own markup, up to its slot, is the component's render.
    expect(page).toContain(rendered.slice(0, rendered.indexOf('</button>')));
    expect(replaceIslandHtml(page, 'Missing', () => '')).toBeUndefined();
  });
});
