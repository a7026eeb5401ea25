import { ApiError } from '../platform/api-error.ts';
import { pointsBalance } from '../members/service.ts';
import { spendForRowInto } from '../members/writers.ts';
import { redeemCouponWithPoints, type ClaimRequest, type WalletCoupon } from '../promotions/service.ts';

/**
 * Buying a points coupon (issue 7, issue 21): it joins the member's wallet, and its points are taken
 * only while the balance covers them, in the coupon's own unit of work, so two purchases racing for
 * the last points cannot both pass and a coupon is never held unpaid. A refusal is a 400 with its reason.
 */
export async function buyCouponWithPoints(
  db: D1Database,
  request: ClaimRequest,
): Promise<{ points: number; coupon: WalletCoupon }> {
  const { accountId, promotionId, now } = request;
  const reference = `promotion:${promotionId}`;
  const balance = await pointsBalance(db, accountId);
  const result = await redeemCouponWithPoints(db, { ...request, pointsBalance: balance }, (work, points) =>
    spendForRowInto(work, { accountId, points, reason: 'REDEEM_COUPON', reference, now }),
  );
  if (!result.ok) throw ApiError.badRequest(result.reason);
  return { points: await pointsBalance(db, accountId), coupon: result.coupon };
}
