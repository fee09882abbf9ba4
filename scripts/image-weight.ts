// Bytes of images a browser downloads at first view of a page: what the image budget counts
// (`npm run budget`) and what the photo tests report. Counted from Chromium's network events
// (encoded bytes on the wire), not from file sizes, so resizing by the image CDN is measured.
import type { Page } from '@playwright/test';
import { firstViewDone, requestsInFlight } from './first-view.ts';

/**
 * Limit per page at first view at 375 px (a phone at device pixel ratio 2.625), in bytes.
 * docs/editors.md §Photos explains the figure: the LCP photo at 1024 px (about 100 KB as AVIF), the
 * thumbnails or a second card, and artwork, with room to spare on a slow 4G connection.
 */
export const IMAGE_BUDGET_375 = 250 * 1024;

export interface ImageWeight {
  bytes: number;
  requests: number;
  urls: string[];
}

/** Opens `url` in `page` (at its viewport), waits until its first view is complete (first-view.ts), and sums image bytes. */
export async function imageWeight(page: Page, url: string): Promise<ImageWeight> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const inFlight = requestsInFlight(cdp);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // As a phone on 4G: Chrome starts lazy images 1250 px below the screen on a 4G connection and
  // further out on slower or unknown ones (the headless browser knows none). The latency of 1 ms
  // only makes the connection known; nothing is slowed.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 1,
    downloadThroughput: 12_500_000,
    uploadThroughput: 12_500_000,
    connectionType: 'cellular4g',
  });
  const images = new Map<string, string>();
  let bytes = 0;
  const urls: string[] = [];
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Image') images.set(event.requestId, event.response.url);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const image = images.get(event.requestId);
    if (image === undefined) return;
    bytes += event.encodedDataLength;
    urls.push(image);
  });
  await page.goto(url, { waitUntil: 'load' });
  await firstViewDone(page, inFlight);
  await cdp.detach();
  return { bytes, requests: urls.length, urls };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
