import { describe, expect, it } from 'vitest';
import { isActive, textMenuLink } from './navigation.ts';

const home = { label: 'Home', href: '/' };
const inventory = { label: 'Inventory', href: '/new-inventory', activeOn: ['/inventory'] };
const contact = { label: 'Contact', href: '/contact' };

describe('isActive', () => {
  it.each([
    [home, '/', true],
    [home, '/index.html', true],
    [home, '/index', true],
    [home, '/inventory', false],
    [home, '/about', false],
    [inventory, '/inventory', true],
    [inventory, '/inventory/', true],
    [inventory, '/new-inventory', true],
    [inventory, '/new-inventory.html', true],
    [inventory, '/inventory?search=ev', true],
    [inventory, '/inventory-old', false],
    [inventory, '/new-inventory?brand=denago', true],
    [contact, '/contact', true],
    [contact, '/contact/thanks', true],
    [contact, '/contacts', false],
  ])('%o on %s → %s', (link, path, expected) => {
    expect(isActive(link, path)).toBe(expected);
  });
});

describe("the mobile menu's Text entry", () => {
  const phones = { main: { display: '(609) 555-0142', e164: '+16095550142' }, service: { display: '(609) 555-0143', e164: '+16095550143' } };
  it('is there when the main store takes texts, to its main number', () => {
    expect(textMenuLink({ texts: true, phones })).toEqual({ label: 'Text (609) 555-0142', href: 'sms:+16095550142' });
  });
  it('is not there by default', () => expect(textMenuLink({ texts: false, phones })).toBeNull());
});
