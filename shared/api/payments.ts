import * as z from 'zod';
import type { Currency } from '../markets.ts';

/** The payment calls the browser makes (§7 Orders and payment), shared with the Worker that validates them. */

const orderId = z.string().min(1, 'must not be empty').max(40, 'is too long');
/**
 * The order, and the order-access token a guest got when placing it (a member is known by their
 * session). The email is still accepted but opens nothing.
 */
export const orderOwner = { orderId, orderToken: z.string().max(200).optional(), email: z.string().max(55).optional() };
export const payBody = z.object({
  ...orderOwner,
  paymentType: z.string().min(1).max(40),
  paymentMethodToken: z.string().max(200).optional(),
  /** BNPL: the provider the shopper picked (affirm, afterpay_clearpay, klarna). */
  bnplProvider: z.string().max(40).optional(),
});
/** What happens next with a payment: Succeeded, RequiresAction (open url), Pending, Declined or Failed. */
export const paymentResult = z
  .object({
    paymentId: z.string(),
    kind: z.string(),
    status: z.string(),
    url: z.string().nullable().optional(),
    message: z.string().optional(),
    code: z.string().optional(),
    /** A payment the browser confirms (Stripe.js: the card form, a wallet's 3-D Secure). */
    clientSecret: z.string().optional(),
    /** A payment the provider's own buttons continue (PayPal's order id, for its JS SDK). */
    providerRef: z.string().optional(),
  })
  .passthrough();
export const orderOwnerQuery = z.object(orderOwner);
export const paidResultAnswer = z.object({
  orderId: z.string(),
  result: z.enum(['SUCCEEDED', 'PENDING', 'FAILED']),
  message: z.string(),
  total: z.number(),
  currency: z.string(),
  email: z.string(),
  /** Still awaiting payment with its parts on hold: it can be paid again. */
  payable: z.boolean(),
  holdExpiresAt: z.number().nullable(),
  lines: z.array(
    z.object({
      title: z.string(),
      quantity: z.number().int(),
      total: z.number().int(),
      imageUrl: z.string().nullable(),
      urlHandle: z.string().nullable(),
    }),
  ),
  shipTo: z.object({
    name: z.string(),
    line1: z.string(),
    city: z.string(),
    region: z.string(),
    postalCode: z.string(),
  }),
});

export type PayBody = z.input<typeof payBody>;
export type PaymentResult = z.infer<typeof paymentResult>;
export type OrderOwnerQuery = z.input<typeof orderOwnerQuery>;
/** The result page's answer; its currency is the order's (the schema documents it as text). */
export type PaidResult = Omit<z.infer<typeof paidResultAnswer>, 'currency'> & { currency: Currency };
