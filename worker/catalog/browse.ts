import { DEFAULT_RATING } from '../../shared/constants.ts';
import { isBuyable, statusIn } from '../../shared/item-status.ts';
import { currencyOf, type Currency, type MarketId } from '../../shared/markets.ts';
import { ERROR_CODE } from '../../shared/messages.ts';
import { ApiError } from '../platform/api-error.ts';
import { bundleRepository } from './bundle-repository.ts';
import { browseRepository, type BrandRow, type CollectionRow } from './browse-repository.ts';
import type { CardRecord } from './records.ts';
import type { Clock } from '../platform/clock.ts';
import { shownProductData, soldIn } from './product-data.ts';
import type { SearchRecord } from '../../shared/catalog-types.ts';
import { caches } from '../platform/caches.ts';
import { imageAsset } from '../platform/build-info.ts';

/**
 * Browsing decisions (§7 Search and items): brands, collections, filter panels, live prices, bundles, SEO
 * features.
 */

export const NO_SUCH_CATEGORY = 'No such back category';
export const NO_SUCH_TARGET = 'No such product or collection';
export const NO_SUCH_PRODUCT = 'No such product';

/** A brand as the brand list shows it (§3 Brand); logoUrl is kept as the icon. */
export interface Brand {
  id: number;
  name: string;
  logoUrl: string | null;
  icon: string | null;
  abbreviation: string | null;
  active: boolean;
  brandLogoUrl: string | null;
  shopId: number;
  showOnBrandAggPage: boolean;
  showOnHomePage: boolean;
  sortOnHomePage: number | null;
  landingPageUrl: string | null;
  selfBrand: boolean;
}

/** A collection with its depth; in a tree, its children. */
export interface CollectionNode extends CollectionRow {
  depth: number;
  children: CollectionNode[];
}

/** Adds a value to the list kept under a key. */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const toBrand = (row: BrandRow): Brand => ({
  ...row,
  icon: row.logoUrl,
  active: row.active === 1,
  showOnBrandAggPage: row.showOnBrandAggPage === 1,
  showOnHomePage: row.showOnHomePage === 1,
  selfBrand: row.selfBrand === 1,
});

const brandCache = caches.brands;

/**
 * The brand list fetched at start-up (§7 Other calls), cached per isolate for five minutes: brands change with catalog
 * loads only.
 */
export function brandList(db: D1Database, clock: Clock, shopId: number): Promise<Brand[]> {
  return brandCache.get(`brands:${shopId}`, clock, async () =>
    (await browseRepository(db).brands(shopId)).map(toBrand),
  );
}

/** Collections as a tree: top ones (and any whose parent is missing) with their descendants, in display order. */
export async function collectionTree(db: D1Database, market: MarketId): Promise<CollectionNode[]> {
  const rows = await browseRepository(db).collections(market);
  const ids = new Set(rows.map((row) => row.id));
  const placed = new Set<number>();
  const grow = (row: CollectionRow, depth: number): CollectionNode => {
    placed.add(row.id);
    // A parent loop in the data must not recurse forever: a collection is placed once.
    const children = rows.filter((child) => child.parentId === row.id && !placed.has(child.id));
    return { ...row, depth, children: children.map((child) => grow(child, depth + 1)) };
  };
  return rows.filter((row) => row.parentId === null || !ids.has(row.parentId)).map((row) => grow(row, 0));
}

/** Collections as a flat list in tree order (each after its parent), with parentId and depth. */
export async function collectionList(db: D1Database, market: MarketId): Promise<Omit<CollectionNode, 'children'>[]> {
  const flat: Omit<CollectionNode, 'children'>[] = [];
  const walk = (nodes: CollectionNode[]) =>
    nodes.forEach(({ children, ...node }) => {
      flat.push(node);
      walk(children);
    });
  walk(await collectionTree(db, market));
  return flat;
}

/** The most values a filter label offers. */
const MAX_VALUES = 30;

/**
 * What is worth filtering on in a back category (and its children): brands, the price range, and
 * the custom labels that split its items (two values or more, or one value not every item has).
 */
