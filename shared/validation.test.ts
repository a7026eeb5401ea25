import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import {
  ADDRESS_REQUIRED_MESSAGE,
  ADDRESS_TOO_LONG_MESSAGE,
  EMAIL_PATTERN,
  addressProblem,
  cityProblem,
  emailProblem,
  englishLettersProblem,
  nameProblem,
  newsletterEmailProblem,
  phoneDigits,
  phoneProblem,
  reviewPrivacyProblem,
  specialCharactersProblem,
  trimInput,
  urlProblem,
} from './validation.ts';

const CYRILLIC_A = '\u0430';
const ZWSP = '\u200B';
/** An address of exactly `length` characters. */
const emailOfLength = (length: number) => `${'a'.repeat(length - 12)}@example.com`;

describe('trimInput', () => {
  it('trims the ends and collapses inner whitespace runs to one space', () => {
    expect(trimInput('  Jane \t\n  Doe  ')).toBe('Jane Doe');
    expect(trimInput('\u00A0x\u3000')).toBe('x');
    expect(trimInput('   ')).toBe('');
  });
});

describe('email', () => {
  it('uses the exact §5 messages', () => {
    expect(MSG.emailInvalid).toBe('Provide a valid email address.');
    expect(MSG.newsletterTooLong).toBe('Only can enter up to 55 characters');
    expect(MSG.newsletterInvalidEmail).toBe('Please enter a valid email address');
  });

  it('accepts common valid addresses, trimmed', () => {
    for (const email of ['jane@example.com', 'j.doe+parts@mail.shop.co.uk', "o'neil@ex-ample.ca", 'a_b{1}~@x.io']) {
      expect(emailProblem(email)).toBeNull();
      expect(newsletterEmailProblem(email)).toBeNull();
    }
    expect(emailProblem('  jane@example.com \n')).toBeNull();
  });

  it('rejects malformed addresses with the form message and the newsletter message', () => {
    const bad = [
      '',
      '   ',
      'jane',
      'jane@',
      '@example.com',
      'jane@example',
      'jane@example.c',
      '.jane@example.com',
      'jane.@example.com',
      'ja..ne@example.com',
      'jane@-example.com',
      'jane@example-.com',
      'jane@exa_mple.com',
      'ja ne@example.com',
      'jane@@example.com',
      'jane@example.123',
    ];
    for (const email of bad) {
      expect(emailProblem(email), email).toBe(MSG.emailInvalid);
      expect(newsletterEmailProblem(email), email).toBe(MSG.newsletterInvalidEmail);
    }
  });

  it('allows 55 characters and rejects 56 with the length message, checked before the pattern', () => {
    expect(emailOfLength(55)).toHaveLength(55);
    expect(emailProblem(emailOfLength(55))).toBeNull();
    expect(newsletterEmailProblem(emailOfLength(55))).toBeNull();
    expect(emailProblem(emailOfLength(56))).toBe(MSG.newsletterTooLong);
    expect(newsletterEmailProblem(emailOfLength(56))).toBe(MSG.newsletterTooLong);
    expect(emailProblem('x'.repeat(56))).toBe(MSG.newsletterTooLong);
    expect(emailProblem(`  ${emailOfLength(55)}  `)).toBeNull();
  });

  it('rejects script tags, SQL fragments and unicode look-alikes', () => {
    for (const email of [
      '<script>alert(1)</script>@x.com',
      "' OR 1=1 --@example.com",
      `j${CYRILLIC_A}ne@example.com`,
      `jane@ex${CYRILLIC_A}mple.com`,
      `jane${ZWSP}@example.com`,
      'jane@example.com<script>',
    ]) {
      expect(emailProblem(email), email).toBe(MSG.emailInvalid);
    }
    expect(EMAIL_PATTERN.test('jane@example.com')).toBe(true);
    expect(EMAIL_PATTERN.test(`jane@example.com${ZWSP}`)).toBe(false);
  });
});

