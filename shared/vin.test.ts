import { describe, expect, it } from 'vitest';
import { VIN_MESSAGE, normalizeVin, vinCheckDigit, vinModelYear, vinProblem, vinWmi } from './vin.ts';

describe('VIN', () => {
  it('accepts a valid VIN and computes its check digit (DOMAIN.md example)', () => {
    expect(vinCheckDigit('1G4AH59H45G118341')).toBe('4');
    expect(vinProblem('1G4AH59H45G118341')).toBeNull();
    expect(vinProblem(' 1g4ah59h4-5g118341 ')).toBeNull();
    expect(normalizeVin('1g4 ah59')).toBe('1G4AH59');
  });

  it('rejects the wrong length, forbidden letters and a bad check digit with clear messages', () => {
    expect(vinProblem('1G4AH59H45G11834')).toBe(VIN_MESSAGE.length);
    expect(vinProblem('1G4AH59H45G11834IO')).toBe(VIN_MESSAGE.length);
    expect(vinProblem('1G4AH59H45G11834O')).toBe(VIN_MESSAGE.characters);
    expect(vinProblem('1G4AH59H55G118341')).toBe(VIN_MESSAGE.checkDigit);
  });

  it('handles a check digit of X', () => {
    const base = '1M8GDM9A_KP042788';
    for (const digit of '0123456789X') {
      const vin = base.replace('_', digit);
      expect(vinProblem(vin) === null).toBe(vinCheckDigit(vin) === digit);
    }
    expect(vinProblem('1M8GDM9AXKP042788')).toBeNull();
  });

  it('reads the model year from position 10 in the right 30-year cycle', () => {
    expect(vinModelYear('1G4AH59H45G118341')).toBe(2005);
    expect(vinModelYear('1M8GDM9AXKP042788')).toBe(1989);
    expect(vinModelYear('5YJ3E1EA7JF000316')).toBe(2018);
    expect(vinModelYear('1HGCM82633A004352')).toBe(2003);
    expect(vinWmi('1hgcm82633a004352')).toBe('1HG');
  });
});
