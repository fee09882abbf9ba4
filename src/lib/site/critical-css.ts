import postcss, { type AtRule, type Root } from 'postcss';
import selectorParser, { type Selector } from 'postcss-selector-parser';

/**
 * What of the site's one stylesheet a page needs for its first paint (docs/product.md §Speed):
 * the rules whose selectors can match the page's own markup, the custom properties and
 * keyframes those rules use, and nothing else. The whole stylesheet still loads after the
 * first paint, for what scripts add later (an open menu, a toast, a form's error state).
 *
 * The test is deliberately generous: a rule stays unless one of its selectors names a class or
 * an element the page does not contain, or a pseudo-element only form fields have (a date's
 * parts, a placeholder) on a page without fields. Pseudo-classes, attributes and combinators are never
 * evaluated, so a rule whose state the page can reach without script (hover, focus, open
 * <details>, :checked) is always kept. Rules for `(scripting: none)` are left out: without
 * JavaScript the whole stylesheet is an ordinary one.
 */

/** The classes and element names of a page's markup. */
export interface PageVocabulary {
  classes: ReadonlySet<string>;
  elements: ReadonlySet<string>;
  /** Custom properties read or set in style attributes. */
  styleAttributes: string;
}

const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export function vocabularyOf(html: string): PageVocabulary {
  const classes = new Set<string>();
  for (const [, value = ''] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decodeEntities(value).split(/\s+/)) if (name) classes.add(name);
  }
  const elements = new Set<string>();
  for (const [, name = ''] of html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)) elements.add(name.toLowerCase());
  const styleAttributes = [...html.matchAll(/\sstyle="([^"]*)"/g)].map(([, value = '']) => decodeEntities(value)).join(';');
  return { classes, elements, styleAttributes };
}

/** Elements every page has, whether or not the markup spells them. */
const ALWAYS_PRESENT = new Set(['html', 'head', 'body']);
/** Pseudo-classes whose arguments are alternatives: one of them matching is enough. */
const ALTERNATIVES = new Set([':is', ':where', ':matches', ':-webkit-any']);

/**
 * Pseudo-elements that only form fields have, and the elements that have them: the reset's rules
 * for date parts, spin buttons, file buttons and placeholders need a field on the page.
 */
function fieldsWith(pseudoElement: string): readonly string[] | undefined {
  if (pseudoElement === '::placeholder') return ['input', 'textarea'];
  if (
    pseudoElement === '::file-selector-button' ||
    /^::-webkit-(datetime-edit|date-and-time-value|calendar-picker-indicator|inner-spin-button|outer-spin-button|search-)/.test(pseudoElement)
  )
    return ['input'];
  return undefined;
}

/** Whether a selector can match the page: every class and element of its own compounds exists. */
function canMatch(selector: Selector, page: PageVocabulary): boolean {
  return selector.nodes.every((node) => {
    if (node.type === 'class') return page.classes.has(node.value);
    if (node.type === 'tag') return ALWAYS_PRESENT.has(node.value.toLowerCase()) || page.elements.has(node.value.toLowerCase());
    if (node.type === 'pseudo' && node.value.startsWith('::'))
      return (fieldsWith(node.value.toLowerCase()) ?? ['html']).some((name) => ALWAYS_PRESENT.has(name) || page.elements.has(name));
    if (node.type === 'pseudo' && ALTERNATIVES.has(node.value.toLowerCase()) && node.nodes.length > 0) {
      return node.nodes.some((inner) => canMatch(inner, page));
    }
    // :not(), :has(), attributes, ids, combinators, the universal selector: not evaluated.
    return true;
  });
}

const insideKeyframes = (node: { parent?: unknown }) => {
  for (let parent = node.parent as AtRule | Root | undefined; parent; parent = parent.parent as AtRule | Root | undefined) {
    if (parent.type === 'atrule' && /keyframes$/i.test(parent.name)) return true;
  }
  return false;
};

function removeEmptyBlocks(root: Root) {
  let removed = true;
  while (removed) {
    removed = false;
    root.walk((node) => {
      const empty = (node.type === 'rule' || (node.type === 'atrule' && node.nodes !== undefined)) && node.nodes?.length === 0;
      if (empty) {
        node.remove();
        removed = true;
      }
    });
  }
}

/** The names of cascade layers in the order the stylesheet first declares them. */
function layerOrder(root: Root): string[] {
  const names: string[] = [];
  root.walkAtRules('layer', (rule) => {
    for (const name of rule.params.split(',').map((part) => part.trim())) if (name && !names.includes(name)) names.push(name);
  });
  return names;
}

/**
 * The part of `css` a page with this vocabulary uses. Layers keep the stylesheet's order even
 * when a page needs nothing from one of them, so the whole stylesheet, applied later, cascades
 * exactly as it would alone.
 */
