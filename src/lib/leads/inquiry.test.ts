import { describe, expect, it } from 'vitest';
import {
  cleanLine,
  cleanText,
  describeVehicle,
  fieldErrors,
  inquirySchema,
  leadSourceSchema,
  MESSAGES,
  validateInquiry,
  type VehicleCatalog,
} from './inquiry.ts';

const valid = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  phone: '609-555-0100',
  interest: 'service',
  message: 'My cart will not charge.',
};

describe('inquiry schema', () => {
  it('has the field messages word for word', () => {
    expect(MESSAGES).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email address',
      phone: 'Phone number is required',
      message: 'Message must be at least 10 characters',
    });
  });

  it('accepts a valid inquiry', () => {
    expect(validateInquiry(valid)).toEqual({ ok: true, inquiry: valid });
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ firstName: undefined }, 'firstName', 'First name is required'],
    [{ firstName: 7 }, 'firstName', 'First name is required'],
    [{ lastName: ' ' }, 'lastName', 'Last name is required'],
    [{ email: 'jane.example.com' }, 'email', 'Invalid email address'],
    [{ email: 'jane@example' }, 'email', 'Invalid email address'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'email', 'Invalid email address'],
    [{ phone: '123456789' }, 'phone', 'Phone number is required'],
    [{ phone: '  12345678  ' }, 'phone', 'Phone number is required'],
    [{ message: '123456789' }, 'message', 'Message must be at least 10 characters'],
    [{ message: '     123456789     ' }, 'message', 'Message must be at least 10 characters'],
    [{ interest: 'rentals' }, 'interest', 'Interest must be one of sales, service, parts or general'],
    [{ firstName: 'x'.repeat(101) }, 'firstName', 'First name must be at most 100 characters'],
    [{ message: 'x'.repeat(5001) }, 'message', 'Message must be at most 5000 characters'],
  ])('%o → %s: %s', (change, field, message) => {
    const result = validateInquiry({ ...valid, ...change });
    expect(result).toEqual({ ok: false, error: message, errors: { [field]: message } });
  });

  it('gives every failing field its message and reports the first in form order', () => {
    const result = validateInquiry({ interest: 'sales' });
    expect(result).toEqual({
      ok: false,
      error: 'First name is required',
      errors: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        email: 'Invalid email address',
        phone: 'Phone number is required',
        message: 'Message must be at least 10 characters',
      },
    });
  });

  it('defaults interest to sales, also for an empty choice', () => {
    const { interest: _interest, ...rest } = valid;
    expect(inquirySchema.parse(rest).interest).toBe('sales');
    expect(inquirySchema.parse({ ...rest, interest: '' }).interest).toBe('sales');
  });

  it('trims every field and keeps unicode', () => {
    const parsed = inquirySchema.parse({ ...valid, firstName: '  Zoë 🌟 ', email: ' jane@example.com\n' });
    expect(parsed.firstName).toBe('Zoë 🌟');
    expect(parsed.email).toBe('jane@example.com');
  });

  it('fieldErrors keeps the first message per field', () => {
    const result = inquirySchema.safeParse({ ...valid, phone: 5 });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ phone: 'Phone number is required' });
  });
});

describe('lead source', () => {
  it('keeps sensible tracking values and drops the rest without failing', () => {
    expect(
      leadSourceSchema.parse({
        page: '/contact?vehicle=denago-ev-city',
        vehicle: 'denago-ev-city',
        utm_source: ' google ',
        utm_medium: '',
        referrer: 12,
        other: 'x',
      }),
    ).toEqual({ page: '/contact?vehicle=denago-ev-city', vehicle: 'denago-ev-city', utm_source: 'google' });
    expect(leadSourceSchema.parse({ vehicle: '../../etc/passwd' })).toEqual({});
  });
});

