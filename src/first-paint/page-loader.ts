import { CONTROL, isHeldTap, whenIdle } from './controls.ts';

/**
 * Every page's one inline script (docs/product.md §Speed, docs/decisions/first-flight-pages.md),
 * bundled by the build (./index.ts) and identical on every page, so one CSP hash allows it. The
 * page's own figures come from the script element's attributes:
 * - `data-stylesheet`: the whole stylesheet, which the page's inline critical CSS stands in for;
 * - `data-runtime`: Astro's island runtime with our `client:interaction` directive, one cached
 *   file (only on pages with islands);
 * - `data-modules`: the page's own module scripts, loaded when the page is idle.
 *
 * Both load when the loaded page is idle, or at the visitor's first touch, pointer, focus or key
 * (the runtime: inside an island), whichever comes first. Until the runtime is there, a tap on an
 * island's button is held and replayed on the same control afterwards, where the directive takes
 * it over until React is live; links and submit buttons act natively, as without JavaScript.
 * What is typed meanwhile stays in the fields, where the directive finds it (./interaction.ts).
 */

const script = document.currentScript as HTMLScriptElement | null;
const stylesheet = script?.dataset.stylesheet;
const runtime = script?.dataset.runtime;
/** The page's own module script (src/scripts/page.ts: the analytics events, the speculation rules): when idle only. */
const modules = script?.dataset.modules?.split(' ').filter(Boolean) ?? [];

let styled = false;
function style() {
  if (styled || !stylesheet) return;
  styled = true;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = stylesheet;
  document.head.append(link);
}

const WARM_UP = ['pointerenter', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** What the idle page loads besides its modules: the whole stylesheet, and the runtime where there are islands. */
let load: () => unknown = style;

if (runtime) {
  let loading: Promise<void> | undefined;
  let failed = false;
  const warm = new Set<Element>();
  const held: Element[] = [];
  const ready = () => failed || customElements.get('astro-island') !== undefined;
  const islandOf = (target: EventTarget | null) => (target instanceof Element ? target.closest('astro-island') : null);

  // Once the runtime has started the islands' directives, they take over: an island the visitor
  // warmed up starts hydrating, and held taps are replayed for the directive to hold in turn.
  const handOver = () => {
    for (const island of warm) island.dispatchEvent(new Event('pointerenter'));
    for (const control of held) control.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
    warm.clear();
    held.length = 0;
  };
  load = () => {
    style();
    loading ??= new Promise<void>((done) => {
      const element = document.createElement('script');
      element.src = runtime;
      element.onload = () => done();
      element.onerror = () => {
        failed = true;
        done();
      };
      document.head.append(element);
    }).then(handOver);
    return loading;
  };

  const onWarmUp = (event: Event) => {
    if (event.type !== 'pointerenter') style();
    const island = islandOf(event.target);
    if (!island || ready()) return;
    warm.add(island);
    void load();
  };
  const onField = (event: Event) => {
    if (!ready() && islandOf(event.target)) void load();
  };
  const onClick = (event: MouseEvent) => {
    if (ready()) return;
    const target = event.target instanceof Element ? event.target : null;
    if (!islandOf(target)) return;
    const control = target?.closest(CONTROL) ?? target;
    if (!control || !isHeldTap(control)) {
      void load();
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    held.push(control);
    void load();
  };

  for (const type of WARM_UP) addEventListener(type, onWarmUp, { capture: true, passive: true });
  addEventListener('click', onClick, true);
  addEventListener('input', onField, true);
  addEventListener('change', onField, true);
} else {
  for (const type of ['pointerdown', 'keydown', 'focusin']) addEventListener(type, style, { capture: true, passive: true, once: true });
}

whenIdle(() => {
  for (const src of modules) void import(/* @vite-ignore */ src);
  load();
});
