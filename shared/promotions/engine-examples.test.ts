import { describe, expect, it } from 'vitest';
import { price } from './engine-fixtures.ts';
import { KINDS, SCOPE_AND_CAPS, STACKING, VALIDITY, POINTS } from './engine-examples.data.ts';

describe('promotions engine, worked examples', () => {
  for (const [group, examples] of Object.entries({ KINDS, SCOPE_AND_CAPS, STACKING, VALIDITY, POINTS })) {
    describe(group, () => {
      it.each(examples.map((example) => [example.name, example] as const))('%s', (_name, example) => {
        const pricing = price(example.input);
        if (example.discountCent !== undefined) expect(pricing.discountCent).toBe(example.discountCent);
        if (example.shippingDiscountCent !== undefined)
          expect(pricing.shippingDiscountCent).toBe(example.shippingDiscountCent);
        if (example.pointsCent !== undefined) expect(pricing.pointsCent).toBe(example.pointsCent);
        if (example.totalCent !== undefined) expect(pricing.totalCent).toBe(example.totalCent);
        if (example.reasons)
          expect(pricing.adjustments.map((adjustment) => adjustment.reason)).toEqual(example.reasons);
        if (example.rejected)
          expect(pricing.rejected.map((rejection) => [rejection.problem, rejection.reason])).toEqual(example.rejected);
        if (example.hints) expect(pricing.hints.map((hint) => hint.reason)).toEqual(example.hints);
      });
    });
  }
});
