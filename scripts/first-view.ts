// The moment a page's first view is complete, for the scripts that measure it (page and image
// weights): the same state the end-to-end tests wait for, never a quiet network, which a busy
// machine can reach before the page's idle work has even started.
import type { CDPSession, Page } from '@playwright/test';
import { idleWorkDone } from '../tests/e2e/fixtures.ts';

export interface InFlight {
  readonly count: number;
  /** Resolves when no request is in flight. */
  none: () => Promise<void>;
}

/** Follows the requests of the page `cdp` belongs to (Network.enable first), from start to finish or failure. */
export function requestsInFlight(cdp: CDPSession): InFlight {
  const open = new Set<string>();
  let waiting: (() => void)[] = [];
  const ended = ({ requestId }: { requestId: string }) => {
    open.delete(requestId);
    if (open.size > 0) return;
    const resolve = waiting;
    waiting = [];
    for (const done of resolve) done();
  };
  cdp.on('Network.requestWillBeSent', ({ requestId }) => void open.add(requestId));
  cdp.on('Network.loadingFinished', ended);
  cdp.on('Network.loadingFailed', ended);
  return {
    get count() {
      return open.size;
    },
    none: () => (open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
  };
}

/**
 * Resolves once the page has loaded, done its idle work (whole stylesheet, island runtime, idle
 * islands: idleWorkDone), and every request it started has finished, including the lazy images
 * its layout brought into range (they start in a frame's rendering step, so two frames pass with
 * nothing new in flight).
 */
export async function firstViewDone(page: Page, inFlight: InFlight): Promise<void> {
  await page.waitForLoadState('load');
  await idleWorkDone(page);
  for (;;) {
    await inFlight.none();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    if (inFlight.count === 0) return;
  }
}
