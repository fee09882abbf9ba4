import { describe, expect, it } from 'vitest';
import { contactHref } from './contact-link.ts';

describe('contactHref', () => {
  it.each([
    [{}, '/contact'],
    [{ interest: 'service' as const }, '/contact?interest=service'],
    [{ interest: 'sales' as const, vehicle: 'denago-ev-city' }, '/contact?interest=sales&vehicle=denago-ev-city'],
    [{ message: 'Reserve the 6 Seater Weekly plan & more' }, '/contact?message=Reserve+the+6+Seater+Weekly+plan+%26+more'],
  ])('%o → %s', (prefill, href) => expect(contactHref(prefill)).toBe(href));
});
