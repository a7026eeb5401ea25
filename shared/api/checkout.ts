import * as z from 'zod';
import { prop65Schema, shipLimitSchema, shipRefusalSchema } from './regulated.ts';
import type { CartPricing } from '../cart.ts';
import type { OrderView } from '../orders.ts';
import { shipToAddress } from './accounts.ts';

/** The checkout calls (issue 8 §1, §3), shared: the Worker validates with them, the browser takes their types. */

const buyNow = z.object({ cartUUID: z.string().max(64), cartToken: z.string().max(200) }).optional();
/** The shopper's current vehicle (its deepest node id): each line of the answer then says whether it fits. */
const vehicle = z
  .number()
  .int()
  .positive()
  .max(2 ** 31)
  .nullable()
  .optional();
/** Which cart is checked out: the shopper's, or a buy-now checkout named by its id and token. */
const which = { cartUUID: z.string().max(64).nullable().optional(), buyNow, attributeValueId: vehicle };
export const quoteBody = z.object({
  ...which,
  /** A guest's email as typed: a first-order offer depends on it. */
  email: z.string().max(55).optional(),
  address: shipToAddress.optional(),
  shippingName: z.string().max(60).nullable().optional(),
});
export const lockPointsBody = z.object({
  ...which,
  points: z
    .number({ error: 'must be a whole number of points' })
    .int('must be a whole number of points')
    .min(1, 'must be at least 1')
    .max(100_000_000, 'is more points than anyone has'),
});
export const unlockPointsBody = z.object({ ...which });
export const placeOrderBody = z.object({
  ...which,
  idempotencyKey: z.string().min(16, 'must be 16 to 100 characters').max(100, 'must be 16 to 100 characters'),
  email: z.string().max(55).optional(),
  address: shipToAddress,
  shippingName: z.string().max(60).nullable().optional(),
  paymentMethod: z.string().min(1).max(40),
  expectedTotal: z.number().int(),
});

const money = z.number();
export const quoteAnswer = z.object({
  lines: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      quantity: z.number().int(),
      lineTotal: z.number().int(),
      fit: z.enum(['FIT', 'NOT_FIT', 'UNCERTAIN', 'EMPTY']).nullable(),
      fitText: z.string(),
      urlHandle: z.string().nullable(),
      shipRefusal: shipRefusalSchema,
      prop65: prop65Schema,
      shipLimit: shipLimitSchema,
      /** The refundable core charge of one unit (issue 40); null for a part with no core. */
      coreCharge: z.number().int().nullable(),
    }),
  ),
  pricing: z.record(z.string(), z.unknown()),
  /** One line per tax and jurisdiction: Canada's GST/HST, PST, QST; a US state, county, city or district. */
  taxes: z.array(z.object({ name: z.string(), rateLabel: z.string(), amountCent: money })),
  tax: money,
  /** Why no tax is charged where the shopper should know it (a state the shop does not collect in). */
  taxNote: z.string().nullable(),
  /** The address's combined rate on parts, whether parts and shipping are taxed there, whether it is an estimate. */
  taxSummary: z.object({
    combinedRateLabel: z.string().nullable(),
    partsTaxed: z.boolean(),
    shippingTaxed: z.boolean(),
    estimated: z.boolean(),
  }),
  total: money,
  pointsBalance: z.number(),
  pointsLocked: z.number(),
  /** What paying this order would earn at the member's level (0 for a visitor). */
  pointsToEarn: z.number(),
  /** The member level's points per dollar of parts (0 for a visitor) and its name (null for a visitor). */
  pointsEarnRate: z.number(),
  levelName: z.string().nullable(),
  itemCount: z.number(),
});
export const placedAnswer = z.object({
  created: z.boolean(),
  order: z.record(z.string(), z.unknown()),
  /** A guest's order-access token (pay, cancel, track, print the order); null for a member's order. */
  orderToken: z.string().nullable(),
});

export type QuoteBody = z.input<typeof quoteBody>;
export type LockPointsBody = z.input<typeof lockPointsBody>;
export type UnlockPointsBody = z.input<typeof unlockPointsBody>;
export type PlaceOrderBody = z.input<typeof placeOrderBody>;
/** The quote; its pricing is the cart's (the schema documents it as an object). */
export type CheckoutQuote = Omit<z.infer<typeof quoteAnswer>, 'pricing'> & { pricing: CartPricing };
/** The placed order (the schema documents it as an object). */
export type PlacedOrder = Omit<z.infer<typeof placedAnswer>, 'order'> & { order: OrderView };
