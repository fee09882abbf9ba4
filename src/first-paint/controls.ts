/**
 * What the page loader (./page-loader.ts) and the `client:interaction` directive
 * (./interaction.ts) agree on about an island's controls before it is live.
 */

/** A control the page itself acts on before hydration: a link navigates, a submit button posts its form. */
export const NATIVE = 'a[href], button[type="submit"], input[type="submit"], form button:not([type])';
/** What a tap lands on when it means a control (the tap may hit an icon inside a button). */
export const CONTROL = 'button, a, [role="button"], input, select, textarea, summary, label';

export type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;

/**
 * Whether a tap on this control waits for the island (it is held and replayed once the island
 * is live): not links and submit buttons, which act natively as without JavaScript, and not
 * fields and labels, which the browser handles itself.
 */
export const isHeldTap = (control: Element) => !control.matches(`${NATIVE}, input, select, textarea, label`);

/**
 * Runs `then` once the page has loaded and shown its first frame, when the browser has a moment
 * to spare (at most 2 s later). Chromium can run an idle callback after the load event while
 * the first frame still waits to be shown; what loads from there (the whole stylesheet, the
 * island runtime, the page's modules) would then share the connection with the first paint.
 * The first paint entry ends the wait (`buffered`: one reported before counts). A tab opened in
 * the background paints, and so goes on, once it is shown.
 */
export function whenIdle(then: () => void) {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(then, { timeout: 2000 }) : setTimeout(then, 200));
  const afterFirstPaint = () =>
    new PerformanceObserver((_, observer) => {
      observer.disconnect();
      idle();
    }).observe({ type: 'paint', buffered: true });
  if (document.readyState === 'complete') afterFirstPaint();
  else addEventListener('load', afterFirstPaint, { once: true });
}

/** How long the visitor's typing must rest before heavy work (a restyle, a script, a hydration) may run. */
export const TYPING_PAUSE_MS = 400;

/**
 * When the visitor last pressed a key or changed a field anywhere on the page, noted from the
 * moment the island runtime runs (the page loader stays as small as it is: it travels in every
 * page's first flight). A visitor already in a field then counts as typing.
 */
const LAST_ENTRY = Symbol.for('first-paint.last-entry');
type Noted = typeof globalThis & { [LAST_ENTRY]?: number };

/** Starts noting the visitor's typing and entries (once per page, whichever bundle comes first). */
export function noteEntries() {
  const noted = globalThis as Noted;
  if (noted[LAST_ENTRY] !== undefined) return;
  noted[LAST_ENTRY] = isField(document.activeElement) ? performance.now() : -Infinity;
  const note = () => {
    noted[LAST_ENTRY] = performance.now();
  };
  // Keys that write (a character, or deleting one); moving between fields with Tab or arrows is no entry.
  const onKey = (event: KeyboardEvent) => {
    if (event.key.length === 1 || event.key === 'Backspace' || event.key === 'Delete') note();
  };
  addEventListener('keydown', onKey, { capture: true, passive: true });
  for (const type of ['input', 'compositionupdate']) addEventListener(type, note, { capture: true, passive: true });
}

/**
 * Runs `then` once the visitor is not typing: no key or entry in the last TYPING_PAUSE_MS, and
 * (with `within`) no field of it holding an entry half typed (a date whose parts are not all
 * there yet; hydrating under it would restart the part being typed). A keystroke that lands on
 * a long task waits for it; typed into a native field between those tasks, it is answered at
 * once (docs/decisions/islands-between-keystrokes.md).
 */
export function whenTypingRests(then: () => void, within?: Element) {
  const check = () => {
    const active = document.activeElement;
    const midEntry = within !== undefined && active !== null && within.contains(active) && isField(active) && active.validity.badInput;
    const last = (globalThis as Noted)[LAST_ENTRY] ?? -Infinity;
    if (!midEntry && performance.now() - last >= TYPING_PAUSE_MS) then();
    else setTimeout(check, 100);
  };
  check();
}

/** Lets the browser handle input and paint before the next piece of work (a task of its own). */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
    if (scheduler?.yield) void scheduler.yield().then(resolve);
    else setTimeout(resolve, 0);
  });
