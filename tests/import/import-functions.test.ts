import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import importJson from '../../data/import.json';
import importLotBackground from '../../functions/import-lot-background.ts';
import importLot from '../../functions/import-lot.ts';
import { scheduledInvocation, wakeSignature, wokenByJob, WAKE_HEADER } from '../../functions/lib/http/guards.ts';
import { importRunsBlobs, recentRuns } from '../../functions/lib/import/runs.ts';
import { startBlobs, type Blobs } from '../support/blobs.ts';

let blobs: Blobs;
beforeEach(async () => {
  blobs = await startBlobs();
});
afterEach(async () => {
  await blobs.stop();
});

describe('the import functions as shipped', () => {
  it('do nothing while the import is off in data/import.json', async () => {
    expect(importJson.enabled).toBe(false);
    const response = await importLot(scheduledInvocation('https://site.example/.netlify/functions/import-lot'), {
      site: { url: 'https://site.example' },
    } as Parameters<typeof importLot>[1]);
    expect(await response.json()).toEqual({ status: 'skipped' });
    await importLotBackground(new Request('https://site.example/.netlify/functions/import-lot-background', { method: 'POST' }));
    expect(await recentRuns(importRunsBlobs())).toEqual([]);
  });

  it("refuse a visitor: the job only by the scheduler, the background import only with the job's signature of the due slot", async () => {
    const visitor = await importLot(new Request('https://site.example/.netlify/functions/import-lot', { method: 'POST' }), {
      site: { url: 'https://site.example' },
    } as Parameters<typeof importLot>[1]);
    expect(visitor.status).toBe(404);
    const slot = '2026-11-26T12';
    const signed = (signature: string) =>
      new Request('https://site.example/.netlify/functions/import-lot-background', { method: 'POST', headers: { [WAKE_HEADER]: signature } });
    expect(wokenByJob(signed(wakeSignature('secret-token', slot)), 'secret-token', slot)).toBe(true);
    expect(wokenByJob(signed(wakeSignature('secret-token', '2026-11-26T17')), 'secret-token', slot)).toBe(false);
    expect(wokenByJob(signed(wakeSignature('guessed', slot)), 'secret-token', slot)).toBe(false);
    expect(wokenByJob(signed(''), 'secret-token', slot)).toBe(false);
    expect(wokenByJob(signed(wakeSignature('secret-token', slot)), undefined, slot)).toBe(false);
    expect(wokenByJob(signed(wakeSignature('secret-token', slot)), 'secret-token', undefined)).toBe(false);
  });
});
