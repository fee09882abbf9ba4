/**
 * Vehicle identification numbers (ISO 3779, with the check digit of 49 CFR 565 that every
 * vehicle sold in North America carries in position 9). Pure; used by the data schema.
 */

const LETTER_VALUES: Readonly<Record<string, number>> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** 17 characters, digits and capital letters except I, O and Q. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

/** The check digit a VIN must carry in position 9 ("0"–"9" or "X"), or undefined for a malformed VIN. */
export function vinCheckDigit(vin: string): string | undefined {
  if (!VIN_PATTERN.test(vin)) return undefined;
  let sum = 0;
  for (let index = 0; index < 17; index++) {
    const char = vin.charAt(index);
    const value = /\d/.test(char) ? Number(char) : (LETTER_VALUES[char] ?? 0);
    sum += value * (WEIGHTS[index] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

export type VinProblem = 'format' | 'check-digit';

/** Why a VIN is not valid, or undefined when it is. */
export function vinProblem(vin: string): VinProblem | undefined {
  const expected = vinCheckDigit(vin);
  if (expected === undefined) return 'format';
  return vin.charAt(8) === expected ? undefined : 'check-digit';
}