export function criticalCss(css: string, page: PageVocabulary): string {
  const root = postcss.parse(css);
  const layers = layerOrder(root);
  // Rules for browsers without JavaScript: those load the whole stylesheet as an ordinary one.
  root.walkAtRules('media', (rule) => {
    if (/\(\s*scripting\s*:\s*none\s*\)/.test(rule.params)) rule.remove();
  });

  root.walkRules((rule) => {
    if (insideKeyframes(rule)) return;
    const kept: string[] = [];
    selectorParser((selectors) => {
      selectors.each((selector) => {
        if (canMatch(selector, page)) kept.push(selector.toString().trim());
      });
    }).processSync(rule.selector);
    if (kept.length === 0) rule.remove();
    else rule.selector = kept.join(',');
  });
  removeEmptyBlocks(root);

  // Custom properties: keep a definition only while something kept reads it (to a fixpoint,
  // since theme values read one another); likewise @property registrations.
  const read = new Set<string>();
  const readsIn = (value: string) => {
    let grew = false;
    for (const [, name = ''] of value.matchAll(/var\(\s*(--[\w-]+)/g)) {
      if (!read.has(name)) {
        read.add(name);
        grew = true;
      }
    }
    return grew;
  };
  readsIn(page.styleAttributes);
  root.walkDecls((decl) => {
    if (!decl.prop.startsWith('--')) readsIn(decl.value);
  });
  for (let grew = true; grew;) {
    grew = false;
    root.walkDecls((decl) => {
      if (decl.prop.startsWith('--') && read.has(decl.prop) && readsIn(decl.value)) grew = true;
    });
  }
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && !read.has(decl.prop) && !page.styleAttributes.includes(decl.prop)) decl.remove();
  });
  root.walkAtRules('property', (rule) => {
    if (!read.has(rule.params.trim())) rule.remove();
  });

  // Keyframes no kept animation names.
  const animations = new Set<string>();
  root.walkDecls(/^animation(-name)?$/, (decl) => {
    for (const word of decl.value.split(/[\s,]+/)) animations.add(word);
  });
  root.walkAtRules(/keyframes$/i, (rule) => {
    if (!animations.has(rule.params.trim())) rule.remove();
  });
  removeEmptyBlocks(root);

  const order = layers.length > 0 ? `@layer ${layers.join(',')};` : '';
  // One line: the Nu Html Checker hashes an inline style with line breaks differently from
  // browsers, and would report the page's own style policy as not allowing it.
  return (order + root.toString()).replace(/\s*\n\s*/g, ' ').trim();
}

// How a built page carries its CSS: the critical rules inline, the whole stylesheet behind a
// <noscript> link (which src/first-paint/page-loader.ts adds when the page is idle).
const CRITICAL_STYLE = /<style data-critical>[\s\S]*?<\/style>/;
const criticalStyle = (css: string) => `<style data-critical>${css}</style>`;
const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)"\s*\/?>/g;

/**
 * A page as Astro built it with its stylesheet links replaced by the rules its markup uses,
 * inline (docs/product.md §Speed), and the stylesheets deferred: the page's loader script adds
 * them when the loaded page is idle; without JavaScript they are ordinary ones (<noscript>).
 * `stylesheets` holds the built CSS by address.
 */
export function inlineCriticalCss(html: string, stylesheets: ReadonlyMap<string, string>): string {
  const hrefs = [...html.matchAll(STYLESHEET_LINK)].map(([, href = '']) => href);
  if (hrefs.length === 0) return html;
  const css = hrefs.map((href) => {
    const text = stylesheets.get(href);
    if (text === undefined) throw new Error(`critical-css: ${href} is linked but was not built`);
    return text;
  });
  const noscript = `<noscript>${hrefs.map((href) => `<link rel="stylesheet" href="${href}">`).join('')}</noscript>`;
  const inline = `${criticalStyle(criticalCss(css.join('\n'), vocabularyOf(html)))}${noscript}`;
  let first = true;
  return html.replace(STYLESHEET_LINK, () => {
    if (!first) return '';
    first = false;
    return inline;
  });
}

/** The address of the whole stylesheet a built page defers (its <noscript> link), if any. */
export function deferredStylesheetOf(html: string): string | undefined {
  return /<noscript><link rel="stylesheet" href="([^"]+)">/.exec(html)?.[1];
}

/**
 * A built page whose markup was changed after the build (a filtered inventory rendered on
 * request) with its inline critical CSS made again from the whole stylesheet, so what the new
 * markup shows is styled at its first paint too.
 */
export function withCriticalCss(html: string, stylesheet: string): string {
  if (!CRITICAL_STYLE.test(html)) return html;
  const css = criticalCss(stylesheet, vocabularyOf(html.replace(CRITICAL_STYLE, '')));
  return html.replace(CRITICAL_STYLE, () => criticalStyle(css));
}