export async function backCategoryAttributes(db: D1Database, market: MarketId, categoryId: number) {
  const facets = await browseRepository(db).backCategoryFacets(categoryId, market);
  if (!facets.category) throw ApiError.notFound(NO_SUCH_CATEGORY);
  const labels = new Map<string, { value: string; count: number }[]>();
  for (const { label, value, count } of facets.customs) pushTo(labels, label, { value, count });
  const attributes = [...labels]
    .filter(([, values]) => values.length > 1 || values[0]!.count < facets.range.items)
    .map(([label, values]) => ({ label, values: values.slice(0, MAX_VALUES) }));
  return {
    backCategoryId: facets.category.id,
    name: facets.category.name,
    itemCount: facets.range.items,
    brands: facets.brands,
    price: { min: facets.range.min, max: facets.range.max, currency: currencyOf(market) },
    attributes,
  };
}

/**
 * Price, stock and status of items in the market (§7 frequently-updated): what a cached page refreshes. Unknown items
 * are left out.
 */
export async function frequentlyUpdatedInfo(db: D1Database, market: MarketId, itemIds: readonly number[]) {
  const rows = await browseRepository(db).frequentlyUpdated([...new Set(itemIds)], market);
  const currency = currencyOf(market);
  const items = new Map<
    number,
    {
      itemId: number;
      status: string;
      currency: Currency;
      skus: { skuId: number; discountPrice: number | null; originalPrice: number | null; availableTotal: number }[];
    }
  >();
  for (const row of rows) {
    const item =
      items.get(row.itemId) ??
      items.set(row.itemId, { itemId: row.itemId, status: row.status, currency, skus: [] }).get(row.itemId)!;
    if (row.skuId !== null)
      item.skus.push({
        skuId: row.skuId,
        discountPrice: row.discountPrice,
        originalPrice: row.originalPrice,
        availableTotal: row.availableTotal ?? 0,
      });
  }
  return [...items.values()].map((item) => {
    const cheapest = item.skus
      .filter((sku) => sku.discountPrice !== null)
      .sort((a, b) => a.discountPrice! - b.discountPrice!)[0];
    return {
      ...item,
      discountPrice: cheapest?.discountPrice ?? null,
      originalPrice: cheapest?.originalPrice ?? null,
      availableTotal: item.skus.reduce((sum, sku) => sum + sku.availableTotal, 0),
    };
  });
}

/** A card row as the search answers it: flags as booleans, the market's currency. */
export const toCard =
  (market: MarketId) =>
  (row: CardRecord): SearchRecord => ({
    ...row,
    imageUrl: imageAsset(row.imageUrl),
    originalPrice: row.originalPrice ?? row.discountPrice,
    currency: currencyOf(market),
    vehicleUniversal: row.vehicleUniversal === 1,
    nonVehicle: row.nonVehicle === 1,
    fits: row.fits === null ? null : row.fits === 1,
  });

/**
 * The bundles that hold one of an item's SKUs (§7 bundle/list), with their lines and price: the
 * lines' discount prices times quantities, less the bundle's percentage. A bundle with a line the
 * market cannot sell (not on sale, sold out, unpriced) cannot be bought and is left out.
 */
export async function bundlesOfItem(db: D1Database, market: MarketId, itemId: number) {
  const lines = await bundleRepository(db).bundleLinesOfItem(itemId, market);
  const bundles = new Map<number, typeof lines>();
  for (const line of lines) pushTo(bundles, line.bundleId, line);
  const currency = currencyOf(market);
  return [...bundles.values()]
    .filter((bundle) =>
      bundle.every((line) => isBuyable(line.status) && line.discountPrice !== null && line.originalPrice !== null),
    )
    .map((bundle) => {
      const { bundleId, name, handle, discountPercent } = bundle[0]!;
      const total = bundle.reduce((sum, line) => sum + line.discountPrice! * line.quantity, 0);
      const bundlePrice = Math.round((total * (100 - discountPercent)) / 100);
      return {
        bundleId,
        name,
        handle,
        discountPercent,
        currency,
        originalTotal: total,
        bundlePrice,
        saving: total - bundlePrice,
        items: bundle.map(
          ({
            skuId,
            itemId: id,
            title,
            partNumber,
            quantity,
            status,
            discountPrice,
            originalPrice,
            urlHandle,
            imageUrl,
          }) => ({
            skuId,
            itemId: id,
            title,
            partNumber,
            quantity,
            status,
            discountPrice: discountPrice!,
            originalPrice: originalPrice!,
            urlHandle,
            imageUrl: imageAsset(imageUrl),
          }),
        ),
      };
    });
}

