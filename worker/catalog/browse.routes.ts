import { Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import { ApiError } from '../platform/api-error.ts';
import type { AppEnv } from '../env.ts';
import {
  backCategoryAttributes,
  brandList,
  collectionList,
  collectionTree,
  frequentlyUpdatedInfo,
  productBySeoUrl,
  seoFeatures,
  type CollectionNode,
} from './browse.ts';
import { systemClock } from '../platform/clock.ts';
import { endpoint, type Endpoint, readQuery } from '../platform/contract.ts';

const int = z.number().int();
const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31);
/** Comma-joined positive ids ('12,15'), at most `max` of them. */
const idList = (max: number) =>
  z
    .string()
    .max(2000)
    .regex(/^\s*\d{1,10}(\s*,\s*\d{1,10})*\s*,?\s*$/, 'must be comma-joined ids')
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map(Number),
    )
    .refine((ids) => ids.length <= max, `must hold at most ${max} ids`)
    .refine((ids) => ids.every((value) => value >= 1 && value <= 2 ** 31), 'must be positive ids');
const currency = z.enum(['USD', 'CAD']);
const named = z.object({ id: int, name: z.string(), count: int });
const pair = z.object({ label: z.string(), value: z.string() });

const brand = z.object({
  id: int,
  name: z.string(),
  logoUrl: z.string().nullable(),
  icon: z.string().nullable(),
  abbreviation: z.string().nullable(),
  active: z.boolean(),
  brandLogoUrl: z.string().nullable(),
  shopId: int,
  showOnBrandAggPage: z.boolean(),
  showOnHomePage: z.boolean(),
  sortOnHomePage: int.nullable(),
  landingPageUrl: z.string().nullable(),
  selfBrand: z.boolean(),
});
const collectionFields = {
  id: int,
  parentId: int.nullable(),
  name: z.string(),
  handle: z.string(),
  urlHandle: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  sort: int,
  itemCount: int,
  depth: int,
};
const collectionNode: z.ZodType<CollectionNode> = z.lazy(() =>
  z.object({ ...collectionFields, children: z.array(collectionNode) }),
);

