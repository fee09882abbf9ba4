import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * An SVG file from public/ as markup to print inline, for the small pictures every page shows
 * at the top (the header logo): inline, it paints with the page's first paint instead of one
 * round trip later (docs/product.md §Speed). The picture is decorative where it is used (its
 * link or heading says what it is), so its title and role go and it is hidden from assistive
 * technology. Inline in HTML it needs no namespace, and no browser the site serves needs
 * `focusable="false"` (it kept old Internet Explorer from tabbing to it): every byte of the
 * header counts on every page (docs/product.md §Speed).
 */
export function inlineSvg(publicPath: string, attributes: { class?: string; width: number; height: number }): string | undefined {
  if (!publicPath.endsWith('.svg') || !publicPath.startsWith('/')) return undefined;
  const source = readFileSync(join(process.cwd(), 'public', decodeURI(publicPath)), 'utf8');
  const open = /<svg\b[^>]*>/.exec(source);
  if (!open) throw new Error(`${publicPath} has no <svg> element`);
  const viewBox = /\sviewBox="([^"]*)"/.exec(open[0])?.[1];
  const body = source
    .slice(open.index + open[0].length, source.lastIndexOf('</svg>'))
    .replace(/<title>[\s\S]*?<\/title>/g, '')
    // Words drawn by separate <text> elements read as separate words (a link's visible label).
    .replace(/<\/text><text/g, '</text> <text')
    .trim();
  const attrs = [
    viewBox ? `viewBox="${viewBox}"` : '',
    `width="${attributes.width}"`,
    `height="${attributes.height}"`,
    attributes.class ? `class="${attributes.class}"` : '',
    'aria-hidden="true"',
  ].filter(Boolean);
  return `<svg ${attrs.join(' ')}>${body}</svg>`;
}

/**
 * A small SVG file from public/ as a data: address, for the one picture that is a page's
 * largest paint: the picture then arrives with the page instead of one round trip later.
 * Undefined for raster files and for SVG over `maxBytes`.
 */
export function svgDataUri(publicPath: string, maxBytes: number): string | undefined {
  if (!publicPath.endsWith('.svg') || !publicPath.startsWith('/')) return undefined;
  const file = join(process.cwd(), 'public', decodeURI(publicPath));
  if (statSync(file).size > maxBytes) return undefined;
  const svg = readFileSync(file, 'utf8').replace(/\s+/g, ' ').trim();
  return `data:image/svg+xml,${svg.replace(/[%#<>"{}|\\^` ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)}`;
}
