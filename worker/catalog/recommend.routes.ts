import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { RECENTLY_VIEWED_LIMIT } from '../../shared/constants.ts';
import { ok } from '../../shared/envelope.ts';
import { ApiError } from '../platform/api-error.ts';
import type { AppEnv } from '../env.ts';
import { requireMember } from '../platform/session.ts';
import { bundlesOfItem } from './browse.ts';
import { allSellingAttributes, sellingHierarchy, type SellingNode } from './selling.ts';
import { systemClock } from '../platform/clock.ts';
import { listMemberViews, mergeVisitorViews, recommend, recordMemberView } from './recently-viewed.ts';
import { endpoint, type Endpoint, readBody, readQuery } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';
import {
  productCard,
  recommendSceneBody,
  recommendSceneQuery,
  viewedBatchBody,
  viewedEntry,
} from '../../shared/api/catalog.ts';

const int = z.number().int();
const ID_MESSAGE = 'must be a positive whole number';
const idValue = z
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .positive(ID_MESSAGE)
  .max(2 ** 31, ID_MESSAGE);
const idQuery = z.coerce
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .positive(ID_MESSAGE)
  .max(2 ** 31, ID_MESSAGE);
const currency = z.enum(['USD', 'CAD']);

const SCENE_DOC =
  'Products to recommend in a scene, as product cards (fitting or universal parts only when attributeValueId names ' +
  "the vehicle): RECENTLY_VIEWED the member's recently viewed (a visitor sends their stored list as itemIds), " +
  'without itemId; PRODUCT_DETAIL (itemId required) parts of the same category, then brand; CART parts bundled with ' +
  'itemId/itemIds, then their category family; HOME best sellers. size 1-50 (12)';
const proScene = endpoint({
  ...API.recommendScene,
  tag: 'search',
  summary: SCENE_DOC,
  query: recommendSceneQuery,
  body: recommendSceneBody,
  response: z.array(productCard),
});
const buyerScene = endpoint({
  method: 'post',
  path: '/search/public/recommend/scene/items',
  tag: 'search',
  summary: SCENE_DOC,
  query: recommendSceneQuery,
  body: recommendSceneBody,
  response: z.array(productCard),
});

const bundleList = endpoint({
  method: 'get',
  path: '/search-pro/public/bundle/list',
  tag: 'search',
  summary:
    "Active bundles holding one of the item's SKUs, with their lines (the item's first) and price in cents: " +
    'originalTotal (discount prices x quantities), bundlePrice (less discountPercent) and saving. Bundles this ' +
    'market cannot sell in full are left out',
  query: z.object({ itemId: idQuery }),
  response: z.array(
    z.object({
      bundleId: int,
      name: z.string(),
      handle: z.string(),
      discountPercent: int,
      currency,
      originalTotal: int,
      bundlePrice: int,
      saving: int,
      items: z.array(
        z.object({
          skuId: int,
          itemId: int,
          title: z.string(),
          partNumber: z.string(),
          quantity: int,
          status: z.string(),
          discountPrice: int,
          originalPrice: int,
          urlHandle: z.string().nullable(),
          imageUrl: z.string().nullable(),
        }),
      ),
    }),
  ),
});

const sellingSku = z.object({
  skuId: int,
  partNumber: z.string(),
  attributes: z.array(z.object({ label: z.string(), value: z.string() })),
  availableTotal: int,
  discountPrice: int.nullable(),
  originalPrice: int.nullable(),
});
const allAttributesAnswer = z.object({
  itemId: int,
  currency,
  skus: z.array(sellingSku),
  attributes: z.array(
    z.object({ label: z.string(), values: z.array(z.object({ value: z.string(), skuIds: z.array(int) })) }),
  ),
});
const ALL_DOC =
  "The product's selling attributes (UPS): every label with its values and the SKUs that have each (SKU customs and " +
  "Color, where a SKU without a value is 'Standard'), then the item's specs, which hold for every SKU; with each " +
  "SKU's attributes, stock and price. 404 when unknown";
