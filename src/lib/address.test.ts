import { describe, expect, it } from 'vitest';
import { cityLine, oneLineAddress } from './address.ts';

describe('address lines', () => {
  const address = { street: '1 Main Street', city: 'Medford', region: 'NJ', postalCode: '08055' };

  it('puts a space between state and ZIP code', () => {
    expect(cityLine(address)).toBe('Medford, NJ 08055');
    expect(oneLineAddress(address)).toBe('1 Main Street, Medford, NJ 08055');
  });
});
