import { describe, expect, it } from 'vitest';
import { INBOX_PAGE } from './app-manifest.ts';
import { leadHash, leadIdOf, leadPath } from './lead-address.ts';

// A lead's address in the inbox (docs/operations.md §The dealer's inbox): the list links to it and
// a notification opens it, so the page must read back every id it writes.
describe('a lead’s address in the inbox', () => {
  it.each([
    ['#/lead/9736fc6b-4caf-4366-8969-63a04919cf9d', '9736fc6b-4caf-4366-8969-63a04919cf9d'],
    ['#lead/9736fc6b-4caf-4366-8969-63a04919cf9d', '9736fc6b-4caf-4366-8969-63a04919cf9d'],
    ['#/lead/a%2Fb', 'a/b'],
  ])('%s names the lead %s', (hash, id) => {
    expect(leadIdOf(hash)).toBe(id);
  });

  it.each(['', '#/', '#/privacy', '#/export', '#main', '#/lead/', '#/lead/a/b', '#/lead/%E0%A4%A'])('%s names no lead', (hash) => {
    expect(leadIdOf(hash)).toBeNull();
  });

  it('reads back the address it writes, whatever the id holds', () => {
    for (const id of ['9736fc6b-4caf-4366-8969-63a04919cf9d', 'a b/c?d#e']) expect(leadIdOf(leadHash(id))).toBe(id);
  });

  it('from anywhere on the site is the inbox page with that hash', () => {
    expect(leadPath('a b')).toBe(`${INBOX_PAGE}#/lead/a%20b`);
    expect(leadIdOf(new URL(leadPath('a b'), 'https://dealer.example').hash)).toBe('a b');
  });
});