describe('describeVehicle', () => {
  const catalog: VehicleCatalog = {
    brands: [
      { slug: 'denago', name: 'Denago' },
      { slug: 'evolution', name: 'Evolution' },
      { slug: 'ez-go', name: 'EZ-GO' },
    ],
    units: [{ id: 'evo-d5-maverick-4-plus-sky-blue', name: 'Evolution D5 Maverick 4 Plus', brand: 'evolution', year: 2025 }],
  };

  it.each([
    ['denago-ev-city', { label: 'Denago EV City', make: 'Denago', model: 'EV City' }],
    ['evolution-d6-max-gt4', { label: 'Evolution D6 Max GT4', make: 'Evolution', model: 'D6 Max GT4' }],
    ['denago-ev-rover-xxl', { label: 'Denago EV Rover XXL', make: 'Denago', model: 'EV Rover XXL' }],
    ['evolution-classic-2-plus', { label: 'Evolution Classic 2 Plus', make: 'Evolution', model: 'Classic 2 Plus' }],
    ['ez-go-express-s4', { label: 'EZ-GO Express S4', make: 'EZ-GO', model: 'Express S4' }],
    ['evo-turfman-1000', { label: 'Evolution Turfman 1000', make: 'Evolution', model: 'Turfman 1000' }],
    ['mystery-cart', { label: 'Mystery Cart', model: 'Mystery Cart' }],
    ['evo-d5-maverick-4-plus-sky-blue', { label: 'Evolution D5 Maverick 4 Plus', make: 'Evolution', model: 'D5 Maverick 4 Plus', year: 2025 }],
  ])('%s → %o', (ref, expected) => {
    expect(describeVehicle(ref, catalog)).toEqual(expected);
  });
});

describe('cleaning inquiry text (docs/product.md §Inquiry)', () => {
  it('removes NUL, BEL, ESC and a right-to-left override from names, and keeps the letters and emoji', () => {
    const result = validateInquiry({ ...valid, firstName: 'Zo\u00eb \u{1F697}\u202Egnp.exe', lastName: 'D\u0000o\u0007e\u001b[31m' });
    expect(result).toMatchObject({ ok: true, inquiry: { firstName: 'Zo\u00eb \u{1F697}gnp.exe', lastName: 'Doe[31m' } });
  });

  it('keeps line breaks and tabs in the message only, as \\n', () => {
    const result = validateInquiry({ ...valid, firstName: 'Ja\nne\t', message: 'Line one\r\nline\ttwo\u2028three\u200B\uFEFF\u0000' });
    expect(result).toMatchObject({ ok: true, inquiry: { firstName: 'Jane', message: 'Line one\nline\ttwo\nthree' } });
  });

  it('keeps the zero-width joiner of an emoji sequence and drops a stray one', () => {
    expect(cleanText('\u{1F468}\u200D\u{1F469}\u200D\u{1F467} a\u200Db')).toBe('\u{1F468}\u200D\u{1F469}\u200D\u{1F467} ab');
  });

  it('validates what is left: a name of only invisible characters is missing', () => {
    const result = validateInquiry({ ...valid, firstName: '\u202E\u200B\u0000' });
    expect(result).toEqual({ ok: false, error: 'First name is required', errors: { firstName: 'First name is required' } });
  });

  it.each(['call me maybe!', '(609) 555-010', '+1 609 555 01', '\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000'])(
    'a phone number %j without 10 digits is refused with "Phone number is required"',
    (phone) => {
      expect(validateInquiry({ ...valid, phone })).toEqual({ ok: false, error: MESSAGES.phone, errors: { phone: MESSAGES.phone } });
    },
  );

  it.each(['6095550100', '(609) 555-0100', '+1 609 555 0100'])('a phone number %j with 10 digits is accepted', (phone) => {
    expect(validateInquiry({ ...valid, phone })).toMatchObject({ ok: true, inquiry: { phone } });
  });

  it('keeps a source page only when it is a path on this site', () => {
    for (const page of ['http://', 'https://evil.example/', '//evil.example/x', '/\\evil', 'contact', ' ', '\u202E'])
      expect(leadSourceSchema.parse({ page }), page).toEqual({});
    expect(leadSourceSchema.parse({ page: '/contact\u202E?interest=sales' })).toEqual({ page: '/contact?interest=sales' });
  });

  it('keeps a referrer only when it is an http(s) address', () => {
    expect(leadSourceSchema.parse({ referrer: 'http://' })).toEqual({});
    expect(leadSourceSchema.parse({ referrer: 'javascript:alert(1)' })).toEqual({});
    expect(leadSourceSchema.parse({ referrer: 'https://www.google.com/' })).toEqual({ referrer: 'https://www.google.com/' });
  });

  it('cleans campaign tags and drops those left empty', () => {
    expect(leadSourceSchema.parse({ utm_source: 'news\u0000letter\u202E', utm_medium: '\u200B' })).toEqual({ utm_source: 'newsletter' });
  });

  it('cleans a header line and cuts it to length', () => {
    expect(cleanLine('Mozilla/5.0\u0000 (X11)\u001b', 500)).toBe('Mozilla/5.0 (X11)');
    expect(cleanLine('\u0000', 500)).toBeUndefined();
    expect(cleanLine('x'.repeat(600), 500)).toHaveLength(500);
  });
});