/**
 * The SEO features of a product or collection (§3 seo): its primary record, with the target's
 * own title, description and handle where the record leaves them out.
 */
export async function seoFeatures(db: D1Database, type: 'ITEM' | 'COLLECTION', targetId: number) {
  const { seo, target } = await browseRepository(db).seoOf(type, targetId);
  if (!target) throw ApiError.notFound(NO_SUCH_TARGET);
  const urlHandle = seo?.urlHandle ?? target.handle;
  return {
    id: seo?.id ?? null,
    targetId,
    type,
    urlHandle,
    title: seo?.title ?? target.name,
    description: seo?.description ?? target.description,
    isPrimary: seo ? seo.isPrimary === 1 : true,
    active: seo ? seo.active === 1 : true,
    displacements: seo?.displacements ?? null,
    path: urlHandle ? `/${type === 'ITEM' ? 'product' : 'collection'}/${urlHandle}` : null,
  };
}

/** Statuses under which a product is sold in a market (sold out still shows, and says so). */
/** The message of the NotSale answer (§8, code 503007). */
export const NOT_SOLD_HERE = 'This product is not sold in this market';

/**
 * A product by any of its handles (§7 item/v2), from the product page's own loader. A
 * non-primary or inactive handle answers with redirectTo, the primary handle to go to; a product
 * not sold in the market is the NotSale error (503007), with the handle to show.
 */
export async function productBySeoUrl(db: D1Database, market: MarketId, handle: string) {
  const data = await shownProductData(db, market, handle);
  if (!data) throw ApiError.notFound(NO_SUCH_PRODUCT);
  const { item, skus, fitment, faqs, reviews, media } = data;
  const status = statusIn(item, market);
  const primaryHandle = item.primaryHandle ?? item.urlHandle;
  if (!soldIn(item, market))
    throw new ApiError(ERROR_CODE.notSale, 403, NOT_SOLD_HERE, { itemId: item.id, urlHandle: primaryHandle });
  const currency = currencyOf(market);
  const rated = item.reviewCount > 0 && item.reviewRating !== null;
  const product = {
    id: item.id,
    title: item.title,
    subTitle: item.subTitle,
    detailContent: item.detailContent,
    installation: item.installation,
    warranty: item.warranty,
    country: item.country,
    location: media.location,
    inKind: media.inKind,
    additionalVideos: media.additionalVideos,
    additionalVideoCoverUrl: media.additionalVideoCoverUrl,
    quantity: item.quantity,
    alt: item.alt,
    specialNote: item.specialNote,
    vehicleUniversal: item.vehicleUniversal === 1,
    nonVehicle: item.nonVehicle === 1,
    brand: item.brandId === null ? null : { id: item.brandId, name: item.brandName ?? '' },
    itemCondition: item.itemCondition || 'New',
    itemCustoms: item.customs,
    itemImages: item.images,
    status,
    usStatus: item.usStatus,
    caStatus: item.caStatus,
    itemCollectionInfo: { backCategoryId: item.backCategoryId },
    seo: {
      title: item.seoTitle ?? item.title,
      description: item.seoDescription,
      urlHandle: item.urlHandle,
      isPrimary: item.handleIsPrimary === 1,
      active: item.handleActive === 1,
      primaryHandle,
    },
    skus: skus.map((sku) => ({
      skuId: sku.skuId,
      partNumber: sku.partNumber,
      barCode: sku.barCode,
      color: sku.color,
      availableTotal: sku.availableTotal,
      currency,
      discountPrice: sku.discountPrice,
      originalPrice: sku.originalPrice === null ? null : { cent: sku.originalPrice, currency, precision: 2 },
    })),
    reviewInfo: {
      rating: rated ? item.reviewRating! : DEFAULT_RATING,
      reviewCount: item.reviewCount,
      isDefault: !rated,
    },
    fitment,
    faqs,
    reviews: reviews.map((review) => ({ ...review, verifiedPurchase: review.verifiedPurchase === 1 })),
  };
  const redirectTo =
    (item.handleIsPrimary !== 1 || item.handleActive !== 1) && item.primaryHandle ? item.primaryHandle : null;
  return { redirectTo, product };
}
