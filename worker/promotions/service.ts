/**
 * The promotions domain's door: the promotions a cart is priced with (context.ts), the member's
 * coupon wallet (wallet.ts), the first-order offer (first-order.ts), and the usage an order records.
 * SQL lives in repository.ts and first-order-repository.ts.
 */
import { promotionRepository, type UsageEntry } from './repository.ts';

export {
  cartPromotionContextQuery,
  loadPromotionContext,
  promotionContextQuery,
  toPromotion,
  type PromotionContext,
  type PromotionContextRequest,
} from './context.ts';
export {
  buyCouponWithPoints,
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
export { isPromotionOverused } from './repository.ts';
export { freeShippingPromise, type FreeShippingPromise } from './free-shipping.ts';
export { firstOrderOffer, isFirstOrder, type FirstOrderOffer } from './first-order.ts';

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
