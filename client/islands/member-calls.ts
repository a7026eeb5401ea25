import type { ApiCall } from '../../shared/api-routes.ts';
import type { MemberCoupon } from './member-parts.tsx';

/**
 * The promotion calls the coupon centre makes (§7 Promotion). They are not in shared/api-routes.ts
 * yet; written here once, with the paths promotion.routes.ts serves.
 */
export const COUPON_CALLS = {
  /** The member's wallet with each coupon's state, then the coupons they can redeem. */
  coupons: { method: 'get', path: '/promotion/public/promotion/calculator/coupons' } as ApiCall<
    undefined,
    MemberCoupon[]
  >,
  /** Chooses wallet coupons (promotion ids) for the member's cart: checkout prices with the best of them. */
  choose: { method: 'post', path: '/promotion/public/promotion/calculator/discount' } as ApiCall<
    { couponIds: number[] },
    unknown
  >,
  /** Buys a points coupon: the answer is the balance after it and the coupon now in the wallet. */
  redeem: { method: 'post', path: '/promotion/public/promotion/redeem' } as ApiCall<
    { promotionId: number },
    { points: number; coupon: MemberCoupon }
  >,
};