describe('phoneProblem', () => {
  it('accepts a US or Canadian number in the common formats', () => {
    for (const phone of [
      '4155550123',
      '415-555-0123',
      '415.555.0123',
      '415 555 0123',
      '(415) 555-0123',
      '(415)555-0123',
      '1-415-555-0123',
      '14155550123',
      '+1 415 555 0123',
      '+1 (415) 555-0123',
      '+14155550123',
      ' 5551234567 ',
      '555-1234567',
    ]) {
      expect(phoneProblem(phone), phone).toBeNull();
    }
  });

  it('stores the 10 digits, without formatting or the country code', () => {
    expect(phoneDigits('415-555-0123')).toBe('4155550123');
    expect(phoneDigits('+1 (415) 555-0123')).toBe('4155550123');
    expect(phoneDigits('1.415.555.0123')).toBe('4155550123');
    expect(phoneDigits('6135550100')).toBe('6135550100');
  });

  it('rejects too few or too many digits with the exact message', () => {
    expect(phoneProblem('555123456')).toBe('Please enter 10 to 11 characters.');
    expect(phoneProblem('155512345678')).toBe(MSG.phoneInvalid);
    expect(phoneProblem('25551234567')).toBe(MSG.phoneInvalid);
    expect(phoneProblem('+44 20 7946 0958')).toBe(MSG.phoneInvalid);
    expect(phoneProblem('')).toBe(MSG.phoneInvalid);
  });

  it('rejects letters, stray symbols, full-width digits, invisible characters, SQL and dashes only', () => {
    for (const phone of [
      '555123456a',
      '(555)12345',
      '415--555-0123',
      '415/555/0123',
      '++1 415 555 0123',
      '１２３４５６７８９０',
      `55512${ZWSP}34567`,
      "' OR 1=1 --",
      '----------',
    ]) {
      expect(phoneProblem(phone), phone).toBe(MSG.phoneInvalid);
    }
  });
});

describe('englishLettersProblem', () => {
  it('accepts Latin letters with accents, spaces, hyphens, apostrophes and periods', () => {
    for (const value of [
      'Toronto',
      "St. John's",
      'St. John’s',
      'Winston-Salem',
      '  New   York ',
      'Montréal',
      'Trois-Rivières',
      "Coeur d'Alene",
      'Montre\u0301al',
    ]) {
      expect(englishLettersProblem(value), value).toBeNull();
    }
  });

  it('rejects empty, letterless, accents without any a-z, digits, Cyrillic and markup', () => {
    for (const value of ['', '  ', "'-.", 'Éé', 'Route 66', `Tor${CYRILLIC_A}nto`, '<script>', `Ab${ZWSP}c`]) {
      expect(englishLettersProblem(value), value).toBe('Please enter English letters.');
    }
  });

  it('checks a city with the English-letters message', () => {
    expect(cityProblem('Montréal')).toBeNull();
    expect(cityProblem('Москва')).toBe(MSG.englishLettersRequired);
  });
});

describe('nameProblem', () => {
  it('accepts names of 1 to 50 characters, with accents, apostrophes and hyphens', () => {
    for (const name of [
      'J',
      "Mary-Jane O'Neil",
      "O'Brien-Smith",
      'O’Brien',
      'J. R. R. Tolkien',
      'Émilie',
      'José',
      'Zoë Łukasiewicz',
      'François-Xavier',
      'A'.repeat(50),
      `  ${'A'.repeat(50)}  `,
    ]) {
      expect(nameProblem(name), name).toBeNull();
    }
  });

  it('rejects empty, 51 characters, digits, no letter a-z, Cyrillic, zero-width spaces, scripts and SQL', () => {
    for (const name of [
      '',
      ' ',
      'A'.repeat(51),
      'Jane2',
      'É',
      `J${CYRILLIC_A}ne`,
      '李雷',
      `Ja${ZWSP}ne`,
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      '...',
      'Jane 😀',
    ]) {
      expect(nameProblem(name), name).toBe('Name must include English letters.');
    }
  });
});

