import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import importJson from '../../data/import.json';
import importLotBackground from '../../functions/import-lot-background.ts';
import importLot from '../../functions/import-lot.ts';
import { importRunsStore, recentRuns } from '../../functions/lib/import/runs.ts';
import { startBlobs, type Blobs } from '../functions/contact-harness.ts';

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
    const response = await importLot(new Request('https://site.example/.netlify/functions/import-lot'), {
      site: { url: 'https://site.example' },
    } as Parameters<typeof importLot>[1]);
    expect(await response.json()).toEqual({ status: 'skipped' });
    await importLotBackground();
    expect(await recentRuns(importRunsStore())).toEqual([]);
  });
});
