import { describe, expect, it } from 'vitest';
import { settingsFromText } from '../../functions/lib/import/head-settings.ts';
import { settingsText } from './lot-feed.ts';

const COMMIT = 'c0ffee1234567890c0ffee1234567890c0ffee12';

describe("the import settings as the repository's head has them", () => {
  it('are read with the defaults the build gives them', () => {
    const read = settingsFromText(settingsText({ maxShrinkPercent: 35 }), COMMIT);
    expect(read).toMatchObject({ ok: true, mapping: { maxShrinkPercent: 35, pageSize: 100 } });
  });

  it.each([
    [undefined, 'data/import.json is missing at c0ffee1: nothing was changed'],
    ['{ "enabled": true,', /^data\/import\.json at c0ffee1 is not valid JSON \(.+\): nothing was changed$/],
    [
      settingsText({ times: ['6 am'] }),
      /^the import settings at c0ffee1 are not valid, nothing was changed\. .*data\/import\.json → times\[0\]: must be a whole hour/,
    ],
  ])('fail the run with the reason when the file is %j', (text, reason) => {
    const read = settingsFromText(text, COMMIT);
    expect(read.ok).toBe(false);
    expect((read as { message: string }).message).toMatch(reason);
  });
});
