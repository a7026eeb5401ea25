import { describe, expect, it } from 'vitest';
import english from './messages/en.json';
import french from './messages/fr.json';

type Message = string | { declarations?: string[]; selectors?: string[]; match?: Record<string, string> }[];
const en = english as Record<string, Message>;
const fr = french as Record<string, Message>;
const keys = (catalogue: Record<string, Message>) => Object.keys(catalogue).filter((key) => !key.startsWith('$'));

/** Words that are the same in both languages: a French message equal to its English one must be listed here. */
const SAME_IN_BOTH = new Set([
  'a11y_menu',
  'a11y_mobile_nav',
  'link_faq',
  'suggestions_count',
  'pages',
  'points',
  'total',
  'fitment_position',
  'points_count',
  'pm_noun_code',
  'pm_noun_coupon',
  'member_nav_coupons',
  'email_pay_minutes',
  'member_log_date',
  'email_units',
  'email_points_amount',
  // A product's first variant and its choices' name: "Standard" and "Options" are French words too.
  'variant_standard',
  'variant_options',
]);

function texts(message: Message): string[] {
  return typeof message === 'string' ? [message] : message.flatMap((variant) => Object.values(variant.match ?? {}));
}
function inputs(message: Message): string[] {
  return [...new Set(texts(message).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))].sort();
}

describe('the message catalogues', () => {
  it('have the same messages in English and French: a key missing in one language fails', () => {
    expect(
      keys(fr).filter((key) => !(key in en)),
      'only in French',
    ).toEqual([]);
    expect(
      keys(en).filter((key) => !(key in fr)),
      'missing in French',
    ).toEqual([]);
  });

  it('give each French message the inputs of its English one', () => {
    for (const key of keys(en)) expect(inputs(fr[key]!), key).toEqual(inputs(en[key]!));
  });

  it('have no empty message and no French message left in English', () => {
    for (const key of keys(en)) {
      for (const text of [...texts(en[key]!), ...texts(fr[key]!)]) expect(text.trim(), key).not.toBe('');
      if (!SAME_IN_BOTH.has(key)) expect(JSON.stringify(fr[key]), key).not.toBe(JSON.stringify(en[key]));
    }
  });

  it('choose plural forms by count in both languages (CLDR rules: French 0 and 1 are singular)', () => {
    for (const key of keys(en)) {
      const [enForm, frForm] = [en[key], fr[key]];
      if (typeof enForm === 'string') continue;
      expect(typeof frForm, key).not.toBe('string');
      const selectors = (message: Message) => (typeof message === 'string' ? [] : message[0]?.selectors);
      expect(selectors(frForm!), key).toEqual(selectors(enForm!));
    }
  });
});
