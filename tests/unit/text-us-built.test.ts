import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEXT_EVENTS_SCRIPT } from '../../src/lib/analytics/page-events.ts';
import { stores } from '../../src/lib/data/stores.ts';

/**
 * "Text" appears only where the dealer says a store's number takes texts (docs/product.md §Text us).
 * The shipped stores do not, so the built site has no sms: link, no Text entry in the mobile menu
 * and no script for one: its pages are as they were before the setting existed (the byte-for-byte
 * comparison of the whole build is in docs/decisions/text-us.md).
 */

const dist = join(import.meta.dirname, '..', '..', 'dist');

describe('the built site of a dealer whose stores take no texts', () => {
  if (!existsSync(join(dist, 'index.html'))) throw new Error('dist/ is missing: run `npm run build` before the unit tests');
  const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));

  it('ships stores with the setting off (the schema’s default)', () => {
    expect(stores.map((store) => store.texts)).toEqual(stores.map(() => false));
  });

  it('has no sms: link, Text entry or text-event script on any page', () => {
    expect(pages.length).toBeGreaterThan(50);
    for (const page of pages) {
      const html = readFileSync(join(dist, page), 'utf8');
      expect(html, page).not.toContain('sms:');
      expect(html, page).not.toContain(TEXT_EVENTS_SCRIPT.slice(0, 40));
      expect(html, page).not.toMatch(/&quot;label&quot;:\[0,&quot;Text /);
    }
  });
});
