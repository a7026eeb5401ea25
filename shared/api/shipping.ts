import * as z from 'zod';

/** The postal-code calls the browser makes (§3 Postal code), shared with the Worker that validates them. */

/** Long enough for any typed form ('99501-1234', ' k1a 0b1 '); the format is checked per market. */
export const postCodeField = z.string({ error: 'must be a postal code' }).max(16, 'can have up to 16 characters');
/** What the shop knows of a postal code, and whether it delivers there. */
export const postalCodeSchema = z.object({
  postCode: z.string(),
  cityName: z.string(),
  stateName: z.string(),
  stateCode: z.string(),
  deliverAble: z.boolean(),
});
export const verifyPostCodeBody = z.object({ postCode: postCodeField });

export type PostalCode = z.infer<typeof postalCodeSchema>;
export type VerifyPostCodeBody = z.input<typeof verifyPostCodeBody>;
