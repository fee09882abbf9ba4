import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import importJson from '../../data/import.json';
import { importCli } from '../../scripts/import.ts';
import { lotRecords, paged, startDms, type PageAnswer } from './dms-stand-in.ts';
import { lookupWith, lotSandbox, PHOTO_HOST } from './lot-feed.ts';

const lot = lotSandbox('import-dms-');

const units = () => Object.fromEntries(readdirSync(lot.unitsFolder).map((name) => [name, readFileSync(join(lot.unitsFolder, name), 'utf8')]));

async function pull(answer: (pageNumber: number, pageSize: number) => PageAnswer, timeoutMs = 2_000) {
  lot.dms = await startDms(answer);
  const code = await importCli(['--from', lot.dms.url], {
    root: lot.root,
    mapping: { ...importJson, source: 'dms', pageSize: 5, photoHosts: [PHOTO_HOST] },
    feed: { timeoutMs, token: 'dms-key' },
    lookup: lookupWith(),
    print: lot.print,
    now: new Date('2026-11-26T15:00:00Z'),
  });
  return code;
}

describe('the import from the DMS (get-carts pages)', () => {
  it('goes on past a short page in the middle of the catalogue until empty pages say the end is reached', async () => {
    const records = lotRecords();
    expect(records).toHaveLength(16);
    expect(await pull(paged(records, [5, 2, 5, 4]))).toBe(0);
    expect(lot.lines.at(-1)).toBe('import: added 0, changed 0, sold 0, restored 0, unchanged 16, rejected 0');
    expect(lot.dms!.asked.map((page) => page.pageNumber)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(lot.dms!.asked.every((page) => page.pageSize === 5 && page.authorization === 'Bearer dms-key')).toBe(true);
  });

  it('changes nothing when page 3 answers 500, even though pages 1 and 2 came back', async () => {
    const before = units();
    const pages = paged(lotRecords().slice(0, 10), [5, 5]);
    expect(await pull((page, size) => (page === 3 ? { status: 500 } : pages(page, size)))).toBe(1);
    expect(lot.lines).toContain('failed: the DMS (page 3) answered 500: nothing was imported from a partial list');
    expect(units()).toEqual(before);
  });

  it('changes nothing when a page does not answer in time', async () => {
    const before = units();
    const pages = paged(lotRecords(), [5, 5, 5, 1]);
    expect(await pull((page, size) => (page === 2 ? 'stall' : pages(page, size)), 1_500)).toBe(1);
    expect(lot.lines).toContain('failed: the DMS (page 2) did not answer within 1500 ms: nothing was imported from a partial list');
    expect(units()).toEqual(before);
  });

  it('changes nothing when the DMS answers no units at all', async () => {
    const before = units();
    expect(await pull(() => ({ records: [] }))).toBe(1);
    expect(lot.lines).toContain('failed: the feed has no units to publish: nothing was changed');
    expect(units()).toEqual(before);
  });

  it('holds back a lot that came back much smaller', async () => {
    const before = units();
    expect(await pull(paged(lotRecords().slice(0, 9), [5, 4]))).toBe(1);
    expect(lot.lines.some((line) => line.startsWith('held back: the feed leaves out 7 of the 16 units listed now (44 %'))).toBe(true);
    expect(units()).toEqual(before);
  });

  it('publishes only units ready for sale, for the website, in stock, out of the boneyard and with a photo', async () => {
    const fresh = (id: string, changes: Record<string, unknown>) => ({
      ...lotRecords()[0],
      _id: id,
      vinNo: '',
      serialNo: `SER-${id}`,
      cartType: { make: 'Evolution', model: 'D5 Maverick 4', year: 2026 },
      imageUrls: ['https://photos.dms.example/1.jpg', 'https://photos.dms.example/2.jpg'],
      ...changes,
    });
    const records = [
      ...lotRecords(),
      fresh('64f0aa0000000000000001', {}),
      fresh('64f0aa0000000000000002', { rfsStatus: { isRFS: false } }),
      fresh('64f0aa0000000000000003', { advertising: { needOnWebsite: false } }),
      fresh('64f0aa0000000000000004', { isInStock: false }),
      fresh('64f0aa0000000000000005', { isInBoneyard: true }),
      fresh('64f0aa0000000000000006', { imageUrls: [] }),
    ];
    expect(await pull(paged(records, [5, 5, 5, 5, 2]))).toBe(0);
    expect(lot.lines).toContain('added    evolution-d5-maverick-4-charcoal-0000000001 (record 64f0aa0000000000000001)');
    expect(lot.lines).toEqual(
      expect.arrayContaining([
        'withheld record 64f0aa0000000000000002: not ready for sale',
        'withheld record 64f0aa0000000000000003: not marked for the website',
        'withheld record 64f0aa0000000000000004: not in stock',
        'withheld record 64f0aa0000000000000005: in the boneyard',
        'withheld record 64f0aa0000000000000006: no photo',
      ]),
    );
    const added = JSON.parse(readFileSync(join(lot.root, 'data', 'units', 'evolution-d5-maverick-4-charcoal-0000000001.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(added.photos).toEqual([{ src: 'https://photos.dms.example/1.jpg' }, { src: 'https://photos.dms.example/2.jpg' }]);
    expect(added.stockNumber).toBe('0000000001');
    expect(lot.lines.at(-1)).toBe('import: added 1, changed 0, sold 0, restored 0, unchanged 16, rejected 0');
  });
});
