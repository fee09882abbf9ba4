import { existsSync } from 'node:fs';
import { getStore } from '@netlify/blobs';
import { describe, expect, it, vi } from 'vitest';
import { startBlobs, type BlobsOptions } from './blobs.ts';

/** A sandbox that counts the requests it has taken (it loses no answer). */
async function countingSandbox(options: BlobsOptions = {}) {
  const taken = { count: 0 };
  const blobs = await startBlobs({ ...options, loseAnswer: () => (taken.count++, false) });
  return { blobs, taken };
}

/** Twenty writes of one key: applied one at a time, each in a millisecond of its own, so most wait their turn. */
const writesOfOneKey = (store: ReturnType<typeof getStore>) =>
  Array.from({ length: 20 }, (_, i) =>
    store.set('one-key', `version ${i}`).then(
      () => 'applied',
      (error: unknown) => String(error),
    ),
  );

describe('the Blobs sandbox of the function tests', () => {
  it('stops only once every write it has taken is applied, so none reaches the sandbox after it is removed', async () => {
    const { blobs, taken } = await countingSandbox();
    const writes = writesOfOneKey(blobs.store);
    await vi.waitFor(() => expect(taken.count).toBe(20), { timeout: 30_000, interval: 5 });
    await blobs.stop();
    expect(await Promise.all(writes)).toEqual(Array(20).fill('applied'));
    expect(existsSync(blobs.directory)).toBe(false);
  });

  it('empties every store of its site once the writes it has taken are applied', async () => {
    const { blobs, taken } = await countingSandbox();
    try {
      const alerts = getStore({ name: 'alerts', consistency: 'strong' });
      await alerts.set('subscribers/one', '{}');
      const writes = writesOfOneKey(blobs.store);
      await vi.waitFor(() => expect(taken.count).toBe(21), { timeout: 30_000, interval: 5 });
      await blobs.empty();
      expect(await Promise.all(writes)).toEqual(Array(20).fill('applied'));
      expect((await blobs.store.list()).blobs).toEqual([]);
      expect((await alerts.list()).blobs).toEqual([]);
    } finally {
      await blobs.stop();
    }
  });
});
