import { describe, expect, it } from 'vitest';
import { defaultRetryDelay, fetchWithRetry, HttpStatusError } from './fetch-with-retry.ts';

/** A fetch that answers from a script of outcomes and records each call. */
function scripted(outcomes: (number | Error)[]) {
  const calls: string[] = [];
  const fetch = (async (url: string) => {
    calls.push(url);
    const outcome = outcomes[Math.min(calls.length - 1, outcomes.length - 1)];
    if (outcome instanceof Error) throw outcome;
    return new Response(JSON.stringify({ n: calls.length }), { status: outcome });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const waits: number[] = [];
const sleep = async (ms: number) => {
  waits.push(ms);
};

describe('fetchWithRetry', () => {
  it('answers the first success without retrying', async () => {
    const { fetch, calls } = scripted([200]);
    const response = await fetchWithRetry('/api/x', { fetch, sleep });
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(1);
  });

  it('retries 3 times by default, then throws the last status', async () => {
    waits.length = 0;
    const { fetch, calls } = scripted([503]);
    const error = await fetchWithRetry('/api/x', { fetch, sleep }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(503);
    expect(calls).toHaveLength(4);
    expect(waits).toEqual([300, 600, 1200]);
  });

  it('recovers when a retry succeeds', async () => {
    const { fetch, calls } = scripted([500, new TypeError('Failed to fetch'), 200]);
    const response = await fetchWithRetry('/api/x', { fetch, sleep });
    expect(await response.json()).toEqual({ n: 3 });
    expect(calls).toHaveLength(3);
  });

  it('throws the network error after the last retry', async () => {
    const { fetch, calls } = scripted([new TypeError('Failed to fetch')]);
    await expect(fetchWithRetry('/api/x', { fetch, sleep, retries: 1 })).rejects.toThrow(TypeError);
    expect(calls).toHaveLength(2);
  });

  it('stops at once when aborted, and is never retried', async () => {
    const controller = new AbortController();
    const { fetch, calls } = scripted([503]);
    const pending = fetchWithRetry('/api/x', { fetch, signal: controller.signal, retryDelay: () => 10_000 });
    await Promise.resolve();
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(calls).toHaveLength(1);
  });

  it('backs off 300, 600, 1200 ms… up to 5 s', () => {
    expect([0, 1, 2, 3, 4, 5].map(defaultRetryDelay)).toEqual([300, 600, 1200, 2400, 4800, 5000]);
  });
});
