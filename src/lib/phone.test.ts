import { expect, it } from 'vitest';
import { telHref } from './phone.ts';

it('builds tel: links', () => expect(telHref('+16095550142')).toBe('tel:+16095550142'));

it('builds tel: links from a number as a visitor typed it', () => {
  expect(telHref('(609) 555-0142')).toBe('tel:+16095550142');
  expect(telHref('609.555.0142')).toBe('tel:+16095550142');
  expect(telHref('+1 609 555 0142')).toBe('tel:+16095550142');
});
