/** A small client-side GET with retries (docs/product.md §Inventory: retried 3 times on failure). Pure: no globals but fetch. */

/** A response that arrived but was not a success; `status` is the HTTP status. */
export class HttpStatusError extends Error {
  override name = 'HttpStatusError';
  constructor(
    readonly status: number,
    message = `HTTP ${status}`,
  ) {
    super(message);
  }
}

export interface RetryOptions {
  /** How many times a failed attempt is repeated (so at most retries + 1 requests). */
  retries?: number;
  /** Wait before retry n (0-based), in ms. */
  retryDelay?: (retry: number) => number;
  signal?: AbortSignal;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const DEFAULT_RETRIES = 3;

/** 300 ms, 600 ms, 1.2 s…, capped at 5 s: a visitor sees the error within about 2 s. */
export const defaultRetryDelay = (retry: number) => Math.min(300 * 2 ** retry, 5000);

function abortError(signal?: AbortSignal): unknown {
  return signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * GETs `url` and resolves with the first successful (2xx) response. A network error or a
 * non-success status is retried; after the last retry the last failure is thrown (an
 * HttpStatusError for a status). An abort stops at once and is never retried.
 */
export async function fetchWithRetry(url: string, options: RetryOptions = {}): Promise<Response> {
  const { retries = DEFAULT_RETRIES, retryDelay = defaultRetryDelay, signal, fetch = globalThis.fetch, sleep = wait } = options;
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(retryDelay(attempt - 1), signal);
    if (signal?.aborted) throw abortError(signal);
    try {
      const response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
      if (response.ok) return response;
      lastError = new HttpStatusError(response.status);
    } catch (error) {
      if (signal?.aborted) throw abortError(signal);
      lastError = error;
    }
  }
  throw lastError;
}
