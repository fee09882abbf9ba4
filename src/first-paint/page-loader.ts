import { CONTROL, isField, isHeldTap, nextTask, noteEntries, whenIdle, whenTypingRests } from './controls.ts';

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
 *
 * Typing into a native field needs none of it, and a keystroke that lands on a long task waits
 * for it: so the whole stylesheet (whose arrival restyles the page) waits until the visitor's
 * typing rests, unless a tap needs it now, and at idle the stylesheet and the runtime go out in
 * tasks of their own (docs/decisions/islands-between-keystrokes.md).
 */

noteEntries();

const script = document.currentScript as HTMLScriptElement | null;
const stylesheet = script?.dataset.stylesheet;
const runtime = script?.dataset.runtime;
/** The page's own module scripts (the analytics events, src/scripts/asc-page.ts): when idle only. */
const modules = script?.dataset.modules?.split(' ').filter(Boolean) ?? [];

let styled = false;
let styleWaits = false;
/** Adds the whole stylesheet: at once for a tap (what it opens may need it), else once the visitor's typing rests. */
function style(now = true) {
  if (styled || !stylesheet) return;
  if (!now) {
    if (!styleWaits) whenTypingRests(() => style());
    styleWaits = true;
    return;
  }
  styled = true;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = stylesheet;
  document.head.append(link);
}

const WARM_UP = ['pointerenter', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** What the idle page loads besides its modules: the whole stylesheet, and the runtime where there are islands. */
let load: (now?: boolean) => unknown = style;

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
  load = (now = true) => {
    style(now);
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

  // A tap on a field, or a key, means typing: the runtime (small) may come, the stylesheet waits.
  const typing = (event: Event) =>
    event.type === 'focusin' ||
    event.type === 'keydown' ||
    isField(event.target) ||
    (event.target instanceof Element && event.target.closest('label') !== null);
  const onWarmUp = (event: Event) => {
    const now = !typing(event);
    if (event.type !== 'pointerenter') style(now);
    const island = islandOf(event.target);
    if (!island || ready()) return;
    // An island being typed into starts in its turn once the directive is there (./interaction.ts).
    if (now) warm.add(island);
    void load(now);
  };
  const onField = (event: Event) => {
    if (!ready() && islandOf(event.target)) void load(false);
  };
  const onClick = (event: MouseEvent) => {
    if (ready()) return;
    const target = event.target instanceof Element ? event.target : null;
    if (!islandOf(target)) return;
    const control = target?.closest(CONTROL) ?? target;
    if (!control || !isHeldTap(control)) {
      void load(!typing(event));
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
  addEventListener('pointerdown', (event) => style(!isField(event.target)), { capture: true, passive: true, once: true });
}

// At idle, once typing rests: the stylesheet, then the runtime and the page's modules in a later task.
whenIdle(() =>
  whenTypingRests(() => {
    style();
    void nextTask().then(() => {
      for (const src of modules) void import(/* @vite-ignore */ src);
      load();
    });
  }),
);
