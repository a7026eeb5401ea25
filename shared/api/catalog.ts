import * as z from 'zod';
import { RECOMMEND_SCENES } from '../catalog-types.ts';

/** The catalog calls the browser makes (§7 Search and items), shared with the Worker that validates them. */

const int = z.number().int();
const ID_MESSAGE = 'must be a positive whole number';
const idValue = z
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .positive(ID_MESSAGE)
  .max(2 ** 31, ID_MESSAGE);
const currency = z.enum(['USD', 'CAD']);

/** A product as a card shows it: price here, rating, and whether it fits the chosen vehicle. */
export const productCard = z.object({
  itemId: int,
  title: z.string(),
  urlHandle: z.string().nullable(),
  imageUrl: z.string().nullable(),
  brandName: z.string().nullable(),
  partNumber: z.string().nullable(),
  discountPrice: int.nullable(),
  originalPrice: int.nullable(),
  currency,
  status: z.string(),
  reviewRating: z.number().nullable(),
  reviewCount: int,
  vehicleUniversal: z.boolean(),
  nonVehicle: z.boolean(),
  fits: z.boolean().nullable(),
});
export const recommendSceneQuery = z.object({
  scene: z.enum(RECOMMEND_SCENES, { error: `must be one of ${RECOMMEND_SCENES.join(', ')}` }),
});
export const recommendSceneBody = z.object({
  itemId: idValue.optional(),
  itemIds: z.array(idValue).max(100, 'must hold at most 100 ids').optional(),
  attributeValueId: idValue.optional(),
  size: z.number().int().min(1).max(50).default(12),
});

/** One of a member's recently viewed products. */
export const viewedEntry = z.object({
  itemId: int,
  title: z.string(),
  urlHandle: z.string().nullable(),
  imageUrl: z.string().nullable(),
  reviewRating: z.number(),
  reviewCount: int,
  discountPrice: int.nullable(),
  currency,
  status: z.string(),
  viewedAt: int,
});
/** A visitor's recently viewed list, newest first, sent on sign-in. */
export const viewedBatchBody = z.object({ itemIds: z.array(idValue).max(50, 'must hold at most 50 ids') });

export type ProductCard = z.infer<typeof productCard>;
export type RecommendSceneBody = z.input<typeof recommendSceneBody>;
export type RecommendSceneQuery = z.input<typeof recommendSceneQuery>;
export type ViewedEntry = z.infer<typeof viewedEntry>;
export type ViewedBatchBody = z.input<typeof viewedBatchBody>;
