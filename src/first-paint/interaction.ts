import type { ClientDirective } from 'astro';

/** When an island hydrates besides its first interaction (the value of `client:interaction`). */
export type HydrateWhen = 'interaction' | 'idle' | 'visible';

const WARM_UP = ['pointerenter', 'pointerdown', 'touchstart', 'focusin'] as const;
/** A control the page itself acts on before hydration: a link navigates, a submit button posts its form. */
export const NATIVE = 'a[href], button[type="submit"], input[type="submit"], form button:not([type])';
export const CONTROL = 'button, a, [role="button"], input, select, textarea, summary, label';
/** How long a held tap waits for React to bind the element before it is replayed anyway. */
const LIVE_TIMEOUT_MS = 3000;

export function hydrateWhen(value: unknown): HydrateWhen {
  return value === 'idle' || value === 'visible' ? value : 'interaction';
}

/** React hydrates in a transition: wait until it has bound the element (at most 3 s). */
function whenLive(target: Element, then: () => void, deadline = performance.now() + LIVE_TIMEOUT_MS) {
  const live = Object.keys(target).some((key) => key.startsWith('__reactProps'));
  if (live || performance.now() > deadline) then();
  else requestAnimationFrame(() => whenLive(target, then, deadline));
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;

type Entry = string | boolean;
const entryOf = (field: Field): Entry =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio') ? field.checked : field.value;

/**
 * Tells the hydrated component about a value typed or chosen before it was live. React keeps
 * the DOM's value when it hydrates but believes its own state, and its first re-render may put
 * that state back into the field. So the field is given the visitor's entry again, and React
 * is made to see it as a change: the field's own setter (which React watches) takes another
 * value, the element's native setter the entry, and the event React listens for follows.
 */
function announce(field: Field, entry: Entry) {
  if (typeof entry === 'boolean' && field instanceof HTMLInputElement) {
    field.checked = !entry;
    field.click();
    return;
  }
  const typed = String(entry);
  field.value = typed === '' ? ' ' : '';
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** Resolves once the page has loaded and the browser has a moment to spare. */
function afterLoad(then: () => void) {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(then, { timeout: 2000 }) : setTimeout(then, 200));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Hydrates an island on its first interaction, and with `client:interaction="idle"` also when
 * the page has loaded and the browser is idle, or with `client:interaction="visible"` when the
 * island scrolls into view after the page has loaded. Its server-rendered HTML works until then.
 *
 * Nothing the visitor does first is lost while the island loads:
 * - pointing at, touching or focusing the island starts loading it;
 * - a tap on a button is held and replayed on the same control once the component is live (or
 *   once loading failed, so the page's own behaviour still happens);
 * - links and submit buttons act natively: a form submitted before hydration posts as it does
 *   without JavaScript;
 * - text typed and options chosen before hydration are reported to the component as changes.
 */
const interaction: ClientDirective = (load, options, el) => {
  const when = hydrateWhen(options.value);
  const changed = new Map<Field, Entry>();
  let hydrating: Promise<void> | undefined;

  const onWarmUp = () => void start();
  const onChange = (event: Event) => {
    if (isField(event.target)) changed.set(event.target, entryOf(event.target));
    void start();
  };
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest<HTMLElement>(CONTROL) ?? target;
    if (!control || control.matches(NATIVE) || isField(control) || control instanceof HTMLLabelElement) {
      void start();
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    // The tap may land on an icon inside the button: replay it on the control itself.
    const replay = () => whenLive(control, () => control.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true })));
    void start().then(replay);
  };

  const stopListening = () => {
    for (const type of WARM_UP) el.removeEventListener(type, onWarmUp);
    el.removeEventListener('click', onClick, true);
    el.removeEventListener('input', onChange, true);
    el.removeEventListener('change', onChange, true);
  };

  function start(): Promise<void> {
    hydrating ??= (async () => {
      try {
        const hydrate = await load();
        await hydrate();
      } catch {
        // The island's script did not load: its server-rendered HTML goes on working.
        return;
      } finally {
        stopListening();
      }
      for (const [field, entry] of changed) whenLive(field, () => announce(field, entry));
    })();
    return hydrating;
  }

  for (const type of WARM_UP) el.addEventListener(type, onWarmUp, { once: true, passive: true });
  el.addEventListener('click', onClick, true);
  el.addEventListener('input', onChange, true);
  el.addEventListener('change', onChange, true);

  if (when === 'idle') afterLoad(() => void start());
  if (when === 'visible') {
    afterLoad(() => {
      const observer = new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void start();
      });
      // Astro islands are display: contents; observe what they render.
      for (const child of el.children) observer.observe(child);
    });
  }
};

export default interaction;
