import { CONTROL, NATIVE } from '../directives/interaction.ts';

/**
 * Astro's island runtime (the <astro-island> element) is about 4 KB of script that every page
 * would otherwise carry inline, and no island needs it before the visitor acts or the loaded
 * page is idle (docs/product.md §Speed). So it is served as one cached file, and each page
 * carries one small loader instead (which also adds the whole stylesheet). The hydration
 * directive's script travels in the same file, ahead of the runtime. The loader:
 * - fetches the runtime when the loaded page is idle, or at the first touch, pointer, focus or
 *   key inside an island, whichever comes first;
 * - holds a tap on an island's button made before the runtime is there (links and submit
 *   buttons act natively, as without JavaScript), and hands it, and any text typed or option
 *   chosen meanwhile, to the island's `client:interaction` directive once the runtime has
 *   started it (src/directives/interaction.ts), which keeps them until React is live.
 */

/** Whether an inline script is Astro's island runtime. */
export const isIslandRuntime = (code: string) => code.includes('customElements.define("astro-island"');
/** Whether an inline script registers a hydration directive (ours: src/directives/interaction.ts). */
export const isDirective = (code: string) => code.includes('self.Astro||(self.Astro={})') && !isIslandRuntime(code);

/**
 * The page's one loader script: the whole stylesheet (`stylesheets`, see
 * src/integrations/critical-css.ts), the island runtime (`runtimeUrl`, when the page has
 * islands) and the page's module scripts (`modules`, when idle only), all when the loaded page is idle or at the visitor's first touch, pointer, focus
 * or key, whichever comes first.
 */
export function pageLoader({
  stylesheets,
  runtimeUrl,
  modules = [],
}: {
  stylesheets: readonly string[];
  runtimeUrl?: string;
  modules?: readonly string[];
}): string {
  // The page's own module scripts (the analytics events, src/scripts/asc-page.ts) wait for idle too.
  const mods = modules.map((src) => `;import(${JSON.stringify(src)})`).join('');
  const styles = `let styled=false;const style=()=>{if(styled)return;styled=true;for(const href of ${JSON.stringify(stylesheets)}){const l=document.createElement('link');l.rel='stylesheet';l.href=href;document.head.append(l)}};`;
  const idle = (run: string) =>
    `const idle=()=>'requestIdleCallback' in window?requestIdleCallback(${run},{timeout:2000}):setTimeout(${run},200);document.readyState==='complete'?idle():addEventListener('load',idle,{once:true});`;
  if (!runtimeUrl) {
    return `(()=>{${styles}for(const type of['pointerdown','keydown','focusin'])addEventListener(type,style,{capture:true,passive:true,once:true});${idle(mods ? `()=>{style()${mods}}` : 'style')}})()`;
  }
  return `(()=>{${styles}const src=${JSON.stringify(runtimeUrl)},NATIVE=${JSON.stringify(NATIVE)},CONTROL=${JSON.stringify(CONTROL)};let loading,failed=false;const warm=new Set(),held=[],typed=new Map();const ready=()=>failed||!!customElements.get('astro-island');const islandOf=t=>t instanceof Element?t.closest('astro-island'):null;const isField=t=>t instanceof HTMLInputElement||t instanceof HTMLSelectElement||t instanceof HTMLTextAreaElement;const handOver=()=>{for(const el of warm)el.dispatchEvent(new Event('pointerenter'));for(const[field,type]of typed)field.dispatchEvent(new Event(type,{bubbles:true}));for(const control of held)control.dispatchEvent(new MouseEvent('click',{bubbles:true,cancelable:true,composed:true}));warm.clear();typed.clear();held.length=0};const load=()=>{style();loading??=new Promise(done=>{const s=document.createElement('script');s.src=src;s.onload=()=>done();s.onerror=()=>{failed=true;done()};document.head.append(s)}).then(handOver);return loading};const onWarm=e=>{if(e.type!=='pointerenter')style();const el=islandOf(e.target);if(!el||ready())return;warm.add(el);load()};const onField=e=>{if(ready()||!islandOf(e.target))return;if(isField(e.target))typed.set(e.target,e.type);load()};const onClick=e=>{if(ready())return;const t=e.target instanceof Element?e.target:null;if(!islandOf(t))return;const control=t.closest(CONTROL)??t;if(control.matches(NATIVE)||isField(control)||control instanceof HTMLLabelElement){load();return}e.preventDefault();e.stopPropagation();held.push(control);load()};for(const type of['pointerenter','pointerdown','touchstart','focusin','keydown'])addEventListener(type,onWarm,{capture:true,passive:true});addEventListener('click',onClick,true);addEventListener('input',onField,true);addEventListener('change',onField,true);${idle(mods ? `()=>{load()${mods}}` : 'load')}})()`;
}
