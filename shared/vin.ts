/** VIN rules of 49 CFR 565 (DOMAIN.md): shape, check digit and model year. */

export const VIN_MESSAGE = {
  length: 'A VIN has exactly 17 characters.',
  characters: 'A VIN uses only letters and digits, without I, O or Q.',
  checkDigit: 'This VIN does not pass the check-digit test. Please check each character.',
} as const;

const TRANSLITERATION: Record<string, number> = {
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
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** Removes spaces and dashes and upper-cases, as shoppers type VINs loosely. */
export function normalizeVin(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

function transliterated(char: string): number {
  return /\d/.test(char) ? Number(char) : (TRANSLITERATION[char] ?? -1);
}

/** The check digit position 9 must hold: '0'-'9' or 'X' for 10. */
export function vinCheckDigit(vin: string): string {
  const sum = [...vin].reduce((total, char, i) => total + transliterated(char) * WEIGHTS[i]!, 0);
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** Validates a VIN; returns the first problem's message, or null when it is valid. */
export function vinProblem(input: string): string | null {
  const vin = normalizeVin(input);
  if (vin.length !== 17) return VIN_MESSAGE.length;
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return VIN_MESSAGE.characters;
  if (vin[8] !== vinCheckDigit(vin)) return VIN_MESSAGE.checkDigit;
  return null;
}

/**
 * The model year from position 10. The letter cycle repeats every 30 years; position 7 tells
 * which: a digit there means 1980-2009, a letter 2010-2039.
 */
export function vinModelYear(input: string): number | null {
  const vin = normalizeVin(input);
  const index = YEAR_CODES.indexOf(vin[9] ?? '');
  if (index < 0) return null;
  const base = /\d/.test(vin[6] ?? '') ? 1980 : 2010;
  return base + index;
}

/** The world manufacturer identifier: the first three characters. */
export function vinWmi(input: string): string {
  return normalizeVin(input).slice(0, 3);
}
