import * as z from 'zod';
import { REGION_MESSAGE, type AddressFields } from '../address.ts';
import { BIRTHDAY_MESSAGE, birthdayProblems } from '../birthday.ts';
import { isRegionCode } from '../regions.ts';
import {
  addressProblem,
  cityProblem,
  emailProblem,
  nameProblem,
  normalizePostalCode,
  phoneDigits,
  phoneProblem,
  postalCodeProblem,
  trimInput,
} from '../validation.ts';

/**
 * The account calls' contracts, shared: the Worker validates with them, the browser takes their types.
 * The §5 field rules and messages, the US or Canadian address, the session.
 */

export const PASSWORD_MESSAGE = 'Password must be 8 to 128 characters.';

/** A zod refinement from one of the §5 rules. */
export const rule = (check: (value: string) => string | null) => (value: string, ctx: z.RefinementCtx) => {
  const problem = check(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};
/** Text with surrounding whitespace removed (§5: inputs can have whitespace removed). */
export const text = (max: number) => z.string().max(max).transform(trimInput);
/** A phone in any common format (§5), stored as its 10 digits. */
const phoneField = text(20).superRefine(rule(phoneProblem)).transform(phoneDigits);

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
  phone: phoneField,
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
  city: text(60).superRefine(rule(cityProblem)),
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
      message: REGION_MESSAGE[address.market],
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
  /** The birthday's month (1 to 12) and day, or null when the member gave none. */
  birthMonth: z.number().int().nullable(),
  birthDay: z.number().int().nullable(),
});

const clientType = z.enum(['WEB', 'MOBILE_WEB', 'APP']).default('WEB');
/**
 * An emailed link's token (confirm, reset, change email). The shop's own pages send none: the page the link
 * opened took it out of the address into an HttpOnly cookie, which the call reads (issue 35).
 */
export const tokenBody = z.object({ token: z.string().min(10).max(4096).optional() });

export const loginBody = z.object({ email: emailField, password: z.string().min(1).max(128) });
export const registerBody = z.object({ email: emailField, password: passwordField, clientType });
export const registerNoPasswordBody = z.object({ email: emailField, clientType });
export const emailBody = z.object({ email: emailField });
export const resetPasswordBody = z.object({ token: tokenBody.shape.token, password: passwordField });
export const logoutBody = z.object({ clearCart: z.boolean().default(false) });

/** A birthday field: a whole number, null to clear, absent to leave as it is. */
const birthdayPart = (message: string) => z.number({ error: message }).int({ error: message }).nullable().optional();

/**
 * Name, phone and postal code of the signed-in member, and their birthday's month and day (for the
 * level's birthday points): absent leaves the birthday as it is, null for both clears it.
 */
export const profileBody = z
  .object({
    firstName: text(50).superRefine(rule(nameProblem)).nullable().default(null),
    lastName: text(50).superRefine(rule(nameProblem)).nullable().default(null),
    phone: phoneField.nullable().default(null),
    zipCode: z.string().max(10).nullable().default(null),
    birthMonth: birthdayPart(BIRTHDAY_MESSAGE.month),
    birthDay: birthdayPart(BIRTHDAY_MESSAGE.day),
  })
  .superRefine((profile, ctx) => {
    if (profile.birthMonth === undefined && profile.birthDay === undefined) return;
    const problems = birthdayProblems(profile.birthMonth ?? null, profile.birthDay ?? null);
    for (const [field, message] of Object.entries(problems)) ctx.addIssue({ code: 'custom', path: [field], message });
  });
export const passwordBody = z.object({
  oldPassword: z.string().max(128).nullable().default(null),
  newPassword: passwordField,
});
export const changeEmailBody = z.object({
  newEmail: emailField,
  password: z.string().max(128).nullable().default(null),
});
export const addressIdQuery = z.object({ id: z.coerce.number().int().positive() });
export const idAnswer = z.object({ id: z.number().int() });

export type Session = z.infer<typeof sessionSchema>;
export type MessageAnswer = z.infer<typeof messageSchema>;
export type UserData = z.infer<typeof userDataSchema>;
/** A saved address; its market is one of the shop's (the schema documents it as text). */
export type SavedAddress = Omit<z.infer<typeof savedAddressSchema>, 'market'> & Pick<AddressFields, 'market'>;
export type IdAnswer = z.infer<typeof idAnswer>;
export type TokenBody = z.input<typeof tokenBody>;
export type LoginBody = z.input<typeof loginBody>;
export type RegisterBody = z.input<typeof registerBody>;
export type RegisterNoPasswordBody = z.input<typeof registerNoPasswordBody>;
export type EmailBody = z.input<typeof emailBody>;
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;
export type LogoutBody = z.input<typeof logoutBody>;
export type ProfileBody = z.input<typeof profileBody>;
/** The profile form as its contract leaves it: what the Worker stores. */
export type ProfileUpdate = z.output<typeof profileBody>;
export type PasswordBody = z.input<typeof passwordBody>;
export type ChangeEmailBody = z.input<typeof changeEmailBody>;
export type AddressBody = z.input<typeof addressBody>;
export type AddressIdQuery = z.input<typeof addressIdQuery>;
