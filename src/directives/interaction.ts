import type { ClientDirective } from 'astro';

const WARM_UP = ['pointerenter', 'pointerdown', 'touchstart', 'focusin'] as const;

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
    void start().then(() => {
      // React attaches its listeners at hydration; give it one frame, then replay the tap.
      requestAnimationFrame(() => {
        if (target instanceof HTMLElement) target.click();
      });
    });
  };

  for (const type of WARM_UP) el.addEventListener(type, onWarmUp, { once: true, passive: true });
  el.addEventListener('click', onClick, true);
};

export default interaction;
