/**
 * The promotions domain's door: the promotions a cart is priced with (context.ts), the member's
 * coupon wallet (wallet.ts), the first-order offer (first-order.ts), and the usage an order records.
 * SQL lives in repository.ts and first-order-repository.ts.
 */

export {
  cartPromotionContextAlong,
  loadPromotionContext,
  promotionContextAlong,
  type ContextAlong,
  toPromotion,
  type PromotionContext,
  type PromotionContextRequest,
} from './context.ts';
export {
  claimCoupon,
  claimWalletCoupon,
  couponsFor,
  couponsInState,
  levelCoupons,
  redeemCouponWithPoints,
  redeemableCoupons,
  type ClaimRequest,
  type ClaimResult,
  type WalletCoupon,
  type WalletProblem,
  type WalletState,
} from './wallet.ts';
export { freeShippingPromise } from './free-shipping.ts';
export {
  firstDiscountEligible,
  firstDiscountStanding,
  firstOrderOffer,
  isFirstOrder,
  type FirstOrderOffer,
} from './first-order.ts';
