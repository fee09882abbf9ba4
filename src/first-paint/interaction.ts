import type { ClientDirective } from 'astro';
import { CONTROL, NATIVE, isField, isHeldTap, nextTask, noteEntries, whenIdle, whenTypingRests, type Field } from './controls.ts';

/** When an island hydrates besides its first interaction (the value of `client:interaction`). */
export type HydrateWhen = 'interaction' | 'idle' | 'visible';

const WARM_UP = ['pointerenter', 'pointerdown', 'touchstart', 'focusin'] as const;
/** How long a held tap or a typed value waits for React to bind the element (on a slow phone, seconds) before it is handed over anyway. */
const LIVE_TIMEOUT_MS = 10_000;

export function hydrateWhen(value: unknown): HydrateWhen {
  return value === 'idle' || value === 'visible' ? value : 'interaction';
}

const isBound = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps'));

/** React hydrates in a transition: wait until it has bound the element (at most LIVE_TIMEOUT_MS). */
function whenLive(target: Element, then: () => void, deadline = performance.now() + LIVE_TIMEOUT_MS) {
  if (isBound(target) || performance.now() > deadline) then();
  else requestAnimationFrame(() => whenLive(target, then, deadline));
}

/**
 * Resolves once React has hydrated the island's fields: every field bound (React binds them one
 * by one while it renders, and may pause between them), then two frames for React to commit
 * what it rendered (at most LIVE_TIMEOUT_MS in all).
 */
function whenFieldsLive(el: Element, deadline = performance.now() + LIVE_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve) => {
    const committed = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
    const check = () => {
      const fields = [...el.querySelectorAll('input, select, textarea')];
      if (fields.every(isBound) || performance.now() > deadline) committed();
      else requestAnimationFrame(check);
    };
    check();
  });
}

type Entry = string | boolean;
const isToggle = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
const entryOf = (field: Field): Entry => (isToggle(field) ? field.checked : field.value);

/**
 * Whether the visitor has changed a field from what the server rendered (a radio counts once:
 * the one now checked). Read when the directive starts, for what was typed before it existed.
 */
function isChanged(field: Field): boolean {
  if (isToggle(field)) return field.type === 'radio' ? field.checked && !field.defaultChecked : field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
  return field.value !== field.defaultValue;
}

/** What React keeps on a field it controls: the value it last saw (react-dom's value tracker). */
type Tracked = Field & { _valueTracker?: { setValue(value: string): void } };

/**
 * Tells the hydrated component about a value typed or chosen before it was live. React reports
 * a change only when a field's value differs from the last value it saw, and when it hydrates a
 * field it takes whatever the field shows as seen, so an entry typed meanwhile stays in the
 * field while the component's state never hears of it (and a date half typed at that moment is
 * cleared by the browser). So the entry is put back in the field if React's first re-render
 * replaced it, React is told it last saw something else, and the event it listens for follows.
 * The field's value is not touched when it already shows the entry: a date the visitor is
 * still typing keeps its place.
 */
function announce(field: Tracked, entry: Entry) {
  const typed = String(entry);
  const shown = typeof entry === 'boolean' && field instanceof HTMLInputElement ? String(field.checked) : field.value;
  if (shown !== typed) {
    if (typeof entry === 'boolean' && field instanceof HTMLInputElement) field.checked = entry;
    else Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, typed);
  }
  // A select has no tracker: React reports its every change event.
  field._valueTracker?.setValue(typeof entry === 'boolean' ? String(!entry) : `${typed}\u0000`);
  // React learns of checkboxes and radios from clicks (a plain event does not toggle them again).
  const type = typeof entry === 'boolean' ? 'click' : field instanceof HTMLSelectElement ? 'change' : 'input';
  field.dispatchEvent(new Event(type, { bubbles: true }));
}

/**
 * How an island's start waits its turn (docs/decisions/islands-between-keystrokes.md): islands
 * start one at a time, each in tasks of its own (its script, then its hydration), the next one
 * only once React has committed the last, and each step only once the visitor's typing rests.
 * Until then its server HTML works: a field takes keys natively, and its entries are handed
 * over. A held tap does not wait in line: the visitor waits for that island.
 */
const enum Turn {
  /** The visitor is at the island's fields. */
  Touched,
  /** In the first view, at idle. */
  InView,
  /** Further down, at idle. */
  Later,
}
interface Job {
  /** Lowered when the visitor reaches the island before its turn. */
  turn: Turn;
}
const waiting: { job: Job; run: () => Promise<void> }[] = [];
let draining = false;

