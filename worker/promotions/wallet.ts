/**
 * The member's coupon wallet: the coupons held with their state, claiming free coupons and
 * redeeming points coupons. Expected refusals are returned as typed results, not thrown.
 */
import { marketById, type MarketId } from '../../shared/markets.ts';
import {
  PROMOTION_MSG,
  type DiscountType,
  type LimitScene,
  type RejectionProblem,
  type ThresholdType,
} from '../../shared/promotion-words.ts';
import { describePromotion } from '../../shared/promotions/describe.ts';
import { standingProblem } from '../../shared/promotions/eligibility.ts';
import type { Promotion, PromotionUsage } from '../../shared/promotions/types.ts';
import { env as workerEnv } from 'cloudflare:workers';
import { ApiError } from '../platform/api-error.ts';
import * as m from '../../shared/i18n/generated/messages.js';
import { currentLocale } from '../../shared/i18n/current.ts';
import { systemClock } from '../platform/clock.ts';
import { getShopSettings } from '../content/service.ts';
import { levelBenefitsFor, pointsBalance } from '../members/service.ts';
import type { UnitOfWork } from '../platform/unit-of-work.ts';
import { complete, toMs, toSec } from './context.ts';
import { walletRepository } from './wallet-repository.ts';
import { promotionRepository, type WalletRecord } from './repository.ts';
import type { PromotionRecord } from './records.ts';

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

/**
 * A member's coupon wallet in a market: the coupons held (each with its state), then those they
 * can redeem with points.
 */
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
  /** A purchase with points: the writer of the points that pay for the coupon, in the coupon's own batch. */
  payInto?: (work: UnitOfWork) => void,
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
  const repository = walletRepository(db);
  const id = payInto
    ? await repository.buyCoupon(request.accountId, promotion.id, pointsToDeduct, payInto)
    : await repository.claimCoupon(request.accountId, promotion.id, via, pointsToDeduct);
  if (id === null && payInto && !(await repository.holds(request.accountId, promotion.id)))
    return refuse('NOT_ENOUGH_POINTS', PROMOTION_MSG.notEnoughPoints(pointsToDeduct));
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

/** Why a member cannot claim a level coupon (issue 21): the levels whose members may, in the language spoken. */
export const levelCouponRefusal = (levelNames: readonly string[]) =>
  m.pm_level_coupon_for({
    levels:
      currentLocale() === 'fr'
        ? new Intl.ListFormat('fr-CA', { type: 'conjunction' }).format(levelNames)
        : levelNames.join(' and '),
  });

/**
 * A coupon the shop settings give to member levels (their couponIds) is claimed only by a member
 * of one of those levels: the refusal names them; null when the member may claim it.
 */
async function levelCouponProblem(db: D1Database, request: ClaimRequest): Promise<ClaimResult | null> {
  const { levels } = (await getShopSettings(workerEnv.SETTINGS, systemClock)).MEMBER_LEVELS;
  const givenTo = levels.filter((level) => level.benefits.couponIds.includes(request.promotionId));
  if (givenTo.length === 0) return null;
  const level = await levelBenefitsFor(db, request.accountId, request.now);
  if (level && givenTo.some((given) => given.id === level.id)) return null;
  const named = (given: (typeof givenTo)[number]) =>
    currentLocale() === 'fr' ? (given.nameFr ?? given.name) : given.name;
  return refuse('NOT_CLAIMABLE', levelCouponRefusal(givenTo.map(named)));
}

/** Claims a free coupon (source COUPON, not a points coupon) into the member's wallet; a level's, by its members. */
export async function claimCoupon(db: D1Database, request: ClaimRequest): Promise<ClaimResult> {
  const { promotion, usage } = await loadOne(db, request.promotionId, request.accountId);
  if (!promotion) return refuse('NOT_FOUND', PROMOTION_MSG.couponNotFound);
  if (promotion.source !== 'COUPON' || promotion.limitScene === 'REDEEM')
    return refuse('NOT_CLAIMABLE', PROMOTION_MSG.notClaimable);
  const levelProblem = await levelCouponProblem(db, request);
  if (levelProblem) return levelProblem;
  return claim(db, request, promotion, usage, 0);
}

