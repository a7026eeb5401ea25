import * as z from 'zod';

/** What a shopper does to a placed order from the browser (§7 Orders and payment), shared with the Worker. */

export const cancelOrderBody = z.object({
  orderId: z.string().min(1).max(40),
  /** A guest's order-access token from placement; a member is known by their session. */
  orderToken: z.string().max(200).optional(),
  email: z.string().max(55).optional(),
});
export const cancelledAnswer = z.object({ orderId: z.string(), status: z.literal('CANCELLED'), refunded: z.boolean() });

export type CancelOrderBody = z.input<typeof cancelOrderBody>;
export type CancelledOrder = z.infer<typeof cancelledAnswer>;