async function drain() {
  draining = true;
  while (waiting.length > 0) {
    const next = waiting.reduce((best, entry) => (entry.job.turn < best.job.turn ? entry : best));
    waiting.splice(waiting.indexOf(next), 1);
    await next.run();
    await nextTask();
  }
  draining = false;
}

function inLine(job: Job, run: () => Promise<void>) {
  waiting.push({ job, run });
  if (!draining) void drain();
}

/** Fetches an island's scripts ahead of its turn, so the turn spends its task on running them, not on the network. */
function preload(el: Element) {
  for (const url of [el.getAttribute('component-url'), el.getAttribute('renderer-url')]) {
    if (!url || document.head.querySelector(`link[rel="modulepreload"][href="${CSS.escape(url)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = url;
    document.head.append(link);
  }
}

/** Whether an island shows in the first view now (Astro islands are display: contents; what they render). */
const inView = (el: Element) =>
  [...el.children].some((child) => {
    const box = child.getBoundingClientRect();
    return box.bottom > 0 && box.top < innerHeight && box.height > 0;
  });

const typingRests = (within?: Element) => new Promise<void>((resolve) => whenTypingRests(resolve, within));

noteEntries();

/**
 * Hydrates an island on its first interaction, and with `client:interaction="idle"` also when
 * the page has loaded and the browser is idle, or with `client:interaction="visible"` when the
 * island scrolls into view after the page has loaded. Its server-rendered HTML works until then.
 *
 * Nothing the visitor does first is lost while the island loads (docs/product.md §Speed):
 * - pointing at or touching a button of the island starts it at once; focusing or typing into
 *   its fields puts it first in line, to start once the typing rests (its fields are native until then);
 * - a tap on a button is held and replayed on the same control once the component is live (or
 *   once loading failed, so the page's own behaviour still happens);
 * - links and submit buttons act natively: a form submitted before hydration posts as it does
 *   without JavaScript;
 * - every value typed or chosen before the component is live (before this directive started,
 *   while its script loads, or while React hydrates, which it does in a transition after
 *   `hydrate()` has returned) is handed to the live component as a change, even when React's
 *   first re-render has put its own initial state back into the field.
 */
/**
 * What reaches React while it hydrates in its transition, before it has bound the fields, makes it
 * hydrate the whole island at once, in one long task the event waits for (0.5 s for the
 * reservation form at 4× slowdown). Typed text and taps on fields need nothing from React then:
 * the directive keeps them and hands them over (`announce`). A press on a link or a submit button
 * still reaches React (a form sent then is checked by the component).
 */
const KEPT_FROM_REACT = [
  'keydown',
  'keypress',
  'keyup',
  'beforeinput',
  'input',
  'change',
  'compositionstart',
  'compositionend',
  'focusin',
  'focusout',
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'touchstart',
  'touchend',
  'click',
] as const;

const interaction: ClientDirective = (load, options, el) => {
  const when = hydrateWhen(options.value);
  const entries = new Map<Field, Entry>();
  /** Resolves once `hydrate()` has returned (or the script failed); React then commits in a transition. */
  let hydrating: Promise<void> | undefined;
  /** Resolves once React has committed and every entry is handed over (or the script failed). */
  let markLive = () => {};
  const live = new Promise<void>((resolve) => (markLive = resolve));
  let queued: Job | undefined;
  const replayed = new WeakSet<Event>();
  /** From `hydrate()` until React has bound the fields: events are kept from React (KEPT_FROM_REACT). */
  let inTransition = false;

  /** A field, its label, or focus: the visitor is about to type, which the server HTML takes natively. */
  const typing = (event: Event) =>
    event.type === 'focusin' || isField(event.target) || (event.target instanceof Element && event.target.closest('label') !== null);
  // The page loader passes on a warm-up from before the runtime as a pointerenter: a visitor now in a field is typing.
  const inField = () => el.contains(document.activeElement) && isField(document.activeElement);
  const onWarmUp = (event: Event) => void start(typing(event) || inField() ? Turn.Touched : 'now');
  const onChange = (event: Event) => {
    if (isField(event.target)) entries.set(event.target, entryOf(event.target));
    void start(Turn.Touched);
  };
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest<HTMLElement>(CONTROL) ?? target;
    // Once React has bound the control, the tap is React's; a tap this directive replays goes through.
    if (replayed.has(event) || (control && isBound(control))) return;
    if (!control || !isHeldTap(control)) {
      void start(Turn.Touched);
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    // The tap may land on an icon inside the button: replay it on the control itself.
    const replay = () =>
      whenLive(control, () => {
        const click = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true });
        replayed.add(click);
        control.dispatchEvent(click);
      });
    void start('now').then(replay);
  };

  const keepFromReact = (event: Event) => {
    if (!inTransition || replayed.has(event) || !(event.target instanceof Element)) return;
    // Links and submit buttons, and what React has bound already, are React's.
    if (event.target.closest(NATIVE) || isBound(event.target.closest(CONTROL) ?? event.target)) return;
    event.stopImmediatePropagation();
  };

  const stopListening = () => {
    inTransition = false;
    for (const type of KEPT_FROM_REACT) el.removeEventListener(type, keepFromReact, true);
    for (const type of WARM_UP) el.removeEventListener(type, onWarmUp);
    el.removeEventListener('click', onClick, true);
    el.removeEventListener('input', onChange, true);
    el.removeEventListener('change', onChange, true);
  };

  /** The field as the island shows it now (React may have replaced the element): by name or id. */
  const current = (field: Field): Field | null => {
    if (field.isConnected) return field;
    const key = field.name ? `[name="${CSS.escape(field.name)}"]` : field.id ? `#${CSS.escape(field.id)}` : '';
    return key ? el.querySelector<Field>(`:is(input, select, textarea)${key}`) : null;
  };

  /**
   * Once React has bound the island's fields (an event reaching React before would make it give
   * up hydrating and draw the island anew), they stop being watched and every entry is handed
   * over, one per frame: React renders a change after its event, so a component that builds its
   * next state from the last render would otherwise see each entry without the ones before.
   */
  const handOver = async () => {
    await whenFieldsLive(el);
    stopListening();
    for (const [field, entry] of entries) {
      const shown = current(field);
      if (shown) announce(shown, entry);
      // React renders the change before the next frame is drawn; the next entry waits for it.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    }
    entries.clear();
  };

  /** Loads and hydrates the island: in its turn, its script and its hydration each once typing rests; at once for a held tap. */
  const begin = (inTurn: boolean): Promise<void> =>
    (hydrating ??= (async () => {
      try {
        // An island without fields (the toasts) is small and comes after React has run for a form: it does not wait for typing to rest.
        const typedInto = el.querySelector('input, select, textarea') !== null;
        if (inTurn && typedInto) await typingRests();
        const hydrate = await load();
        if (inTurn) await nextTask();
        if (typedInto) await typingRests(el);
        inTransition = true;
        await hydrate();
      } catch {
        // The island's script did not load: its server-rendered HTML goes on working.
        stopListening();
        markLive();
        return;
      }
      void handOver().then(markLive);
    })());

  /** Starts the island now (a held tap), or puts it in line (moving it up when the visitor reaches it first). */
  function start(turn: Turn | 'now'): Promise<void> {
    if (turn === 'now') return begin(false);
    if (queued) queued.turn = Math.min(queued.turn, turn);
    else if (!hydrating) {
      preload(el);
      queued = { turn };
      inLine(queued, async () => {
        await begin(true);
        await live;
      });
    }
    return hydrating ?? live;
  }

  // What was typed before the directive existed (while the page loader fetched the runtime).
  for (const field of el.querySelectorAll<Field>('input, select, textarea')) if (isChanged(field)) entries.set(field, entryOf(field));

  for (const type of WARM_UP) el.addEventListener(type, onWarmUp, { once: true, passive: true });
  el.addEventListener('click', onClick, true);
  el.addEventListener('input', onChange, true);
  el.addEventListener('change', onChange, true);
  // After the directive's own listeners, before React's (which hydration adds on this element).
  for (const type of KEPT_FROM_REACT) el.addEventListener(type, keepFromReact, true);

  if (entries.size > 0) void start(Turn.Touched);
  if (when === 'idle') whenIdle(() => void start(inView(el) ? Turn.InView : Turn.Later));
  if (when === 'visible') {
    whenIdle(() => {
      const observer = new IntersectionObserver((observed) => {
        if (!observed.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void start(Turn.InView);
      });
      // Astro islands are display: contents; observe what they render.
      for (const child of el.children) observer.observe(child);
    });
  }
};

export default interaction;
