import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvField, csvFile, formatCityLine, formatHours, formatPrice, formatTime, slugify } from './format.ts';

describe('formatPrice', () => {
  it.each([
    [12995, '$12,995'],
    [245, '$245'],
    [1050, '$1,050'],
    [228.34, '$228.34'],
    [116.67, '$116.67'],
    [1234567, '$1,234,567'],
  ])('%d → %s', (amount, text) => expect(formatPrice(amount)).toBe(text));
});

describe('slugify', () => {
  it.each([
    ['Bass River', 'bass-river'],
    ['Edgewater Park', 'edgewater-park'],
    ['Burlington County', 'burlington-county'],
    ['  EZ-GO!  ', 'ez-go'],
  ])('%s → %s', (text, slug) => expect(slugify(text)).toBe(slug));
});

describe('hours', () => {
  it.each([
    ['09:00', '9AM'],
    ['17:00', '5PM'],
    ['12:00', '12PM'],
    ['00:00', '12AM'],
    ['15:30', '3:30PM'],
  ])('%s → %s', (time, text) => expect(formatTime(time)).toBe(text));

  it('formats an open range and a note', () => {
    expect(formatHours({ label: 'Mon', days: ['Monday'], opens: '08:00', closes: '17:00' })).toBe('8AM-5PM');
    expect(formatHours({ label: 'Sun', days: ['Sunday'], note: 'Emergency only' })).toBe('Emergency only');
  });
});

it('prints the city line of an address with a space before the ZIP code', () => {
  expect(formatCityLine({ city: 'Mount Holly', region: 'NJ', postalCode: '08060' })).toBe('Mount Holly, NJ 08060');
});

describe('csvField: every CSV the site writes', () => {
  it.each([
    ['=HYPERLINK("https://evil.example","Click")', `"'=HYPERLINK(""https://evil.example"",""Click"")"`],
    ['+1 609 555 0100', `"'+1 609 555 0100"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['\uFF1D1+1', `"'\uFF1D1+1"`],
    ['Mint', '"Mint"'],
    ['a = b', '"a = b"'],
    ['', '""'],
    [undefined, '""'],
  ])('%j → %s', (value, field) => expect(csvField(value)).toBe(field));

  it('writes numbers as they are', () => expect([csvField(12995), csvField(-5)]).toEqual(['12995', '-5']));

  it('makes a file a CSV parser reads back, formulas shown as text', () => {
    const file = csvFile(['name', 'note'], [['=cmd|"/c calc"!A1', 'Line one\nline "two", and more.']]);
    expect(file.endsWith('\r\n')).toBe(true);
    expect(parse(file, { columns: true })).toEqual([{ name: `'=cmd|"/c calc"!A1`, note: 'Line one\nline "two", and more.' }]);
  });
});
