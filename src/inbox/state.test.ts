import { describe, expect, it } from 'vitest';
import { leadHash, leadIdOf } from './state.ts';

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
});
