import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Helpers for the pages-*.test.ts files: read a built page and look at what a visitor reads. */

const dist = join(import.meta.dirname, '..', '..', 'dist');

export function builtPage(file: string): string {
  const path = join(dist, file);
  if (!existsSync(path)) throw new Error(`dist/${file} is missing: run \`npm run build\` before the unit tests`);
  return readFileSync(path, 'utf8');
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'", nbsp: ' ' };

export function decode(text: string): string {
  return text.replace(/&(#?\w+);/g, (match, name: string) => entities[name] ?? match);
}

/** The visible words of an HTML fragment: tags (and scripts) dropped, block tags as spaces, spaces collapsed. */
export function textOf(html: string): string {
  return decode(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<style[\s\S]*?<\/style>/g, ' ')
      .replace(/<\/?(?:a|strong|em|b|i|span|code|time|abbr)\b[^>]*>/g, '')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The <main> element of a page. */
export function mainOf(html: string): string {
  const match = /<main\b[\s\S]*?<\/main>/.exec(html);
  if (!match) throw new Error('no <main> in the page');
  return match[0];
}

/** Every element `<tag ... attr="value">…</tag>` or `<tag ... attr>…</tag>` (no nesting of the same tag inside). */
export function elements(html: string, tag: string, attr: string): { value: string; html: string }[] {
  const re = new RegExp(`<${tag}\\b[^>]*?\\s${attr}(?:="([^"]*)")?(?=[\\s>/])[^>]*>[\\s\\S]*?</${tag}>`, 'g');
  return [...html.matchAll(re)].map((m) => ({ value: m[1] ?? '', html: m[0] }));
}

/** Every link: its decoded href, its attributes and its text. */
export function links(html: string): { href: string; attrs: string; text: string }[] {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map((m) => {
    const attrs = m[1] ?? '';
    return { href: decode(/\bhref="([^"]*)"/.exec(attrs)?.[1] ?? ''), attrs, text: textOf(m[2] ?? '') };
  });
}

/** title, description, canonical and robots of a page's head. */
export function headOf(html: string) {
  const meta = (name: string) => decode(new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1] ?? '');
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    description: meta('description'),
    robots: meta('robots'),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? '',
  };
}

/** Every JSON-LD block of a page, parsed. */
export function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? ''));
}
