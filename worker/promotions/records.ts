/**
 * The promotions domain's records: the shapes its repositories read and write, named by the domain
 * (its doors and flows speak of these, never of a repository's row).
 */

/** A promotion row as stored (times in epoch seconds, flags 0/1). */
export interface PromotionRecord {
  id: number;
  name: string;
  code: string | null;
  source: string;
  promotionType: string;
  discountType: string | null;
  discountValue: number;
  thresholdType: string;
  thresholdValue: number;
  appliesTo: string;
  market: string | null;
  startsAt: number | null;
  endsAt: number | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  usedCount: number;
  memberOnly: number;
  integralScore: number | null;
  limitScene: string | null;
  maxDiscountCent: number | null;
  giftSkuId: number | null;
  giftQuantity: number;
  /** FREE_SHIPPING only: the shipping option it takes off; null (or absent) for any. */
  shippingOption?: string | null;
  /** 1: only a shopper's first order gets it (first-order-repository.ts says who may). */
  firstOrderOnly?: number;
}
export interface ScopeRecord {
  promotionId: number;
  targetType: string;
  targetId: number;
}
export interface AddOnRecord {
  promotionId: number;
  skuId: number;
  priceCent: number | null;
  percentOff: number | null;
  maxQuantity: number;
}
/** What a new promotion needs; the id is assigned. */
export type NewPromotionRecord = Omit<PromotionRecord, 'id' | 'usedCount'> & {
  scope: Omit<ScopeRecord, 'promotionId'>[];
  addOns: Omit<AddOnRecord, 'promotionId'>[];
};
/** One use of a promotion by an order, as the order step records it. */
export interface UsageEntry {
  promotionId: number;
  accountId: number | null;
  email: string | null;
  orderId: string;
  nowSec: number;
}