describe('addressProblem', () => {
  it("accepts street addresses with #.,'/- and trims them", () => {
    for (const address of [
      '123 Main St.',
      'Apt #4B, 1/2 Elm Rd',
      "O'Connor Blvd - Unit 7",
      '  PO Box 12  ',
      '1000 Boulevard René-Lévesque',
      '12 Rue Café',
      'A'.repeat(100),
    ]) {
      expect(addressProblem(address), address).toBeNull();
    }
  });

  it('asks for an empty street address rather than calling it special characters', () => {
    expect(addressProblem('')).toBe(ADDRESS_REQUIRED_MESSAGE);
    expect(addressProblem('   ')).toBe('Please enter a street address.');
  });

  it('rejects special characters and punctuation-only input with the exact message', () => {
    for (const address of [
      '#-/',
      '123 Main St; DROP TABLE users',
      "' OR 1=1 --x",
      '<script>',
      `12 M${CYRILLIC_A}in St`,
      '１２ Main St',
      `12${ZWSP} Main`,
      '12 Main St!',
    ]) {
      expect(addressProblem(address), address).toBe('Address cannot contain special characters.');
    }
  });

  it('rejects more than 100 characters with the length message', () => {
    expect(addressProblem('A'.repeat(101))).toBe(ADDRESS_TOO_LONG_MESSAGE);
  });
});

describe('specialCharactersProblem', () => {
  it("'text' allows letters, digits, common punctuation and newlines", () => {
    const text = 'Great fit! (2019 Civic) - 100% "OEM" quality; worth it?\nNotes: #1 & 5/5 @shop, +1.';
    expect(specialCharactersProblem(text, 'text')).toBeNull();
    expect(specialCharactersProblem('Line one\r\nLine two', 'text')).toBeNull();
    expect(specialCharactersProblem('', 'text')).toBeNull();
  });

  it("'text' rejects markup, symbols outside the list and unicode", () => {
    for (const value of [
      '<script>alert(1)</script>',
      'a $ sign',
      'emoji 😀',
      'naïve',
      `x${ZWSP}y`,
      'back\\slash',
      'a=b',
    ]) {
      expect(specialCharactersProblem(value, 'text'), value).toBe(MSG.removeSpecialChars);
    }
  });

  it("'strict' allows only letters, digits, spaces, - and _", () => {
    expect(specialCharactersProblem('Brake_pads-2024 front', 'strict')).toBeNull();
    for (const value of ['brake.pads', "' OR 1=1 --", 'a!b', '<b>', '１２３４５', `ab${CYRILLIC_A}`]) {
      expect(specialCharactersProblem(value, 'strict'), value).toBe('Please remove special characters');
    }
  });
});

describe('reviewPrivacyProblem', () => {
  it('accepts ordinary reviews, including decimals and abbreviations', () => {
    expect(reviewPrivacyProblem('Great pads', 'Fit my 2.5L engine, e.g. no noise. 10/10')).toBeNull();
    expect(reviewPrivacyProblem('Works', 'Installed in 1.5 hours.Fits well')).toBeNull();
  });

  it('rejects an email address or URL in the title or the content with the exact message', () => {
    const leaks = [
      'mail me at jane@example.com',
      'see https://example.com/x',
      'http://x.io',
      'visit www.parts-deal',
      'buy at example.com',
      'shop.co.uk is cheaper',
      'EXAMPLE.COM',
      'ｅｘａｍｐｌｅ．ｃｏｍ',
      `example${ZWSP}.com`,
    ];
    for (const leak of leaks) {
      expect(reviewPrivacyProblem(leak, 'Good part'), leak).toBe(
        'Privacy information is not allowed in the reviews content and title',
      );
      expect(reviewPrivacyProblem('Good part', leak), leak).toBe(MSG.reviewPrivacy);
    }
  });
});

describe('urlProblem', () => {
  it('accepts http and https URLs with a host', () => {
    for (const url of ['https://example.com', 'http://shop.example.co.uk/path?q=1#top', ' https://1.2.3.4:8080/ ']) {
      expect(urlProblem(url), url).toBeNull();
    }
  });

  it('rejects other schemes, missing hosts, spaces and look-alike hosts', () => {
    for (const url of [
      '',
      'example.com',
      'javascript:alert(1)',
      'ftp://example.com',
      'https://',
      'http:example.com',
      'https://localhost',
      'https://exa mple.com',
      `https://ex${CYRILLIC_A}mple.com`,
      'https://<script>.com',
      'http://.com',
    ]) {
      expect(urlProblem(url), url).toBe('Please enter the correct url');
    }
  });
});
