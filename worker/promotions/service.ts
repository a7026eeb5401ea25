/**
 * The promotions domain's door: the promotions a cart is priced with (context.ts), the member's
 * coupon wallet (wallet.ts), the first-order offer (first-order.ts), and the usage an order records.
 * SQL lives in repository.ts and first-order-repository.ts.
 */

export {
  cartPromotionContextQuery,
  loadPromotionContext,
  promotionContextQuery,
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
export { freeShippingPromise, type FreeShippingPromise } from './free-shipping.ts';
export { firstOrderOffer, isFirstOrder, type FirstOrderOffer } from './first-order.ts';

export {
  BASICS_FIELDS,
  editPromotion,
  PROMOTION_EDIT_MSG,
  PROMOTION_NAME_MAX,
  PROMOTION_STATUSES,
  promotionDetail,
  promotionList,
  setPromotionPaused,
  type AdminPromotion,
  type AuditedChange,
  type BasicsField,
  type BasicsForm,
  type PromotionChange,
  type PromotionStatus,
} from './admin.ts';
export {
  CREATE_FIELDS,
  createPromotion,
  PROMOTION_CREATE_MSG,
  type CreateField,
  type CreateForm,
  type CreateResult,
} from './admin-create.ts';
export { PREVIEW_MSG, previewPromotion, type PreviewResult } from './admin-preview.ts';
export {
  BATCH_MAX,
  BATCH_MSG,
  codeBatchCsv,
  codeBatchSummary,
  generateCodeBatch,
  type BatchResult,
} from './admin-batches.ts';
