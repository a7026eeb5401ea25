import { describe, expect, it } from 'vitest';
import { REGION_MESSAGE, addressProblems, type AddressFields } from './address.ts';
import { MSG } from './messages.ts';
import { CA_PROVINCES, US_STATES, isRegionCode, regionsFor } from './regions.ts';
import { POSTAL_CODE_MESSAGE, fieldProblemsIn, normalizePostalCode, postalCodeProblem } from './validation.ts';

const _CYRILLIC_A = '\u0430';
const ZWSP = '\u200B';
/** An address of exactly `length` characters. */
const _emailOfLength = (length: number) => `${'a'.repeat(length - 12)}@example.com`;

/** Addresses: postal codes by market, states and provinces, and a whole address's field problems. */

describe('postal codes', () => {
  it('US accepts exactly 5 or 9 ASCII digits', () => {
    for (const zip of ['90210', '902101234', ' 10001 ']) expect(postalCodeProblem(zip, 'us'), zip).toBeNull();
  });

  it('US rejects dashes, letters, wrong lengths and full-width digits', () => {
    for (const zip of ['', '9021', '902101', '90210-1234', '9021O', '１２３４５', `902${ZWSP}10`, "' OR 1=1 --"]) {
      expect(postalCodeProblem(zip, 'us'), zip).toBe('Please enter a valid ZIP code.');
    }
  });

  it('Canada accepts A1A 1A1 with an optional space in any case', () => {
    for (const code of ['K1A 0B1', 'k1a0b1', 'M5V 3L9', ' h2x 1y4 ', 'T2P 5W2', 'K1A  0B1']) {
      expect(postalCodeProblem(code, 'ca'), code).toBeNull();
    }
  });

  it('Canada rejects digits only, forbidden first letters and wrong shapes', () => {
    for (const code of [
      '123456',
      'D1A 0B1',
      'W1A 0B1',
      'Z1A 0B1',
      'K1O 0B1',
      'K1 A0B1',
      'K1A-0B1',
      'KK1 0B1',
      'K1A 0B',
      '90210',
    ]) {
      expect(postalCodeProblem(code, 'ca'), code).toBe(POSTAL_CODE_MESSAGE.ca);
    }
    expect(POSTAL_CODE_MESSAGE.ca).toBe('Please enter a valid postal code, such as K1A 0B1.');
  });

  it('normalizes US to digits and Canada to upper case with one space', () => {
    expect(normalizePostalCode(' 90210 ', 'us')).toBe('90210');
    expect(normalizePostalCode('k1a0b1', 'ca')).toBe('K1A 0B1');
    expect(normalizePostalCode(' k1a  0b1 ', 'ca')).toBe('K1A 0B1');
  });
});

describe('regions', () => {
  it('lists 50 states, DC and 5 territories for the US, and 13 for Canada', () => {
    expect(US_STATES).toHaveLength(56);
    expect(
      US_STATES.filter((r) => r.territory)
        .map((r) => r.code)
        .sort(),
    ).toEqual(['AS', 'GU', 'MP', 'PR', 'VI']);
    expect(US_STATES.find((r) => r.code === 'DC')?.territory).toBeUndefined();
    expect(CA_PROVINCES).toHaveLength(13);
    for (const r of [...US_STATES, ...CA_PROVINCES]) expect(r.code).toMatch(/^[A-Z]{2}$/);
    expect(new Set(US_STATES.map((r) => r.code)).size).toBe(56);
  });

  it('picks the list by market and checks codes exactly', () => {
    expect(regionsFor('us')).toBe(US_STATES);
    expect(regionsFor('ca')).toBe(CA_PROVINCES);
    expect(isRegionCode('us', 'NY')).toBe(true);
    expect(isRegionCode('ca', 'QC')).toBe(true);
    expect(isRegionCode('us', 'ON')).toBe(false);
    expect(isRegionCode('ca', 'NY')).toBe(false);
    expect(isRegionCode('us', 'ny')).toBe(false);
    expect(isRegionCode('us', 'New York')).toBe(false);
  });
});

describe('addressProblems', () => {
  const montreal: AddressFields = {
    market: 'ca',
    firstName: 'Émilie',
    lastName: "O'Brien-Smith",
    phone: '(514) 555-0123',
    addressLine1: '1000 Rue Saint-André',
    addressLine2: null,
    city: 'Montréal',
    regionCode: 'QC',
    postalCode: 'h2x 1y4',
  };

  it('finds nothing wrong with a Montréal address written as people write it', () => {
    expect(addressProblems(montreal)).toEqual({});
  });

  it('names each invalid field with its own message, and nothing else', () => {
    expect(
      addressProblems({
        ...montreal,
        firstName: '1234',
        phone: '555',
        city: 'Москва',
        regionCode: 'NY',
        postalCode: '90210',
        addressLine2: '<b>',
      }),
    ).toEqual({
      firstName: MSG.nameNeedsLetters,
      phone: MSG.phoneInvalid,
      addressLine2: MSG.addressSpecialChars,
      city: MSG.englishLettersRequired,
      regionCode: REGION_MESSAGE.ca,
      postalCode: POSTAL_CODE_MESSAGE.ca,
    });
    expect(addressProblems({ ...montreal, market: 'us', regionCode: '', postalCode: '9021' })).toEqual({
      regionCode: 'Please choose a state.',
      postalCode: 'Please enter a valid ZIP code.',
    });
  });
});

describe('fieldProblemsIn', () => {
  it('reads the field problems of a refused answer and ignores anything else', () => {
    const data = { errors: [{ field: 'address.postalCode', message: 'Please enter a valid ZIP code.' }, { field: 1 }] };
    expect(fieldProblemsIn(data)).toEqual([{ field: 'address.postalCode', message: 'Please enter a valid ZIP code.' }]);
    expect(fieldProblemsIn(null)).toEqual([]);
    expect(fieldProblemsIn({ errors: 'no' })).toEqual([]);
  });
});
