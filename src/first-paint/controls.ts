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
