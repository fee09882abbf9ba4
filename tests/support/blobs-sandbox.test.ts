import { existsSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { startBlobs } from '../functions/contact-harness.ts';

describe('the Blobs sandbox of the function tests', () => {
  it('stops only once every write it has taken is applied, so none reaches the sandbox after it is removed', async () => {
    let taken = 0;
    // Counts the requests the sandbox has taken (it loses no answer).
    const blobs = await startBlobs({ loseAnswer: () => (taken++, false) });
    // Writes of one key are applied one at a time, each in a millisecond of its own: when the
    // sandbox is stopped, most are still waiting their turn.
    const writes = Array.from({ length: 20 }, (_, i) =>
      blobs.store.set('one-key', `version ${i}`).then(
        () => 'applied',
        (error: unknown) => String(error),
      ),
    );
    await vi.waitFor(() => expect(taken).toBe(20), { timeout: 30_000, interval: 5 });
    await blobs.stop();
    expect(await Promise.all(writes)).toEqual(Array(20).fill('applied'));
    expect(existsSync(blobs.directory)).toBe(false);
  });
});
