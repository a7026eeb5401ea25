import * as z from 'zod';

/** The promotion calls on the shopper's cart (§7 Promotion) that the browser makes, shared with the Worker. */

const ID = 'must be a positive whole number';
const id = z.number({ error: ID }).int(ID).positive(ID).max(Number.MAX_SAFE_INTEGER, ID);

/** A promotion or coupon code as the shopper types it. */
export const promotionCode = z
  .string({ error: 'must be a code' })
  .trim()
  .min(1, 'must not be empty')
  .max(40, 'can be at most 40 characters');
/** Whose cart, for which vehicle and where it ships: what every cart promotion call carries. */
export const cartShopper = {
  cartUUID: z.string().max(64).nullable().optional(),
  attributeValueId: id.nullable().optional(),
  postCode: z.string().max(16).nullable().optional(),
};
export const applyCodeBody = z.object({ code: promotionCode, remove: z.boolean().optional(), ...cartShopper });

export type ApplyCodeBody = z.input<typeof applyCodeBody>;
