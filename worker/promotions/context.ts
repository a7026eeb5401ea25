/**
 * The promotions a cart is priced with: loads what the pure engine (shared/promotions/engine.ts)
 * needs, in one statement that can ride in another batch. SQL lives in repository.ts.
 */
import { type UnitOfWork, unitOfWork } from '../platform/unit-of-work.ts';
import type { MarketId } from '../../shared/markets.ts';
import type {
  CouponStatus,
  DiscountSource,
  DiscountType,
  LimitScene,
  PromotionType,
  ThresholdType,
} from '../../shared/promotion-words.ts';
import { normalizeCodes } from '../../shared/promotions/engine.ts';
import type { Promotion, PromotionUsage } from '../../shared/promotions/types.ts';
import { levelOffers } from './level-offer.ts';
import { contextRowsOf, promotionRepository, type UsageRecord } from './repository.ts';
import type { AddOnRecord, PromotionRecord, ScopeRecord } from './records.ts';

/** Stored seconds as the engine's milliseconds. */
export const toMs = (seconds: number | null) => (seconds === null ? null : seconds * 1000);
/** The engine's milliseconds as stored seconds. */
export const toSec = (ms: number) => Math.floor(ms / 1000);

/** A stored promotion as the engine sees it, with its scope and add-ons. */
export function toPromotion(
  row: PromotionRecord,
  scopes: readonly ScopeRecord[],
  addOns: readonly AddOnRecord[],
  couponStatus?: string,
): Promotion {
  const mine = scopes.filter((scope) => scope.promotionId === row.id);
  const ids = (type: string) => mine.filter((scope) => scope.targetType === type).map((scope) => scope.targetId);
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    source: row.source as DiscountSource,
    promotionType: row.promotionType as PromotionType,
    discountType: row.discountType as DiscountType | null,
    discountValue: row.discountValue,
    thresholdType: row.thresholdType as ThresholdType,
    thresholdValue: row.thresholdValue,
    scope:
      row.appliesTo === 'ALL' ? null : { itemIds: ids('ITEM'), categoryIds: ids('CATEGORY'), brandIds: ids('BRAND') },
    market: row.market as MarketId | null,
    startsAt: toMs(row.startsAt),
    endsAt: toMs(row.endsAt),
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    memberOnly: row.memberOnly === 1,
    integralScore: row.integralScore,
    limitScene: row.limitScene as LimitScene | null,
    maxDiscountCent: row.maxDiscountCent,
    addOns: addOns
      .filter((addOn) => addOn.promotionId === row.id)
      .map(({ skuId, priceCent, percentOff, maxQuantity }) => ({ skuId, priceCent, percentOff, maxQuantity })),
    gift: row.giftSkuId === null ? null : { skuId: row.giftSkuId, quantity: row.giftQuantity },
    shippingOption: row.shippingOption ?? null,
    ...(couponStatus ? { couponStatus: couponStatus as CouponStatus } : {}),
  };
}

/** Scopes, add-ons and usage of the given rows, and the rows as engine promotions. */
export async function complete(
  db: D1Database,
  rows: readonly (PromotionRecord & { couponStatus?: string })[],
  accountId: number | null,
) {
  const repository = promotionRepository(db);
  const ids = [...new Set(rows.map((row) => row.id))];
  if (ids.length === 0) return { promotions: [], usage: {} };
  const [scopes, addOns, usageRows] = await repository.read<[ScopeRecord[], AddOnRecord[], UsageRecord[]]>([
    repository.scopes(ids),
    repository.addOns(ids),
    repository.usageFor(ids, accountId),
  ]);
  const usage: Record<number, PromotionUsage> = {};
  for (const row of usageRows) usage[row.promotionId] = { total: row.total, byCustomer: row.byCustomer };
  return { promotions: rows.map((row) => toPromotion(row, scopes, addOns, row.couponStatus)), usage };
}

export interface PromotionContextRequest {
  market: MarketId;
  now: number;
  accountId: number | null;
  enteredCodes: readonly string[];
  selectedCouponIds: readonly number[];
  /**
   * A guest's email, once known (placing the order): a first-order promotion is checked against its
   * earlier orders. Unknown, a guest's first-order promotion shows as applicable.
   */
  email?: string | null;
}

