/**
 * Promotions for the cart and the coupon wallet: loads what the pure engine
 * (shared/promotions/engine.ts) needs, and claims or redeems coupons. Decisions only; SQL lives in
 * db/promotion-repository.ts. Expected refusals are returned as typed results, not thrown.
 */
import { marketById, type MarketId } from '../../shared/markets.ts';
import {
  PROMOTION_MSG,
  type CouponStatus,
  type DiscountSource,
  type DiscountType,
  type LimitScene,
  type PromotionType,
  type RejectionProblem,
  type ThresholdType,
} from '../../shared/promotion-words.ts';
import { describePromotion } from '../../shared/promotions/describe.ts';
import { standingProblem } from '../../shared/promotions/eligibility.ts';
import { normalizeCodes } from '../../shared/promotions/engine.ts';
import type { Promotion, PromotionUsage } from '../../shared/promotions/types.ts';
import {
  contextRowsOf,
  promotionRepository,
  type AddOnRecord,
  type PromotionRecord,
  type ScopeRecord,
  type UsageEntry,
  type UsageRecord,
  type WalletRecord,
} from './repository.ts';

export { isPromotionOverused } from './repository.ts';

const toMs = (seconds: number | null) => (seconds === null ? null : seconds * 1000);
const toSec = (ms: number) => Math.floor(ms / 1000);

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
    ...(couponStatus ? { couponStatus: couponStatus as CouponStatus } : {}),
  };
}

/** Scopes, add-ons and usage of the given rows, and the rows as engine promotions. */
async function complete(
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
}

type PromotionContext = { promotions: Promotion[]; usage: Record<number, PromotionUsage> };

/**
 * The reads behind the `promotions` and `usage` of the engine's input for one cart: the automatic
 * discounts in force, every promotion behind the entered codes (in any market, so a foreign code is
 * named as such), and the chosen coupons in the member's wallet with their state. The statements
 * can ride in another batch (a cart change's write), and `decode` turns their results into the context.
 */
export function promotionContextQuery(db: D1Database, request: PromotionContextRequest): PromotionContextQuery {
  const codes = normalizeCodes(request.enteredCodes);
  const couponIds = request.accountId === null ? [] : [...new Set(request.selectedCouponIds)];
  return {
    statements: [
      promotionRepository(db).contextStatement(request.market, toSec(request.now), codes, request.accountId, couponIds),
    ],
    decode: decodeContext,
  };
}

/** The same reads, taking the codes and coupons from the cart's row in SQL: for a batch that also creates or changes the cart. */
export function cartPromotionContextQuery(
  db: D1Database,
  request: Omit<PromotionContextRequest, 'enteredCodes' | 'selectedCouponIds'> & { cartUuid: string },
): PromotionContextQuery {
  return {
    statements: [
      promotionRepository(db).contextStatement(
        request.market,
        toSec(request.now),
        { cartUuid: request.cartUuid },
        request.accountId,
        [],
      ),
    ],
    decode: decodeContext,
  };
}

interface PromotionContextQuery {
  statements: D1PreparedStatement[];
  decode: (results: readonly D1Result[]) => PromotionContext;
}

function decodeContext(results: readonly D1Result[]): PromotionContext {
  const { autos, coded, coupons, scopes, addOns, usage: usageRows } = contextRowsOf(results[0]!);
  const usage: Record<number, PromotionUsage> = {};
  for (const row of usageRows) usage[row.promotionId] = { total: row.total, byCustomer: row.byCustomer };
  const rows: (PromotionRecord & { couponStatus?: string })[] = [...autos, ...coded, ...coupons];
  return { promotions: rows.map((row) => toPromotion(row, scopes, addOns, row.couponStatus)), usage };
}

/** The promotion context of one cart, in one D1 round trip. */
export async function loadPromotionContext(
  db: D1Database,
  request: PromotionContextRequest,
): Promise<PromotionContext> {
  const query = promotionContextQuery(db, request);
  return query.decode(await db.batch(query.statements));
}

/** What a wallet coupon is to its member now. REDEEMABLE: not held yet, can be bought with points (unRedeem). */
export type WalletState = 'AVAILABLE' | 'USED' | 'EXPIRED' | 'NOT_STARTED' | 'REDEEMABLE';

/** A coupon as the wallet lists it: the §3 coupon fields, its state, and the sentence that explains it. */
export interface WalletCoupon {
  memberCouponId: number | null;
  promotionId: number;
  name: string;
  discountType: DiscountType | null;
  discountValue: number;
  thresholdType: ThresholdType;
  thresholdValue: number;
  integralScore: number | null;
  unRedeem: boolean;
  limitScene: LimitScene | null;
  startsAt: number | null;
  endsAt: number | null;
  claimedAt: number | null;
  state: WalletState;
  reason: string;
}

function walletState(promotion: Promotion, status: string | null, now: number): WalletState {
  if (status === null) return 'REDEEMABLE';
  if (status === 'USED') return 'USED';
  if (status === 'EXPIRED' || (promotion.endsAt !== null && now >= promotion.endsAt)) return 'EXPIRED';
  return promotion.startsAt !== null && now < promotion.startsAt ? 'NOT_STARTED' : 'AVAILABLE';
}

function toWalletCoupon(promotion: Promotion, held: WalletRecord | null, market: MarketId, now: number): WalletCoupon {
  return {
    memberCouponId: held?.memberCouponId ?? null,
    promotionId: promotion.id,
    name: promotion.name,
    discountType: promotion.discountType,
    discountValue: promotion.discountValue,
    thresholdType: promotion.thresholdType,
    thresholdValue: promotion.thresholdValue,
    integralScore: promotion.integralScore,
    unRedeem: held === null,
    limitScene: promotion.limitScene,
    startsAt: promotion.startsAt,
    endsAt: promotion.endsAt,
    claimedAt: toMs(held?.claimedAt ?? null),
    state: walletState(promotion, held?.couponStatus ?? null, now),
    reason: describePromotion(promotion, marketById(market).currency),
  };
}

