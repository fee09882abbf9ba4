// What a page costs at first view, as `npm run bench:lot` prints it and the lot tests budget it:
// the bytes a visitor receives (compressed, headers included), the elements of its document and
// the bytes of island data (the serialised props of its islands).
import { connect } from 'node:net';
import type { Page } from '@playwright/test';

/**
 * The whole answer to a GET of `url` as it travels (status line, headers and body), asking for
 * brotli as a browser does. Measured behind the compressing proxy of scripts/perf.ts, which
 * compresses as Netlify's CDN does.
 */
export function bytesAsSent(url: string): Promise<number> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: hostname, port: Number(port || 80) }, () => {
      socket.write(
        `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/html\r\nAccept-Encoding: br, gzip\r\nConnection: close\r\n\r\n`,
      );
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const answer = Buffer.concat(chunks);
      const status = /^HTTP\/1\.1 (\d+)/.exec(answer.subarray(0, 20).toString('latin1'))?.[1];
      if (status === '200') resolve(answer.length);
      else reject(new Error(`${url} answered ${status ?? 'nothing'}`));
    });
  });
}

/** Bytes of the `props` attributes of the page's islands: the data they are hydrated with. */
export function islandDataBytes(html: string): number {
  return [...html.matchAll(/<astro-island\b[^>]*?\sprops="([^"]*)"/g)].reduce((sum, match) => sum + Buffer.byteLength(match[1] ?? ''), 0);
}

/** Elements of the document as the server sent it (JavaScript off in `page`'s context), as Lighthouse's DOM size counts them. */
export async function elementCount(page: Page, url: string): Promise<number> {
  await page.goto(url);
  return page.evaluate(() => document.getElementsByTagName('*').length);
}
