import { z } from 'zod';
import type { AddressFields } from '../../shared/address.ts';
import { isRegionCode } from '../../shared/regions.ts';
import {
  addressProblem,
  nameProblem,
  normalizePostalCode,
  phoneProblem,
  postalCodeProblem,
  trimInput,
} from '../../shared/validation.ts';
import type { AddressInput } from './repository.ts';

/** A US or Canadian address as the account book and checkout take it (§5 rules and messages). */

/** A zod refinement from one of the §5 rules. */
export const rule = (check: (value: string) => string | null) => (value: string, ctx: z.RefinementCtx) => {
  const problem = check(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};
/** Text with surrounding whitespace removed (§5: inputs can have whitespace removed). */
export const text = (max: number) => z.string().max(max).transform(trimInput);

/** The address fields with the market's rules: names in English letters, state or province of the market, its postal-code form. */
export const addressFields = z.object({
  market: z.enum(['us', 'ca']),
  firstName: text(50).superRefine(rule(nameProblem)),
  lastName: text(50).superRefine(rule(nameProblem)),
  phone: text(20).superRefine(rule(phoneProblem)),
  addressLine1: text(120).superRefine(rule(addressProblem)),
  // Optional: absent, null or empty all mean none.
  addressLine2: z
    .string()
    .max(120)
    .nullable()
    .optional()
    .transform((value) => trimInput(value ?? ''))
    .superRefine((value, ctx) => {
      if (value) rule(addressProblem)(value, ctx);
    })
    .transform((value) => value || null),
  city: text(60).superRefine(rule(nameProblem)),
  regionCode: z
    .string()
    .max(2)
    .transform((value) => value.toUpperCase()),
  postalCode: z.string().max(10),
});

function marketRules(address: Pick<AddressFields, 'market' | 'regionCode' | 'postalCode'>, ctx: z.RefinementCtx) {
  if (!isRegionCode(address.market, address.regionCode))
    ctx.addIssue({
      code: 'custom',
      path: ['regionCode'],
      message: address.market === 'us' ? 'Please choose a state.' : 'Please choose a province or territory.',
    });
  const problem = postalCodeProblem(address.postalCode, address.market);
  if (problem) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: problem });
}

/** An address for the account book. */
export const addressBody = addressFields
  .extend({ isDefault: z.boolean().default(false) })
  .superRefine(marketRules)
  .transform(
    (address): AddressInput => ({ ...address, postalCode: normalizePostalCode(address.postalCode, address.market) }),
  );

/** A ship-to address for checkout. */
export const shipToAddress = addressFields
  .superRefine(marketRules)
  .transform(
    (address): AddressFields => ({ ...address, postalCode: normalizePostalCode(address.postalCode, address.market) }),
  );
