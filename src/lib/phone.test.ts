import { expect, it } from 'vitest';
import { smsHref, telHref } from './phone.ts';

it('builds tel: links', () => expect(telHref('+16095550142')).toBe('tel:+16095550142'));

it('builds tel: links from a number as a visitor typed it', () => {
  expect(telHref('(609) 555-0142')).toBe('tel:+16095550142');
  expect(telHref('609.555.0142')).toBe('tel:+16095550142');
  expect(telHref('+1 609 555 0142')).toBe('tel:+16095550142');
});

it('builds sms: links to the same number as the tel: link, without a body when there is none', () => {
  expect(smsHref('+16095550142')).toBe('sms:+16095550142');
  expect(smsHref('(609) 555-0142')).toBe('sms:+16095550142');
  expect(smsHref('(609) 555-0142', '')).toBe('sms:+16095550142');
});

it('writes the body as ?&body= that both iOS and Android read, percent-encoded', () => {
  const href = smsHref('+16095550142', 'Hi Ann, it’s about the 2024 Denago EV Rover 6 & its price: 100% yours?\nCall us #1');
  expect(href).toBe(
    'sms:+16095550142?&body=Hi%20Ann%2C%20it%E2%80%99s%20about%20the%202024%20Denago%20EV%20Rover%206%20%26%20its%20price%3A%20100%25%20yours%3F%0ACall%20us%20%231',
  );
  // Nothing of the text can end the body or start another parameter, and a space is never "+".
  const body = href.split('?&body=')[1] ?? '';
  expect(body).not.toMatch(/[ &?#+\n]/);
  expect(decodeURIComponent(body)).toBe('Hi Ann, it’s about the 2024 Denago EV Rover 6 & its price: 100% yours?\nCall us #1');
});