const brandAll = endpoint({
  method: 'get',
  path: '/item/public/buyer/brand/all',
  tag: 'item',
  summary:
    'The brand list fetched at start-up (§3 Brand, §7 Other calls), by name; logoUrl is also given as icon. ' +
    'Cached 5 minutes',
  query: z.object({ shopId: z.string().max(32).optional() }),
  response: z.array(brand),
});
const tree = endpoint({
  method: 'get',
  path: '/item/public/buyer/collection/tree',
  tag: 'item',
  summary:
    "Collections as a tree (top ones with their children), with each one's handle and the number of its items sold " +
    'in this market',
  response: z.array(collectionNode),
});
const treeList = endpoint({
  method: 'get',
  path: '/item/public/buyer/collection/tree/list',
  tag: 'item',
  summary: 'Collections as a flat list in tree order (each after its parent), with parentId and depth',
  response: z.array(z.object(collectionFields)),
});
const attributes = endpoint({
  method: 'get',
  path: '/item/public/buyer/collection/back-category/display/attributes',
  tag: 'item',
  summary:
    'What is worth filtering on in a back category (and its children) in this market: brands with counts, the price ' +
    'range, and the custom labels (item specs, SKU customs, colour) whose values split its items; 404 for an unknown ' +
    'or front category',
  query: z.object({ backCategoryId: id }),
  response: z.object({
    backCategoryId: int,
    name: z.string(),
    itemCount: int,
    brands: z.array(named),
    price: z.object({ min: int.nullable(), max: int.nullable(), currency }),
    attributes: z.array(z.object({ label: z.string(), values: z.array(z.object({ value: z.string(), count: int })) })),
  }),
});
const skuLive = z.object({
  skuId: int,
  discountPrice: int.nullable(),
  originalPrice: int.nullable(),
  availableTotal: int,
});
const frequentlyUpdated = endpoint({
  method: 'get',
  path: '/item/public/buyer/item/frequently-updated/info',
  tag: 'item',
  summary:
    'The fields that change often, per item in this market, so a cached page can refresh them: status, the lowest ' +
    'price (cents) and its original, stock in all and per SKU. itemIds: up to 100 comma-joined ids; unknown ones are ' +
    'left out',
  query: z.object({ itemIds: idList(100) }),
  response: z.array(
    z.object({
      itemId: int,
      status: z.string(),
      currency,
      discountPrice: int.nullable(),
      originalPrice: int.nullable(),
      availableTotal: int,
      skus: z.array(skuLive),
    }),
  ),
});
const seo = endpoint({
  method: 'get',
  path: '/item/public/buyer/seo/features/:id',
  tag: 'item',
  summary:
    'The SEO features (§3 seo) of a product (type ITEM, the default) or a collection by its id: the primary record, ' +
    "falling back to the target's own title, description and handle; path is the page to link to. 404 for an unknown " +
    'target',
  query: z.object({ type: z.enum(['ITEM', 'COLLECTION']).default('ITEM') }),
  response: z.object({
    id: int.nullable(),
    targetId: int,
    type: z.enum(['ITEM', 'COLLECTION']),
    urlHandle: z.string().nullable(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    isPrimary: z.boolean(),
    active: z.boolean(),
    displacements: z.string().nullable(),
    path: z.string().nullable(),
  }),
});
const image = z.object({
  index: int,
  isMain: z.boolean(),
  mediaType: z.string(),
  url: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
});
const video = z.object({ index: int, url: z.string(), coverUrl: z.string().nullable(), title: z.string().nullable() });
const itemV2 = endpoint({
  method: 'get',
  path: '/item/public/buyer/item/v2/:seoUrl',
  tag: 'item',
  summary:
    'A product by any of its handles (§3 Product fields as the product page shows them). redirectTo is the primary ' +
    'handle when the one asked is not primary or not active (the page answers 301 there). Not sold in this market: ' +
    'code 503007 (NotSale), data { itemId, urlHandle }. 404 when unknown',
  query: z.object({ shopId: z.string().max(32).optional() }),
  response: z.object({
    redirectTo: z.string().nullable(),
    product: z.object({
      id: int,
      title: z.string(),
      subTitle: z.string().nullable(),
      detailContent: z.string().nullable(),
      installation: z.string().nullable(),
      warranty: z.string().nullable(),
      country: z.string().nullable(),
      quantity: int,
      alt: z.string().nullable(),
      specialNote: z.string().nullable(),
      location: z.string().nullable(),
      inKind: z.string().nullable(),
      additionalVideos: z.array(video),
      additionalVideoCoverUrl: z.string().nullable(),
      vehicleUniversal: z.boolean(),
      nonVehicle: z.boolean(),
      brand: z.object({ id: int, name: z.string() }).nullable(),
      itemCondition: z.string(),
      itemCustoms: z.array(pair),
      itemImages: z.array(image),
      status: z.string(),
      usStatus: z.string(),
      caStatus: z.string(),
      itemCollectionInfo: z.object({ backCategoryId: int }),
      seo: z.object({
        title: z.string(),
        description: z.string().nullable(),
        urlHandle: z.string(),
        isPrimary: z.boolean(),
        active: z.boolean(),
        primaryHandle: z.string(),
      }),
      skus: z.array(
        z.object({
          skuId: int,
          partNumber: z.string(),
          barCode: z.string().nullable(),
          color: z.string().nullable(),
          availableTotal: int,
          currency,
          discountPrice: int.nullable(),
          originalPrice: z.object({ cent: int, currency, precision: z.literal(2) }).nullable(),
        }),
      ),
      reviewInfo: z.object({ rating: z.number(), reviewCount: int, isDefault: z.boolean() }),
      fitment: z.object({ total: int, rows: z.array(z.record(z.string(), z.unknown())) }),
      faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
      reviews: z.array(
        z.object({
          id: int,
          rating: int,
          title: z.string(),
          content: z.string(),
          name: z.string(),
          vehicle: z.string().nullable(),
          verifiedPurchase: z.boolean(),
          createdAt: int,
        }),
      ),
    }),
  }),
});

const HANDLE = /^[a-z0-9-]{1,200}$/;

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const catalogBrowseEndpoints: readonly Endpoint[] = [
  brandAll,
  tree,
  treeList,
  attributes,
  frequentlyUpdated,
  seo,
  itemV2,
];

/**
 * Browsing calls of §7 Search and items: brands, collections, filter panels, live prices, SEO features and the product
 * by handle.
 */
export const catalogBrowseApi = new Hono<AppEnv>()
  .get(brandAll.path, async (c) => {
    readQuery(c, brandAll);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(ok(await brandList(c.env.DB, systemClock, Number(c.env.SHOP_ID) || 1)));
  })
  .get(tree.path, async (c) => c.json(ok(await collectionTree(c.env.DB, c.var.market.id))))
  .get(treeList.path, async (c) => c.json(ok(await collectionList(c.env.DB, c.var.market.id))))
  .get(attributes.path, async (c) =>
    c.json(ok(await backCategoryAttributes(c.env.DB, c.var.market.id, readQuery(c, attributes).backCategoryId))),
  )
  .get(frequentlyUpdated.path, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(ok(await frequentlyUpdatedInfo(c.env.DB, c.var.market.id, readQuery(c, frequentlyUpdated).itemIds)));
  })
  .get(seo.path, async (c) => {
    const target = id.safeParse(c.req.param('id'));
    if (!target.success) throw ApiError.badRequest('id must be a positive whole number');
    return c.json(ok(await seoFeatures(c.env.DB, readQuery(c, seo).type, target.data)));
  })
  .get(itemV2.path, async (c) => {
    readQuery(c, itemV2);
    const handle = c.req.param('seoUrl') ?? '';
    if (!HANDLE.test(handle))
      throw ApiError.badRequest('seoUrl must be a product handle: lowercase letters, digits and dashes');
    return c.json(ok(await productBySeoUrl(c.env.DB, c.var.market.id, handle)));
  });