const upsAll = endpoint({
  method: 'post',
  path: '/item/public/buyer/ups/all-attributes',
  tag: 'item',
  summary: ALL_DOC,
  body: z.object({ itemId: idValue }),
  response: allAttributesAnswer,
});
const upsAllPro = endpoint({
  method: 'get',
  path: '/search-pro/public/ups/all-attributes',
  tag: 'search',
  summary: ALL_DOC,
  query: z.object({ itemId: idQuery }),
  response: allAttributesAnswer,
});
const sellingNode: z.ZodType<SellingNode> = z.lazy(() =>
  z.object({
    label: z.string(),
    value: z.string(),
    skuIds: z.array(int),
    inStock: z.boolean(),
    children: z.array(sellingNode),
  }),
);
const upsHierarchy = endpoint({
  method: 'post',
  path: '/item/public/buyer/ups/hierarchy-attributes',
  tag: 'item',
  summary:
    'The selling attributes level by level (levels: labels in order): each value lists its SKUs, whether any is in ' +
    "stock, and the next level's values that exist under it, so choosing one narrows the next. 404 when unknown",
  body: z.object({ itemId: idValue }),
  response: z.object({
    itemId: int,
    currency,
    levels: z.array(z.string()),
    tree: z.array(sellingNode),
    skus: z.array(sellingSku),
  }),
});

const SCAN_PATH = '/item/recommend/personal-scan-item';
const scanBatch = endpoint({
  ...API.recentlyViewedMerge,
  tag: 'item',
  auth: true,
  summary:
    `On sign-in, the visitor's recently viewed list (itemIds, newest first) joins the member's as their newest ` +
    `views; duplicates count once, ` +
    `unknown items are skipped, the newest ${RECENTLY_VIEWED_LIMIT} are kept. Answers the merged list`,
  body: viewedBatchBody,
  response: z.array(viewedEntry),
});
const scanOne = endpoint({
  ...API.recentlyViewedAdd,
  tag: 'item',
  auth: true,
  summary:
    `Records that the member viewed a product (it moves to the front; the newest ${RECENTLY_VIEWED_LIMIT} are ` +
    `kept). 404 for an unknown product`,
  response: z.null(),
});
const scanList = endpoint({
  method: 'get',
  path: `${SCAN_PATH}/list`,
  tag: 'item',
  auth: true,
  summary:
    `The member's recently viewed products, newest first (at most ${RECENTLY_VIEWED_LIMIT}), with imageUrl ` +
    `and reviewRating (4.6 where there is none) and the price here`,
  response: z.array(viewedEntry),
});

async function answerScene(c: Context<AppEnv>, spec: typeof proScene) {
  const { scene } = readQuery(c, spec);
  const request = await readBody(c, spec);
  return c.json(ok(await recommend(c.env.DB, c.var.market.id, scene, request, c.var.member?.accountId ?? null)));
}

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const catalogRecommendEndpoints: readonly Endpoint[] = [
  proScene,
  buyerScene,
  bundleList,
  upsAll,
  upsAllPro,
  upsHierarchy,
  scanBatch,
  scanOne,
  scanList,
];

/**
 * Recommendations, bundles, selling attributes (UPS) and a member's recently viewed products (§4, §7 Search and
 * items).
 */
export const catalogRecommendApi = new Hono<AppEnv>()
  .post(proScene.path, (c) => answerScene(c, proScene))
  .post(buyerScene.path, (c) => answerScene(c, buyerScene))
  .get(bundleList.path, async (c) =>
    c.json(ok(await bundlesOfItem(c.env.DB, c.var.market.id, readQuery(c, bundleList).itemId))),
  )
  .post(upsAll.path, async (c) =>
    c.json(ok(await allSellingAttributes(c.env.DB, c.var.market.id, (await readBody(c, upsAll)).itemId))),
  )
  .get(upsAllPro.path, async (c) =>
    c.json(ok(await allSellingAttributes(c.env.DB, c.var.market.id, readQuery(c, upsAllPro).itemId))),
  )
  .post(upsHierarchy.path, async (c) =>
    c.json(ok(await sellingHierarchy(c.env.DB, c.var.market.id, (await readBody(c, upsHierarchy)).itemId))),
  )
  .use(`${SCAN_PATH}/*`, requireMember)
  .get(scanList.path, async (c) =>
    c.json(ok(await listMemberViews(c.env.DB, c.var.member!.accountId, c.var.market.id))),
  )
  // The batch path is mounted before the one with an id, which would otherwise take it.
  .post(scanBatch.path, async (c) => {
    const { itemIds } = await readBody(c, scanBatch);
    return c.json(
      ok(await mergeVisitorViews(c.env.DB, systemClock, c.var.member!.accountId, itemIds, c.var.market.id)),
    );
  })
  .post(scanOne.path, async (c) => {
    const itemId = idQuery.safeParse(c.req.param('id'));
    if (!itemId.success) throw ApiError.badRequest(`id ${ID_MESSAGE}`);
    await recordMemberView(c.env.DB, systemClock, c.var.member!.accountId, itemId.data);
    return c.json(ok(null));
  });
