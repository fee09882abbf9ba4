/**
 * Astro prints the rule that makes its island wrappers layout-neutral
 * (`astro-island,astro-slot,astro-static-slot{display:contents}`) as a <style> element beside
 * the first island, inside <body>, where HTML allows no <style> (docs/product.md §Quality).
 * These functions move it into <head>; src/middleware.ts applies them to every page rendered.
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
