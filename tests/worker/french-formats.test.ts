import { describe, expect, it } from 'vitest';
import { deliveryRangeText, formatDeliveryDate } from '../../shared/delivery-dates.ts';
import { formatCount, formatDay } from '../../shared/i18n/format.ts';
import { formatMoney } from '../../shared/money.ts';
import { withLocale } from '../../worker/platform/i18n.ts';

const NBSP = /[\u00a0\u202f]/g;
const plain = (text: string) => text.replace(NBSP, ' ');

describe('formats in Canadian French', () => {
  it('writes prices as fr-CA does ("1 234,56 $") and keeps the spec format in English ("CA$1,234.56")', () => {
    const money = { cent: 123_456, currency: 'CAD' as const };
    expect(plain(withLocale('fr', () => formatMoney(money)))).toBe('1 234,56 $');
    expect(withLocale('en', () => formatMoney(money))).toBe('CA$1,234.56');
    expect(plain(withLocale('fr', () => formatMoney({ cent: -500, currency: 'CAD' })))).toBe('-5,00 $');
  });

  it('writes delivery days as "mar. 1 déc." and a range with "au"', () => {
    expect(withLocale('fr', () => formatDeliveryDate('2026-12-01'))).toBe('mar. 1 déc.');
    expect(withLocale('en', () => formatDeliveryDate('2026-12-01'))).toBe('Tue, Dec 1');
    expect(withLocale('fr', () => deliveryRangeText({ earliest: '2026-12-01', latest: '2026-12-04' }))).toBe(
      'mar. 1 déc. au ven. 4 déc.',
    );
  });

  it('writes dates and counts in French on French pages only', () => {
    const day = Date.UTC(2026, 10, 24);
    expect(withLocale('fr', () => formatDay(day))).toBe('24 nov. 2026');
    expect(withLocale('en', () => formatDay(day))).toBe('Nov 24, 2026');
    expect(plain(withLocale('fr', () => formatCount(12_840)))).toBe('12 840');
    expect(withLocale('en', () => formatCount(12_840))).toBe('12,840');
  });
});
