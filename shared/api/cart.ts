import * as z from 'zod';
import {
  emissionsSchema,
  hazmatSchema,
  prop65Schema,
  shipLimitSchema,
  shipRefusalSchema,
  sizeClassSchema,
} from './regulated.ts';
import type { CartAnswer } from '../cart.ts';
import { CART_ACTIONS, CART_ITEM_TYPES, CART_MSG, MAX_CART_LINES, MAX_LINE_QUANTITY } from '../cart.ts';

/**
 * The cart calls' request and response shapes (§3 Cart, §7 Orders and payment), shared: the Worker validates
 * with them, the browser takes their types. The answer's type is CartAnswer (shared/cart.ts), which the schema
 * documents.
 */

const ID = 'must be a positive whole number';
const id = z.number({ error: ID }).int(ID).positive(ID).max(Number.MAX_SAFE_INTEGER, ID);
const count = (min: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(MAX_LINE_QUANTITY, message);
const uuid = z.string().max(64).nullable().optional();

const lineIdentity = {
  skuId: id,
  itemType: z.enum(CART_ITEM_TYPES, { error: `must be one of ${CART_ITEM_TYPES.join(', ')}` }).default('NORMAL'),
  bundleId: id
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  needAddCarModel: z.boolean().optional(),
};

export const addItem = z.object({
  ...lineIdentity,
  itemCount: count(1, CART_MSG.quantity),
  attributeValueId: id.nullable().optional(),
  campaignId: id.nullable().optional(),
});

/** Where the parts would go: shipping is estimated for it (an invalid code is ignored). */
const postCode = z.string().max(16).nullable().optional();

export const addBody = z.object({
  cartUUID: uuid,
  postCode,
  /** The current vehicle: lines are checked against it. */
  attributeValueId: id.nullable().optional(),
  items: z
    .array(addItem)
    .min(1, 'must list at least one part')
    .max(MAX_CART_LINES, `can list at most ${MAX_CART_LINES} parts`),
});

export const updateBody = z.object({
  action: z.enum(CART_ACTIONS, { error: `must be ${CART_ACTIONS.join(' or ')}` }),
  cartUUID: uuid,
  postCode,
  attributeValueId: id.nullable().optional(),
  items: z
    .array(z.object({ ...lineIdentity, itemCount: count(0, CART_MSG.updateQuantity).default(0) }))
    .min(1, 'must list at least one part')
    .max(MAX_CART_LINES, `can list at most ${MAX_CART_LINES} parts`),
});

export const getQuery = z.object({
  cartUUID: z.string().max(64).optional(),
  postCode: z.string().max(16).optional(),
  attributeValueId: z.coerce.number({ error: ID }).int(ID).positive(ID).max(Number.MAX_SAFE_INTEGER, ID).optional(),
});

const lineSchema = z.object({
  key: z.string(),
  itemId: z.number(),
  skuId: z.number(),
  itemCount: z.number(),
  itemType: z.enum(CART_ITEM_TYPES),
  bundleId: z.string().nullable(),
  status: z.string(),
  discountPrice: z.number(),
  originalPrice: z.number(),
  currency: z.enum(['USD', 'CAD']),
  seoId: z.number().nullable(),
  urlHandle: z.string().nullable(),
  imageUrl: z.string().nullable(),
  title: z.string(),
  partNumber: z.string(),
  availableTotal: z.number(),
  campaignId: z.number().nullable(),
  attributeValueId: z.number().nullable(),
  extraSubTitle: z.string(),
  extraSubTitleJoinVehicle: z.string(),
  carModelMatch: z.enum(['FIT', 'NOT_FIT', 'UNCERTAIN', 'EMPTY']).nullable(),
  cartModelAttr: z
    .object({
      notes: z.array(z.string()),
      positions: z.array(z.string()),
      missingLevel: z.enum(['trim', 'engine']).nullable(),
    })
    .nullable(),
  brandId: z.number().nullable(),
  categoryIds: z.array(z.number()),
  lineTotal: z.number(),
  usable: z.boolean(),
  emissions: emissionsSchema,
  shipRefusal: shipRefusalSchema,
  prop65: prop65Schema,
  hazmat: hazmatSchema,
  sizeClass: sizeClassSchema,
  shipLimit: shipLimitSchema,
});

export const cartAnswer = z.object({
  cartUUID: z.string().nullable(),
  /** Only when a new visitor cart was started; browsers also get it as an HttpOnly cookie. */
  cartToken: z.string().optional(),
  detail: z.object({
    items: z.array(lineSchema),
    groups: z.object({
      regular: z.array(z.string()),
      tradeIn: z.array(z.string()),
      bundles: z.array(z.object({ bundleId: z.string(), items: z.array(z.string()) })),
      unusable: z.array(z.string()),
    }),
    itemCount: z.number(),
    vehicleName: z.string().nullable(),
    pricing: z.record(z.string(), z.unknown()),
  }),
  errors: z.array(z.object({ skuId: z.number(), error: z.string() })),
});

/** Buy one part now: a line of its own, with the current vehicle. */
export const buyNowBody = addItem.extend({ attributeValueId: addItem.shape.attributeValueId });

export type CartAddBody = z.input<typeof addBody>;
export type CartUpdateBody = z.input<typeof updateBody>;
export type CartQuery = z.input<typeof getQuery>;
export type BuyNowBody = z.input<typeof buyNowBody>;
/** A buy-now checkout always comes with its own id and token, which checkout reads it with. */
export type BuyNowAnswer = CartAnswer & { cartUUID: string; cartToken: string };
