import { DEFAULT_RATING, RECENTLY_VIEWED_LIMIT } from '../../shared/constants.ts';
import { currencyOf, type Currency, type MarketId } from '../../shared/markets.ts';
import { ApiError } from '../platform/api-error.ts';
import { browseRepository } from './browse-repository.ts';
import type { CardRecord } from './records.ts';
import { recentlyViewedRepository, type ViewedRow } from './recently-viewed-repository.ts';
import { NO_SUCH_PRODUCT, toCard } from './browse.ts';
import type { Clock } from '../platform/clock.ts';
import { vehiclePath } from '../vehicles/service.ts';
import type { RecommendScene, SearchRecord } from '../../shared/catalog-types.ts';
import { imageAsset } from '../platform/build-info.ts';

/**
 * What the shopper looked at and what to show next: a member's recently viewed products (§4:
 * kept on the server, newest first, no duplicates, at most 10, §9) and the recommendation scenes.
 */

/** One entry of the list (§3: imageUrl and reviewRating added; the rating is 4.6 where there is none, §9). */
export interface ViewedEntry {
  itemId: number;
  title: string;
  urlHandle: string | null;
  imageUrl: string | null;
  reviewRating: number;
  reviewCount: number;
  discountPrice: number | null;
  currency: Currency;
  status: string;
  viewedAt: number;
}

const toEntry =
  (currency: Currency) =>
  (row: ViewedRow): ViewedEntry => ({
    ...row,
    imageUrl: imageAsset(row.imageUrl),
    reviewRating: row.reviewCount > 0 && row.reviewRating !== null ? row.reviewRating : DEFAULT_RATING,
    currency,
  });

/** Records that a member viewed a product; an unknown or withdrawn product is a 404. */
export async function recordMemberView(db: D1Database, clock: Clock, accountId: number, itemId: number): Promise<void> {
  const recorded = await recentlyViewedRepository(db).record(accountId, [itemId], clock.now(), RECENTLY_VIEWED_LIMIT);
  if (recorded === 0) throw ApiError.notFound(NO_SUCH_PRODUCT);
}

/**
 * On sign-in (§4): the visitor's list, newest first, joins the member's as their newest views.
 * Duplicates count once (the newest place wins); unknown items are skipped, since a stored list
 * can outlive a product. Answers the merged list.
 */
export async function mergeVisitorViews(
  db: D1Database,
  clock: Clock,
  accountId: number,
  itemIds: readonly number[],
  market: MarketId,
): Promise<ViewedEntry[]> {
  const newest = [...new Set(itemIds)].slice(0, RECENTLY_VIEWED_LIMIT);
  if (newest.length > 0)
    await recentlyViewedRepository(db).record(accountId, newest, clock.now(), RECENTLY_VIEWED_LIMIT);
  return listMemberViews(db, accountId, market);
}

/** The member's recently viewed products, newest first, priced in the market. */
export async function listMemberViews(db: D1Database, accountId: number, market: MarketId): Promise<ViewedEntry[]> {
  const rows = await recentlyViewedRepository(db).list(accountId, market, RECENTLY_VIEWED_LIMIT);
  return rows.map(toEntry(currencyOf(market)));
}

/** What a scene is asked about: the product shown or in the cart, the visitor's own list, the vehicle. */
export interface SceneRequest {
  itemId?: number;
  /** CART: the cart's items; RECENTLY_VIEWED for a visitor: their stored list, newest first. */
  itemIds?: number[];
  /** The chosen vehicle's deepest node: only parts that fit it (or universal ones) are recommended. */
  attributeValueId?: number;
  size: number;
}

export const ITEM_REQUIRED = 'itemId is required for the PRODUCT_DETAIL scene';

/**
 * The products a scene recommends, as product cards: RECENTLY_VIEWED the member's list (a
 * visitor's from itemIds) without the product shown; PRODUCT_DETAIL parts of the same category,
 * then brand; CART parts sold with the cart's in bundles, then their category family; HOME the
 * best sellers. A vehicle that no longer resolves is ignored rather than refused.
 */
export async function recommend(
  db: D1Database,
  market: MarketId,
  scene: RecommendScene,
  request: SceneRequest,
  accountId: number | null,
): Promise<SearchRecord[]> {
  const repo = browseRepository(db);
  const vehicle = request.attributeValueId
    ? ((await vehiclePath(db, request.attributeValueId))?.nodeIds ?? null)
    : null;
  const given = [
    ...new Set([request.itemId, ...(request.itemIds ?? [])].filter((id): id is number => id !== undefined)),
  ];
  let rows: CardRecord[];
  if (scene === 'RECENTLY_VIEWED') {
    const viewed =
      accountId !== null
        ? (await listMemberViews(db, accountId, market)).map((entry) => entry.itemId)
        : [...new Set(request.itemIds ?? [])];
    rows = await repo.cardsByIds(viewed.filter((id) => id !== request.itemId).slice(0, request.size), market);
  } else if (scene === 'PRODUCT_DETAIL') {
    if (request.itemId === undefined) throw ApiError.badRequest(ITEM_REQUIRED);
    rows = await repo.relatedTo(request.itemId, market, vehicle, request.size);
  } else if (scene === 'CART' && given.length > 0) {
    rows = await repo.complementsOf(given, market, vehicle, request.size);
  } else {
    rows = await repo.bestSellers(market, vehicle, request.size);
  }
  return rows.map(toCard(market));
}
