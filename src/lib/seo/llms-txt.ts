import { absoluteUrl } from './seo.ts';

/**
 * /llms.txt (the llms.txt convention, llmstxt.org): a title, a one-paragraph summary, a few lines
 * of detail, then sections of links to the pages that answer buyers' questions, each with a note;
 * the section named "Optional" holds what a reader may skip. Pure: the page hands it the data
 * (docs/product.md §Guides).
 */

export interface LlmsLink {
  title: string;
  /** A path on this site, e.g. /golf-cart-buying-guide. */
  path: string;
  note?: string;
}

export interface LlmsSection {
  heading: string;
  links: readonly LlmsLink[];
}

export interface LlmsInput {
  title: string;
  summary: string;
  details?: readonly string[];
  sections: readonly LlmsSection[];
}

/** One line of Markdown text: no line breaks, and no characters that would open a link or a heading. */
const line = (text: string) => text.replace(/\s+/g, ' ').replace(/[[\]]/g, '').trim();

export function llmsTxt(input: LlmsInput, site: URL | string): string {
  const out = [`# ${line(input.title)}`, '', `> ${line(input.summary)}`, ''];
  for (const detail of input.details ?? []) out.push(line(detail), '');
  for (const section of input.sections) {
    if (section.links.length === 0) continue;
    out.push(`## ${line(section.heading)}`, '');
    for (const link of section.links) {
      out.push(`- [${line(link.title)}](${absoluteUrl(link.path, site)})${link.note ? `: ${line(link.note)}` : ''}`);
    }
    out.push('');
  }
  return out.join('\n');
}
