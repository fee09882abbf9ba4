/**
 * Everything the site relies on about the markup Astro prints for islands, in one place. None of
 * it is Astro's public API, so ./astro-islands.test.ts builds a small site with the installed
 * Astro and checks every line here against it: an Astro upgrade that changes the markup fails
 * that test (and the build, see ./index.ts), not a visitor's page.
 */

/** Astro's island runtime: the inline script that defines the <astro-island> element. */
export const isIslandRuntime = (code: string) => code.includes('customElements.define("astro-island"');

/** A hydration directive's inline script (ours is ./interaction.ts); Astro prints one per directive used. */
export const isDirectiveScript = (code: string) => code.includes('self.Astro||(self.Astro={})') && !isIslandRuntime(code);

/** Whether a page has an island (an <astro-island> element). */
export const hasIslands = (html: string) => /<astro-island\b/.test(html);

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * A page without Astro's inline island scripts (the directives' and the runtime), and their code
 * in page order; `code` is empty when the page has no runtime, and the page is then unchanged.
 */
export function takeIslandScripts(html: string): { html: string; code: string[] } {
  const code: string[] = [];
  const rest = html.replace(INLINE_SCRIPT, (script: string, body: string) => {
    if (!isIslandRuntime(body) && !isDirectiveScript(body)) return script;
    code.push(body);
    return '';
  });
  return code.some(isIslandRuntime) ? { html: rest, code } : { html, code: [] };
}

/**
 * The rule that makes Astro's island wrappers layout-neutral
 * (`astro-island,astro-slot,astro-static-slot{display:contents}`), which Astro prints as a
 * <style> element beside the first island, inside <body>, where HTML allows no <style>
 * (docs/decisions/standard-validators.md).
 */
const ISLAND_STYLE = /<style>(astro-island\b[^<]*)<\/style>/g;

/** The page with Astro's island <style> moved from <body> to the end of <head> (once). */
export function hoistIslandStyles(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const body = html.slice(headEnd);
  const rules = [...new Set([...body.matchAll(ISLAND_STYLE)].map((match) => match[1] ?? ''))];
  if (rules.length === 0) return html;
  const head = html.slice(0, headEnd);
  const missing = rules.filter((rule) => !head.includes(`<style>${rule}</style>`));
  return `${head}${missing.map((rule) => `<style>${rule}</style>`).join('')}${body.replace(ISLAND_STYLE, '')}`;
}

/** The scripts an island loads: its component and its framework renderer. */
export function islandScripts(html: string): string[] {
  const urls: string[] = [];
  for (const [, attributes = ''] of html.matchAll(/<astro-island([^>]*)>/g)) {
    for (const [, url = ''] of attributes.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)) urls.push(url);
  }
  return urls;
}

/** Where an island's server-rendered HTML ends inside its element, before any slot templates. */
const ISLAND_END = '<!--astro:end-->';

/**
 * The page with the server-rendered HTML of the island of `component` (its file name, e.g.
 * "InventoryFilter") replaced by `render(prefix)`, where `prefix` is the island's React id prefix
 * (the browser hydrates with it, so useId must match); undefined when the page has no such island.
 */
export function replaceIslandHtml(html: string, component: string, render: (prefix: string) => string): string | undefined {
  const open = new RegExp(`<astro-island\\b[^>]*\\bcomponent-url="[^"]*/${component}\\.[^"]*"[^>]*>`).exec(html);
  if (!open) return undefined;
  const start = open.index + open[0].length;
  const close = html.indexOf('</astro-island>', start);
  if (close < 0) return undefined;
  const marker = html.lastIndexOf(ISLAND_END, close);
  const end = marker >= start ? marker : close;
  const prefix = /\sprefix="([^"]*)"/.exec(open[0])?.[1] ?? '';
  return `${html.slice(0, start)}${render(prefix)}${html.slice(end)}`;
}

/** What Astro's React renderer strips from a server render: the resource hints React hoists. */
const REACT_RESOURCE_HINTS = /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;

/** A React server render as Astro's React renderer prints it inside an island. */
export const asIslandHtml = (rendered: string) => rendered.replace(REACT_RESOURCE_HINTS, '');