/** A member's coupon wallet in a market: the coupons held (each with its state), then those they can redeem with points. */
export async function couponsFor(
  db: D1Database,
  accountId: number,
  market: MarketId,
  now: number,
): Promise<WalletCoupon[]> {
  const repository = promotionRepository(db);
  const [held, redeemable] = await Promise.all([
    repository.memberCoupons(accountId),
    repository.redeemable(market, toSec(now)),
  ]);
  const here = held.filter((row) => row.market === null || row.market === market);
  const heldIds = new Set(held.map((row) => row.id));
  const offers = redeemable.filter((row) => !heldIds.has(row.id));
  const { promotions } = await complete(db, [...here, ...offers], accountId);
  return promotions.map((promotion, index) => toWalletCoupon(promotion, here[index] ?? null, market, now));
}

/** Why a coupon cannot be claimed or redeemed. */
export type WalletProblem =
  | RejectionProblem
  | 'NOT_FOUND'
  | 'NOT_CLAIMABLE'
  | 'NOT_REDEEMABLE'
  | 'NOT_ENOUGH_POINTS'
  | 'ALREADY_HELD';

export type ClaimResult =
  | { ok: true; coupon: WalletCoupon; pointsToDeduct: number }
  | { ok: false; problem: WalletProblem; reason: string };

export interface ClaimRequest {
  accountId: number;
  promotionId: number;
  market: MarketId;
  now: number;
}

const refuse = (problem: WalletProblem, reason: string): ClaimResult => ({ ok: false, problem, reason });

/** Puts a coupon in the wallet when it stands (market, time, limits) and is not held yet. */
async function claim(
  db: D1Database,
  request: ClaimRequest,
  promotion: Promotion,
  usage: Record<number, PromotionUsage>,
  pointsToDeduct: number,
): Promise<ClaimResult> {
  const context = {
    market: request.market,
    currency: marketById(request.market).currency,
    now: request.now,
    accountId: request.accountId,
    usage,
  };
  const problem = standingProblem(promotion, context, 'coupon');
  if (problem) return refuse(problem.problem, problem.reason);
  const via = promotion.limitScene === 'REDEEM' ? 'REDEEM' : 'CLAIM';
  const id = await promotionRepository(db).claimCoupon(request.accountId, promotion.id, via, pointsToDeduct);
  if (id === null) return refuse('ALREADY_HELD', PROMOTION_MSG.alreadyHeld);
  const coupon = toWalletCoupon(promotion, null, request.market, request.now);
  return {
    ok: true,
    pointsToDeduct,
    coupon: {
      ...coupon,
      memberCouponId: id,
      unRedeem: false,
      claimedAt: request.now,
      state: walletState(promotion, 'AVAILABLE', request.now),
    },
  };
}

async function loadOne(db: D1Database, promotionId: number, accountId: number) {
  const repository = promotionRepository(db);
  const [rows] = await repository.read<[PromotionRecord[]]>([repository.byIds([promotionId])]);
  const { promotions, usage } = await complete(db, rows, accountId);
  return { promotion: promotions[0] ?? null, usage };
}

/** Claims a free coupon (source COUPON, not a points coupon) into the member's wallet. */
export async function claimCoupon(db: D1Database, request: ClaimRequest): Promise<ClaimResult> {
  const { promotion, usage } = await loadOne(db, request.promotionId, request.accountId);
  if (!promotion) return refuse('NOT_FOUND', PROMOTION_MSG.couponNotFound);
  if (promotion.source !== 'COUPON' || promotion.limitScene === 'REDEEM')
    return refuse('NOT_CLAIMABLE', PROMOTION_MSG.notClaimable);
  return claim(db, request, promotion, usage, 0);
}

/**
 * Redeems a points coupon (limitScene REDEEM): when the member has integralScore points, the
 * coupon goes into the wallet and the answer says how many points to deduct. Points live
 * elsewhere, so the caller deducts them; a second redeem of the same coupon is ALREADY_HELD and
 * deducts nothing.
 */
export async function redeemCouponWithPoints(
  db: D1Database,
  request: ClaimRequest & { pointsBalance: number },
): Promise<ClaimResult> {
  const { promotion, usage } = await loadOne(db, request.promotionId, request.accountId);
  if (!promotion) return refuse('NOT_FOUND', PROMOTION_MSG.couponNotFound);
  if (promotion.limitScene !== 'REDEEM' || promotion.integralScore === null)
    return refuse('NOT_REDEEMABLE', PROMOTION_MSG.notRedeemable);
  if (request.pointsBalance < promotion.integralScore)
    return refuse('NOT_ENOUGH_POINTS', PROMOTION_MSG.notEnoughPoints(promotion.integralScore));
  return claim(db, request, promotion, usage, promotion.integralScore);
}

/**
 * The statements that record one use of a promotion, for the order step's batch: the batch fails
 * when the promotion is used up meanwhile (isPromotionOverused tells).
 */
export function promotionUsageStatements(db: D1Database, entry: UsageEntry): D1PreparedStatement[] {
  return promotionRepository(db).usageStatements(entry);
}

/** The undo of promotionUsageStatements for a cancelled order: counts back, coupons back in the wallet. */
export function promotionReleaseStatements(db: D1Database, orderId: string): D1PreparedStatement[] {
  return promotionRepository(db).releaseStatements(orderId);
}
