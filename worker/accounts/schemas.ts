import { z } from 'zod';
import type { AddressFields } from '../../shared/address.ts';
import { isRegionCode } from '../../shared/regions.ts';
import {
  addressProblem,
  emailProblem,
  nameProblem,
  normalizePostalCode,
  phoneProblem,
  postalCodeProblem,
  trimInput,
} from '../../shared/validation.ts';

/** The account contracts: the §5 field rules and messages, the US or Canadian address, the session. */

export const PASSWORD_MESSAGE = 'Password must be 8 to 128 characters.';

/** A zod refinement from one of the §5 rules. */
export const rule = (check: (value: string) => string | null) => (value: string, ctx: z.RefinementCtx) => {
  const problem = check(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};
/** Text with surrounding whitespace removed (§5: inputs can have whitespace removed). */
export const text = (max: number) => z.string().max(max).transform(trimInput);

/** An email field with the §5 rules and message; stored lower-case and trimmed. */
export const emailField = z
  .string()
  .transform((value) => trimInput(value).toLowerCase())
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const passwordField = z.string().min(8, PASSWORD_MESSAGE).max(128, PASSWORD_MESSAGE);

export const sessionSchema = z.object({
  accountToken: z.string(),
  expiresIn: z.number().int(),
  accountId: z.number().int(),
  email: z.string(),
});

export const messageSchema = z.object({ message: z.string() });

/** An address as the account book stores it: the fields, and whether it is the default. */
export type AddressInput = AddressFields & { isDefault: boolean };

/**
 * The address fields with the market's rules: names in English letters, state or province of the
 * market, its postal-code form.
 */
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

/** An address of the member's book, as the API and /myAccount show it. */
export const savedAddressSchema = z.object({
  id: z.number().int(),
  market: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  regionCode: z.string(),
  postalCode: z.string(),
  isDefault: z.boolean(),
});

/** The §3 user data of an account. */
export const userDataSchema = z.object({
  accountId: z.number().int(),
  email: z.string(),
  clientType: z.string(),
  zipCode: z.string().nullable(),
  defaultGarage: z.number().nullable(),
  useFirstDiscount: z.boolean(),
  emailVerified: z.boolean(),
  subscribed: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
});
