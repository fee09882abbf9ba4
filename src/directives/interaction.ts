import type { ClientDirective } from 'astro';

const WARM_UP = ['pointerenter', 'pointerdown', 'touchstart', 'focusin'] as const;

/** React hydrates in a transition: wait until it has bound the element (at most 3 s). */
function whenLive(target: Element, then: () => void, deadline = performance.now() + 3000) {
  const live = Object.keys(target).some((key) => key.startsWith('__reactProps'));
  if (live || performance.now() > deadline) then();
  else requestAnimationFrame(() => whenLive(target, then, deadline));
}

/**
 * Hydrates an island on its first interaction. Pointing at or focusing the island starts
 * loading; a click that arrives before hydration is held and replayed on the same element
 * once the component is live, so the first tap always works.
 */
const interaction: ClientDirective = (load, _options, el) => {
  let hydrating: Promise<void> | undefined;

  const start = () => {
    hydrating ??= (async () => {
      const hydrate = await load();
      await hydrate();
    })();
    return hydrating;
  };

  const onWarmUp = () => {
    void start();
  };

  const onClick = (event: Event) => {
    const target = event.target;
    event.preventDefault();
    event.stopPropagation();
    el.removeEventListener('click', onClick, true);
    // The tap may land on an icon inside the button: replay it on the control itself.
    const control = target instanceof Element ? (target.closest<HTMLElement>('button, a, [role="button"], input, select') ?? target) : null;
    void start().then(() => {
      if (control) whenLive(control, () => control.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true })));
    });
  };

  for (const type of WARM_UP) el.addEventListener(type, onWarmUp, { once: true, passive: true });
  el.addEventListener('click', onClick, true);
};

export default interaction;
