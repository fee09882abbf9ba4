/**
 * Astro prints its island runtime and the hydration directives' scripts as inline <script>
 * elements just before the first island, which for every page is the menu in the header. A
 * script there splits the parsing of the body: the browser paints the header first and the
 * page's main content one frame later, which delays the largest paint on slow phones
 * (docs/product.md §Speed). These scripts only define the <astro-island> element and register
 * the directives, so they work the same from the end of <head>: islands met later upgrade as
 * the parser reaches them, exactly as before.
 */

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;
const isIslandRuntime = (code: string) => code.includes('self.Astro||(self.Astro={})') || code.includes('"astro-island"');

/** The page with Astro's island scripts moved from <body> to the end of <head>, in order. */
export function hoistIslandScripts(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const head = html.slice(0, headEnd);
  const body = html.slice(headEnd);
  const moved: string[] = [];
  const rest = body.replace(INLINE_SCRIPT, (script: string, code: string) => {
    if (!isIslandRuntime(code)) return script;
    moved.push(script);
    return '';
  });
  return moved.length === 0 ? html : `${head}${moved.join('')}${rest}`;
}