export type PromotionContext = {
  promotions: Promotion[];
  usage: Record<number, PromotionUsage>;
  /** The ids of the first-order promotions among them (for this shopper's first order only). */
  firstOrderIds?: number[];
};

/**
 * The reads behind the `promotions` and `usage` of the engine's input for one cart: the automatic
 * discounts in force, every promotion behind the entered codes (in any market, so a foreign code is
 * named as such), and the chosen coupons in the member's wallet with their state. They ride along in
 * the caller's unit of work (a cart change's write); the answer decodes them once it has run.
 */
export function promotionContextAlong(work: UnitOfWork, request: PromotionContextRequest): ContextAlong {
  const codes = normalizeCodes(request.enteredCodes);
  const couponIds = request.accountId === null ? [] : [...new Set(request.selectedCouponIds)];
  const statement = promotionRepository(work.db).contextStatement(
    request.market,
    toSec(request.now),
    codes,
    request.accountId,
    couponIds,
    request.email ?? null,
  );
  return decodedAlong(work, statement, request);
}

/**
 * The same reads, taking the codes and coupons from the cart's row in SQL: for a unit of work that also
 * creates or changes the cart.
 */
export function cartPromotionContextAlong(
  work: UnitOfWork,
  request: Omit<PromotionContextRequest, 'enteredCodes' | 'selectedCouponIds'> & { cartUuid: string },
): ContextAlong {
  const statement = promotionRepository(work.db).contextStatement(
    request.market,
    toSec(request.now),
    { cartUuid: request.cartUuid },
    request.accountId,
    [],
    request.email ?? null,
  );
  return decodedAlong(work, statement, request);
}

/** The promotion context a unit of work read along, decoded once it has run. */
export type ContextAlong = () => Promise<PromotionContext>;

/**
 * The context statement read along in the unit of work, with the member level's offers
 * (level-offer.ts), whose read starts at once so it runs alongside the batch.
 */
function decodedAlong(
  work: UnitOfWork,
  statement: Parameters<UnitOfWork['along']>[0],
  request: Pick<PromotionContextRequest, 'market' | 'now' | 'accountId'>,
): ContextAlong {
  const offers = levelOffers(work.db, request);
  offers.catch(() => undefined); // awaited once decoded; a context never decoded must not leave it unhandled
  const read = work.along(statement, (result) => decodeContext([result], request.accountId));
  return async () => {
    const context = read();
    return { ...context, promotions: [...context.promotions, ...(await offers)] };
  };
}

function decodeContext(results: readonly D1Result[], accountId: number | null): PromotionContext {
  const { autos, coded, coupons, scopes, addOns, usage: usageRows, firstOrder } = contextRowsOf(results[0]!);
  const usage: Record<number, PromotionUsage> = {};
  for (const row of usageRows) usage[row.promotionId] = { total: row.total, byCustomer: row.byCustomer };
  const rows: (PromotionRecord & { couponStatus?: string })[] = [...autos, ...coded, ...coupons];
  const promotions = rows.flatMap((row) => {
    const promotion = toPromotion(row, scopes, addOns, row.couponStatus);
    return firstOrder || row.firstOrderOnly !== 1 ? [promotion] : pastFirstOrder(promotion, accountId);
  });
  const firstOrderIds = rows.filter((row) => row.firstOrderOnly === 1).map((row) => row.id);
  return { promotions, usage, firstOrderIds };
}

/**
 * A first-order promotion for a shopper past their first order: an automatic one is simply not in
 * play; a code or coupon the shopper asked for stays, used up for them, so the cart says why
 * ("You have already used this code."). A guest's (whose email is known once the order is placed)
 * is left out, so the order is priced without it.
 */
function pastFirstOrder(promotion: Promotion, accountId: number | null): Promotion[] {
  if (promotion.source === 'AUTO_DISCOUNT') return [];
  return accountId === null ? [] : [{ ...promotion, perCustomerLimit: 0 }];
}

/** The promotion context of one cart, in one D1 round trip. */
export async function loadPromotionContext(
  db: D1Database,
  request: PromotionContextRequest,
): Promise<PromotionContext> {
  const work = unitOfWork(db);
  const context = promotionContextAlong(work, request);
  await work.run();
  return context();
}
