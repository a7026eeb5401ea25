import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatMoney } from './money.ts';

describe('dollars typed as cents', () => {
  const plain = { maxWholeDigits: 7 };

  it('reads whole dollars, one or two decimals, and ignores white space around them', () => {
    expect(dollarsToCents('129.99', plain)).toBe(12_999);
    expect(dollarsToCents('129.9', plain)).toBe(12_990);
    expect(dollarsToCents('129', plain)).toBe(12_900);
    expect(dollarsToCents(' 0.05 ', plain)).toBe(5);
    expect(dollarsToCents('0', plain)).toBe(0);
  });

  it('refuses signs, exponents, separators, a third decimal and anything else', () => {
    for (const text of ['', '-3', '+3', '1e3', '1,299.00', '12.345', '12.', '.5', '$12', '1 2', 'abc', '0x10']) {
      expect(dollarsToCents(text, plain), text).toBeNull();
    }
  });

  it('holds each form to its own number of whole digits', () => {
    expect(dollarsToCents('9999999.99', plain)).toBe(999_999_999);
    expect(dollarsToCents('10000000', plain)).toBeNull();
    expect(dollarsToCents('999999999', { maxWholeDigits: 9 })).toBe(99_999_999_900);
    expect(dollarsToCents('1000000', { maxWholeDigits: 6 })).toBeNull();
    expect(dollarsToCents('9999999999999.99', { maxWholeDigits: 13 })).toBe(999_999_999_999_999);
    expect(Number.isSafeInteger(dollarsToCents('9999999999999.99', { maxWholeDigits: 13 }))).toBe(true);
  });

  it('takes a dollar sign, spaces and a decimal comma only where the form says so', () => {
    const staff = { maxWholeDigits: 7, ignoreSymbol: true, decimalComma: true };
    expect(dollarsToCents('$ 12,5', staff)).toBe(1250);
    expect(dollarsToCents('$1 200.50', staff)).toBe(120_050);
    expect(dollarsToCents('$12', { maxWholeDigits: 7, ignoreSymbol: true })).toBe(1200);
    expect(dollarsToCents('12,5', { maxWholeDigits: 7, ignoreSymbol: true })).toBeNull();
    expect(dollarsToCents('12,5', plain)).toBeNull();
    expect(dollarsToCents('-$12', staff)).toBeNull();
  });

  it('refuses a format whose limit it cannot keep exact', () => {
    expect(() => dollarsToCents('1', { maxWholeDigits: 0 })).toThrow(RangeError);
    expect(() => dollarsToCents('1', { maxWholeDigits: 14 })).toThrow(RangeError);
  });

  it('reads back what formatMoney writes, without its symbol and commas', () => {
    for (const cent of [0, 1, 99, 100, 12_345, 999_999_999]) {
      const written = formatMoney({ cent, currency: 'USD' }).replace(/[$,]/g, '');
      expect(dollarsToCents(written, plain)).toBe(cent);
    }
  });
});