/** The HTTP status of each claim refusal: a level's coupon (or an unclaimable one) is 403, one held already 409. */
const REFUSAL_STATUS: Partial<Record<WalletProblem, number>> = {
  NOT_FOUND: 404,
  NOT_CLAIMABLE: 403,
  ALREADY_HELD: 409,
};

/** Claims a free coupon for the signed-in member: the coupon now in the wallet, or an ApiError with the reason. */
export async function claimWalletCoupon(db: D1Database, request: ClaimRequest): Promise<WalletCoupon> {
  const result = await claimCoupon(db, request);
  if (result.ok) return result.coupon;
  const status = REFUSAL_STATUS[result.problem] ?? 400;
  throw new ApiError(status, status, result.reason);
}

/**
 * The coupons the shop settings give to member levels (issue 21), in this market, as the wallet
 * shows them: held ones with their state, the others (memberCouponId null) while they can be claimed.
 */
export async function levelCoupons(
  db: D1Database,
  accountId: number,
  market: MarketId,
  now: number,
): Promise<WalletCoupon[]> {
  const { levels } = (await getShopSettings(workerEnv.SETTINGS, systemClock)).MEMBER_LEVELS;
  const ids = [...new Set(levels.flatMap((level) => level.benefits.couponIds))];
  if (ids.length === 0) return [];
  const repository = promotionRepository(db);
  const [[rows], wallet] = await Promise.all([
    repository.read<[PromotionRecord[]]>([repository.byIds(ids)]),
    repository.memberCoupons(accountId),
  ]);
  const held = new Map(wallet.map((row) => [row.id, row]));
  const inForce = (row: PromotionRecord) =>
    (row.startsAt === null || row.startsAt <= toSec(now)) && (row.endsAt === null || toSec(now) < row.endsAt);
  const here = rows.filter(
    (row) => (row.market === null || row.market === market) && (held.has(row.id) || inForce(row)),
  );
  const { promotions } = await complete(db, here, accountId);
  return promotions.map((promotion) => toWalletCoupon(promotion, held.get(promotion.id) ?? null, market, now));
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
  /** The writer of its points, in the coupon's own batch (the buy-coupon flow gives it). */
  payInto?: (work: UnitOfWork, points: number) => void,
): Promise<ClaimResult> {
  const { promotion, usage } = await loadOne(db, request.promotionId, request.accountId);
  if (!promotion) return refuse('NOT_FOUND', PROMOTION_MSG.couponNotFound);
  if (promotion.limitScene !== 'REDEEM' || promotion.integralScore === null)
    return refuse('NOT_REDEEMABLE', PROMOTION_MSG.notRedeemable);
  if (request.pointsBalance < promotion.integralScore)
    return refuse('NOT_ENOUGH_POINTS', PROMOTION_MSG.notEnoughPoints(promotion.integralScore));
  const points = promotion.integralScore;
  return claim(db, request, promotion, usage, points, payInto && ((work) => payInto(work, points)));
}

/** The member's coupons in one state (USED, AVAILABLE, ...). */
export async function couponsInState(
  db: D1Database,
  accountId: number,
  market: MarketId,
  now: number,
  state: WalletState,
): Promise<WalletCoupon[]> {
  return (await couponsFor(db, accountId, market, now)).filter((held) => held.state === state);
}

/** The points coupons the member can buy now, with their points balance. */
export async function redeemableCoupons(
  db: D1Database,
  accountId: number,
  market: MarketId,
  now: number,
): Promise<{ points: number; coupons: WalletCoupon[] }> {
  const [wallet, points] = await Promise.all([couponsFor(db, accountId, market, now), pointsBalance(db, accountId)]);
  return { points, coupons: wallet.filter((held) => held.state === 'REDEEMABLE') };
}
